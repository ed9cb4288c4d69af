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

// Public content (migration 0002). A content item is (id, lang): one row per language, sharing the id.

type ContentLang = 'zh-CN' | 'en';
type ContentStatus = 'draft' | 'published';
/** An id the sequence supplies, or an explicit one (a translation reuses its original's id; fixed documents). */
type ContentId = Generated<number>;
type PublishAt = ColumnType<Date, Date | string | undefined, Date | string>;

interface ContentColumns {
  id: ContentId;
  lang: ContentLang;
  agent_id: number | null;
  status: Generated<ContentStatus>;
  publish_at: PublishAt;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface NewsCategoriesTable extends ContentColumns {
  name: string;
  sort: Generated<number>;
}

export interface NewsTable extends ContentColumns {
  category_id: number;
  title: string;
  summary: Generated<string>;
  cover: Generated<string>;
  author: Generated<string>;
  content: Generated<string>;
}

export interface HelpCategoriesTable extends ContentColumns {
  type: number;
  title: string;
  sort: Generated<number>;
}

export interface HelpArticlesTable extends ContentColumns {
  category_id: number;
  type: number;
  tid: Generated<number>;
  title: string;
  content: Generated<string>;
  sort: Generated<number>;
}

export interface QuestionCategoriesTable extends ContentColumns {
  name: string;
  sort: Generated<number>;
}

export interface QuestionsTable extends ContentColumns {
  category_id: number;
  question: string;
  answer: Generated<string>;
  sort: Generated<number>;
}

export interface HotPlansTable extends ContentColumns {
  title: string;
  summary: Generated<string>;
  cover: Generated<string>;
  content: Generated<string>;
  terms: Generated<string>;
  starts_at: Date | null;
  ends_at: Date | null;
  sort: Generated<number>;
}

export interface DownloadConfigsTable {
  id: Id;
  agent_id: number | null;
  ios: Generated<string>;
  android: Generated<string>;
  win32: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SoftVersionsTable extends ContentColumns {
  platform: 'ios' | 'android' | 'win32' | 'mac';
  version: string;
  notes: Generated<string>;
  released_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProblemFeedbackTable {
  id: Id;
  type: number;
  content: string;
  mobile: Generated<string>;
  user_id: number | null;
  agent_id: number | null;
  ip: Generated<string>;
  status: Generated<'open' | 'closed'>;
  created_at: CreatedAt;
  closed_at: Date | null;
  closed_by: number | null;
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
  news_categories: NewsCategoriesTable;
  news: NewsTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  question_categories: QuestionCategoriesTable;
  questions: QuestionsTable;
  hot_plans: HotPlansTable;
  download_configs: DownloadConfigsTable;
  soft_versions: SoftVersionsTable;
  problem_feedback: ProblemFeedbackTable;
}
