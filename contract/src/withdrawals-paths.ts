/** Withdrawals (issue 12): the musician's card and withdrawal calls (spec §7) and the finance console's. */
export const WITHDRAWAL_PATHS = {
  banktype: '/api/bill/banktype',
  bankinfo: '/api/bill/bankinfo',
  bankmation: '/api/bill/bankmation',
  bankSave: '/api/bill/bank_save',
  preview: '/api/bill/withdraw_preview',
  sure: '/api/bill/sure',
  withdrawals: '/api/bill/withdrawals',
  withdrawal: '/api/bill/withdrawal',
  receiptPdf: '/api/bill/withdrawal_receipt',
} as const;

export const WITHDRAWAL_ADMIN_PATHS = {
  queue: '/api/admin/withdrawals/queue',
  detail: '/api/admin/withdrawals/detail',
  approve: '/api/admin/withdrawals/approve',
  refuse: '/api/admin/withdrawals/refuse',
  payout: '/api/admin/withdrawals/payout',
  batches: '/api/admin/withdrawals/batches',
  batchFile: '/api/admin/withdrawals/batch_file',
  batchResult: '/api/admin/withdrawals/batch_result',
  freeze: '/api/admin/withdrawals/freeze',
  taxReport: '/api/admin/withdrawals/tax_report',
  banks: '/api/admin/withdrawals/banks',
  bankSave: '/api/admin/withdrawals/bank_save',
  binSave: '/api/admin/withdrawals/bin_save',
} as const;

/** The payout provider's result callback (signed; no session). */
export const PAYOUT_CALLBACK_PATH = '/api/payout/callback';
