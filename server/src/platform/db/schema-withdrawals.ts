/** The withdrawals module's tables (migration 0012). Money columns are bigint fen, read as text. */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Fen = ColumnType<string, string | bigint, string | bigint>;

export type WithdrawalStatus = 'requested' | 'approved' | 'sent' | 'paid' | 'refused' | 'failed';
export type PartyKind = 'person' | 'minor' | 'enterprise';

export interface BankTypesTable {
  code: string;
  name: string;
  name_en: string;
  logo: Generated<string>;
  debit_only: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CardBinsTable {
  bin: string;
  bank_code: string;
  card_type: 'debit' | 'credit';
  card_length: number | null;
  created_at: CreatedAt;
}

export interface BankCardsTable {
  id: Id;
  user_id: number;
  bank_code: string;
  card_cipher: string;
  last4: string;
  holder_name: string;
  holder_kind: PartyKind;
  reserved_mobile: string | null;
  checked_by: Generated<string>;
  is_change: Generated<boolean>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  replaced_at: Date | null;
}

export interface WithdrawalFreezesTable {
  user_id: number;
  reason: string;
  staff_id: number | null;
  created_at: CreatedAt;
}

export interface PayoutBatchesTable {
  id: Id;
  provider: string;
  status: Generated<'open' | 'sent' | 'done'>;
  file_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface WithdrawalsTable {
  id: Id;
  user_id: number;
  request_key: string;
  month: string;
  gross_fen: Fen;
  tax_fen: Fen;
  fee_fen: Fen;
  net_fen: Fen;
  party_kind: PartyKind;
  payee_name: string;
  card_id: number;
  bank_code: string;
  card_last4: string;
  status: Generated<WithdrawalStatus>;
  reason: Generated<string>;
  first_card: Generated<boolean>;
  first_withdrawal: Generated<boolean>;
  approved_by: number | null;
  checked_by: number | null;
  batch_id: number | null;
  provider: string | null;
  provider_ref: string | null;
  hold_tx_id: number;
  settle_tx_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: Date | null;
}

export interface WithdrawalEventsTable {
  id: Id;
  withdrawal_id: number;
  status: string;
  note: Generated<string>;
  staff_id: number | null;
  created_at: CreatedAt;
}

export interface PayoutCallbacksTable {
  id: Id;
  provider: string;
  withdrawal_id: number;
  outcome: 'paid' | 'failed';
  detail: Generated<string>;
  received_at: CreatedAt;
}

export interface WithdrawalsTables {
  bank_types: BankTypesTable;
  card_bins: CardBinsTable;
  bank_cards: BankCardsTable;
  withdrawal_freezes: WithdrawalFreezesTable;
  payout_batches: PayoutBatchesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
  payout_callbacks: PayoutCallbacksTable;
}
