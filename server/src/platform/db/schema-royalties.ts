/** The royalties module's tables (migration 0011): the ledger. Money columns are bigint fen, read as text. */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint fen: written as a string or bigint, read as text (cast in the query) so no float ever holds money. */
type Fen = ColumnType<string, string | bigint, string | bigint>;

export type LedgerAccountKind =
  | 'available'
  | 'held'
  | 'withdrawing'
  | 'receivable'
  | 'share'
  | 'suspense'
  | 'bank'
  | 'tax_payable';
export type LedgerTransactionKind =
  | 'import'
  | 'import_reversal'
  | 'rematch'
  | 'adjustment'
  | 'reversal'
  | 'hold'
  | 'release'
  | 'withdrawal'
  | 'payout'
  | 'withdrawal_failed'
  | 'remittance';

export interface LedgerAccountsTable {
  id: Id;
  key: string;
  kind: LedgerAccountKind;
  user_id: number | null;
  platform_code: string | null;
  normal: 'debit' | 'credit';
  currency: Generated<'CNY'>;
  balance: ColumnType<string, string | bigint | undefined, string | bigint>;
  floor_checked: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LedgerTransactionsTable {
  id: Id;
  idempotency_key: string;
  request_hash: string;
  kind: LedgerTransactionKind;
  memo: Generated<string>;
  reverses_id: number | null;
  import_id: number | null;
  created_by_staff: number | null;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Id;
  transaction_id: number;
  account_id: number;
  amount: Fen;
  floor_checked: Generated<boolean>;
  created_at: CreatedAt;
}

export interface RoyaltiesTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
}
