/** Income (issue 11): the musician's bill calls (spec §7's /api/bill/* style) and the finance console's. */
export const ROYALTIES_PATHS = {
  grandtotal: '/api/bill/grandtotal',
  list: '/api/bill/list',
  detail: '/api/bill/detail',
  export: '/api/bill/export',
} as const;

export const ROYALTIES_ADMIN_PATHS = {
  ledgerCheck: '/api/admin/royalties/ledger_check',
  imports: '/api/admin/royalties/imports',
  importInfo: '/api/admin/royalties/import_info',
  upload: '/api/admin/royalties/upload',
  mappings: '/api/admin/royalties/mappings',
  mappingSave: '/api/admin/royalties/mapping_save',
  unmatched: '/api/admin/royalties/unmatched',
  unmatchedMatch: '/api/admin/royalties/unmatched_match',
  unmatchedDismiss: '/api/admin/royalties/unmatched_dismiss',
  reconciliation: '/api/admin/royalties/reconciliation',
  remittanceSave: '/api/admin/royalties/remittance_save',
} as const;
