/** The database as Kysely sees it. Each module's repository is the only code touching its tables. */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint ids come back from pg as strings unless parsed; we parse int8 to number (safe below 2^53). */
type Id = Generated<number>;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AgentsTable {
  id: Id;
  domain: string;
  is_default: Generated<boolean>;
  site_title: string;
  site_logo: Generated<string>;
  company_name: Generated<string>;
  record_number: Generated<string>;
  record_url: Generated<string>;
  contact_phone: Generated<string>;
  contact_email: Generated<string>;
  contact_address: Generated<string>;
  qr_ios: Generated<string>;
  qr_android: Generated<string>;
  qr_service: Generated<string>;
  qr_wechat: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Id;
  agent_id: number;
  mobile: string;
  password_hash: string;
  nickname: string;
  avatar: Generated<string>;
  real_name: Generated<string>;
  is_verify: Generated<number>;
  group_id: number;
  company_name: string | null;
  rate: Generated<number>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffTable {
  id: Id;
  username: string;
  name: string;
  password_hash: string;
  roles: string[];
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: Id;
  token_hash: Buffer;
  subject_kind: 'user' | 'staff';
  subject_id: number;
  ip: string;
  user_agent: string;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, never, Date | string | null>;
}

export interface SmsCodesTable {
  id: Id;
  mobile: string;
  event: string;
  code_hash: Buffer;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, never>;
  used_at: ColumnType<Date | null, never, Date | string | null>;
}

export interface CaptchasTable {
  id: string;
  answer_hash: Buffer;
  expires_at: ColumnType<Date, Date | string, never>;
}

export interface RateCountersTable {
  key: string;
  window_start: ColumnType<Date, Date | string, never>;
  count: number;
  expires_at: ColumnType<Date, Date | string, never>;
}

export interface MessagesTable {
  id: Id;
  /** 'user': one recipient (user_id); 'agent': every user of agent_id; 'all': everyone. */
  audience: 'user' | 'agent' | 'all';
  user_id: number | null;
  agent_id: number | null;
  kind: Generated<string>;
  title: string;
  content: string;
  created_at: CreatedAt;
}

/** Read state of a message for one user; a broadcast gets a row here only once someone reads it. */
export interface MessageReadsTable {
  message_id: number;
  user_id: number;
  read_at: CreatedAt;
}

export interface Database {
  settings: SettingsTable;
  agents: AgentsTable;
  users: UsersTable;
  staff: StaffTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  rate_counters: RateCountersTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
}
