/** The account centre's tables (migration 0015): security events, deletion requests and data exports. */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type AccountEventKind =
  | 'login'
  | 'register'
  | 'password_changed'
  | 'password_reset'
  | 'mobile_changed'
  | 'session_revoked'
  | 'others_signed_out'
  | 'profile_updated'
  | 'deletion_requested'
  | 'deletion_cancelled'
  | 'export_requested';

export interface AccountEventsTable {
  id: Id;
  user_id: number;
  kind: AccountEventKind;
  ip: Generated<string>;
  user_agent: Generated<string>;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

export interface AccountDeletionsTable {
  id: Id;
  user_id: number;
  state: Generated<'pending' | 'cancelled' | 'erased'>;
  requested_at: CreatedAt;
  erase_at: ColumnType<Date, Date | string, Date | string>;
  ended_at: ColumnType<Date | null, never, Date | string | null>;
  end_reason: Generated<string>;
}

export interface AccountExportsTable {
  id: Id;
  user_id: number;
  state: Generated<'pending' | 'ready'>;
  file_key: string | null;
  size_bytes: ColumnType<string | null, never, number | null>;
  created_at: CreatedAt;
  ready_at: ColumnType<Date | null, never, Date | string | null>;
}

export interface AccountTables {
  account_events: AccountEventsTable;
  account_deletions: AccountDeletionsTable;
  account_exports: AccountExportsTable;
}
