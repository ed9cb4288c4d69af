/**
 * Income (issue 11): what the bill and console calls answer, shared by the server and the web so the two cannot
 * drift. Money is fen as a decimal string (bigint-safe); months are YYYY-MM.
 */

// ---- the musician's bills (/api/bill/*) ----

export type BillGrouping = 'store' | 'territory' | 'track' | 'sale_month';

export interface GrandTotal {
  has_account: boolean;
  available_fen: string | null;
  held_fen: string | null;
  withdrawing_fen: string | null;
  withdrawn_fen: string | null;
  income_fen: string | null;
}

export interface BillMonth {
  month: string;
  share_fen: string;
  net_fen: string;
  quantity: string;
  stores: number;
}

export interface BillRow {
  key: string;
  platform_code: string | null;
  store_name: string | null;
  territory: string | null;
  work_title: string | null;
  track_title: string | null;
  sale_month: string | null;
  quantity: string;
  net_fen: string;
  share_fen: string;
  rate_min: number;
  rate_max: number;
}

export interface BillDetail {
  month: string;
  by: BillGrouping;
  rows: BillRow[];
  totals: { quantity: string; net_fen: string; share_fen: string };
  stores: Array<{ code: string; name: string }>;
  territories: string[];
}

// ---- the console (/api/admin/royalties/*) ----

export interface ImportItem {
  id: number;
  platform_code: string;
  format: 'dsr' | 'csv';
  file_name: string;
  state: 'queued' | 'running' | 'posted' | 'failed' | 'replaced' | 'part';
  rows_done: number;
  lines: number;
  unmatched_lines: number;
  total_fen: string | null;
  share_fen: string | null;
  suspense_fen: string | null;
  error: string;
  accounting_month: string;
  /** A multi-file DSR report: this file's number and the report's count; a waiting or merged file's importer. */
  file_number: number;
  number_of_files: number;
  part_of: number | null;
}

/**
 * One key of a posted report that matched no track or release: every line of that import with this ISRC and UPC
 * (normalised), with their totals. Finance matches or dismisses the key as a whole.
 */
export interface UnmatchedKey {
  id: number;
  import_id: number;
  platform_code: string;
  isrc: string;
  upc: string;
  title: string;
  lines: number;
  quantity: string;
  net_fen: string;
  /** YYYY-MM of the earliest and latest sale month among the lines. */
  first_month: string;
  last_month: string;
}

export interface ReconRow {
  platform_code: string;
  month: string;
  imported_fen: string | null;
  remitted_fen: string | null;
  difference_fen: string | null;
  missing: boolean;
}

export interface LedgerReport {
  ok: boolean;
  entries_total: string;
  transactions: number;
  entries: number;
  accounts: number;
  deficits: Array<{ user_id: number; balance: string }>;
  platform: Array<{ key: string; balance: string }>;
}
