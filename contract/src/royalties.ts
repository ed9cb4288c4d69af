/** Income (issue 11): request schemas shared by the server and the web. Money is fen as a string (bigint-safe). */
import { z } from 'zod';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

export const IMPORT_FORMATS = ['dsr', 'csv'] as const;

/** The fields sent before the file in an import upload (multipart). */
export const importUploadFields = z.object({
  platform_code: z.string().min(1).max(40),
  format: z.enum(IMPORT_FORMATS),
  mapping_code: z.string().max(40).optional(),
  accounting_month: month,
  /** CNY per unit of the report's currency, for lines that carry no rate of their own. */
  fx_rate: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,10})?$/)
    .optional(),
});
export type ImportUploadFields = z.infer<typeof importUploadFields>;

export const importIdQuery = z.object({ id: z.coerce.number().int().positive() });

export const mappingSaveBody = z.object({
  code: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  name: z.string().min(1).max(100),
  mapping: z.object({
    delimiter: z.enum([',', '\t', ';']),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    columns: z.object({
      sale_month: z.string().max(100),
      territory: z.string().max(100).optional(),
      isrc: z.string().max(100).optional(),
      upc: z.string().max(100).optional(),
      title: z.string().max(100).optional(),
      quantity: z.string().max(100),
      amount: z.string().max(100),
      currency: z.string().max(100).optional(),
      fx_rate: z.string().max(100).optional(),
    }),
  }),
});
export type MappingSaveBody = z.infer<typeof mappingSaveBody>;

export const billListQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const billDetailQuery = z.object({
  month,
  platform_code: z.string().max(40).optional(),
  territory: z.string().max(8).optional(),
  by: z.enum(['store', 'territory', 'track', 'sale_month']).default('store'),
});
export type BillDetailQuery = z.infer<typeof billDetailQuery>;

export const unmatchedQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const unmatchedMatchBody = z.object({
  /** The unmatched key (UnmatchedKey.id). */
  id: z.number().int().positive(),
  /** A track (by id or ISRC) the key's lines belong to. */
  track_id: z.number().int().positive().optional(),
  isrc: z
    .string()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$/)
    .optional(),
});
export const unmatchedDismissBody = z.object({ id: z.number().int().positive() });
export const reconciliationQuery = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });
export const remittanceSaveBody = z.object({
  platform_code: z.string().min(1).max(40),
  month,
  /** fen, as a string (bigint-safe); negative when a store took money back. */
  amount_fen: z.string().regex(/^-?\d{1,15}$/),
  note: z.string().max(200).default(''),
});
