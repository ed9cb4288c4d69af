/** Withdrawals (issue 12): request schemas and answer types shared by the server and the web. Money is fen text. */
import { z } from 'zod';

const smsCode = z.string().regex(/^\d{6}$/, '6 digits');
/** Digits only after spaces are removed; 12–19 digits (China UnionPay cards; no Luhn check: some real ones fail). */
export const cardNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, '12–19 digits'));

export const bankmationQuery = z.object({ card_no: cardNumber });

export const bankSaveBody = z.object({
  card_no: cardNumber,
  holder_name: z.string().trim().min(1).max(100),
  /** The holder's ID number (or the company's credit code), for the provider's card check; not stored. */
  id_no: z.string().trim().min(6).max(30),
  /** The mobile number the bank holds for the card (four-factor check). */
  reserved_mobile: z
    .string()
    .regex(/^1[3-9]\d{9}$/)
    .optional(),
  code: smsCode,
});
export type BankSaveBody = z.infer<typeof bankSaveBody>;

/** Yuan with at most 2 decimals, as text (never a float). */
export const yuanAmount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'yuan, at most 2 decimals');

export const previewQuery = z.object({ amount: yuanAmount });
export const sureBody = z.object({ amount: yuanAmount, code: smsCode });
export type SureBody = z.infer<typeof sureBody>;

export const withdrawalIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'sent', 'paid', 'refused', 'failed'] as const;
export type WithdrawalStatusName = (typeof WITHDRAWAL_STATUSES)[number];

export const queueQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  mobile: z.string().max(20).optional(),
  min_fen: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const approveBody = z.object({ id: z.number().int().positive() });
export const refuseBody = z.object({ id: z.number().int().positive(), reason: z.string().trim().min(1).max(500) });
export const payoutBody = z.object({ provider: z.enum(['devlog', 'bankfile']).default('devlog') });
export const freezeBody = z.object({
  user_id: z.number().int().positive(),
  frozen: z.boolean(),
  reason: z.string().trim().max(500).default(''),
});
export const taxReportQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
export const batchIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const bankTypeSaveBody = z.object({
  code: z.string().regex(/^[A-Z0-9]{2,12}$/),
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().min(1).max(100),
  logo: z.string().max(500).default(''),
  debit_only: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export const binSaveBody = z.object({
  bin: z.string().regex(/^\d{6,10}$/),
  bank_code: z.string().regex(/^[A-Z0-9]{2,12}$/),
  card_type: z.enum(['debit', 'credit']),
  card_length: z.number().int().min(12).max(19).nullable().default(null),
});

export interface BankType {
  code: string;
  name: string;
  name_en: string;
  logo: string;
  debit_only: boolean;
}

export interface CardInfo {
  bank_code: string;
  bank_name: string;
  bank_name_en: string;
  card_type: 'debit' | 'credit';
  /** Whether payouts can reach this card (an enabled bank, and a debit card where the bank takes debit only). */
  is_support: boolean;
}

export interface SavedCard {
  bank_code: string;
  bank_name: string;
  bank_name_en: string;
  card_no: string;
  holder_name: string;
  created_at: string;
  /** Withdrawals wait until then after a card change (null when none is pending). */
  withdraw_after: string | null;
}

export interface BankInfo {
  card: SavedCard | null;
  party: { kind: 'person' | 'minor' | 'enterprise'; verified: boolean; payee_name: string } | null;
  available_fen: string;
  min_fen: string;
  monthly_cap_fen: string;
  month_withdrawn_fen: string;
  fee_fen: string;
  frozen: boolean;
  /** How long withdrawals wait after a card change. */
  card_change_hold_hours: number;
}

export interface WithdrawPreview {
  gross_fen: string;
  tax_fen: string;
  fee_fen: string;
  net_fen: string;
  withheld: boolean;
  month_prior_fen: string;
}

export interface WithdrawalEvent {
  status: string;
  note: string;
  at: string;
}

export interface WithdrawalView {
  id: number;
  status: WithdrawalStatusName;
  reason: string;
  gross_fen: string;
  tax_fen: string;
  fee_fen: string;
  net_fen: string;
  bank_code: string;
  bank_name: string;
  card_no: string;
  payee_name: string;
  party_kind: string;
  created_at: string;
  finished_at: string | null;
  /** An enterprise's invoice: whether one is needed and whether it was uploaded. */
  invoice_required: boolean;
  invoice_uploaded: boolean;
  timeline: WithdrawalEvent[];
}
