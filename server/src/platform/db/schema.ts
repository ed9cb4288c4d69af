/** The database as Kysely sees it. Each module's repository is the only code touching its tables. */
import type { ColumnType, Generated } from 'kysely';
import type { AccountTables } from './schema-account';
import type { CoversTables } from './schema-covers';
import type { DistributionTables, PlatformDeliveryColumns } from './schema-distribution';
import type { RealnameTables } from './schema-realname';
import type { RoyaltiesTables } from './schema-royalties';
import type { WithdrawalsTables } from './schema-withdrawals';

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
  /** Migration 0015 (account centre): a short bio, the artist names the musician publishes under, erasure time. */
  bio: Generated<string>;
  artist_names: Generated<string[]>;
  erased_at: ColumnType<Date | null, never, Date | string | null>;
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

/** Sliding-window rate limits: per rule key, the epoch-microsecond instants of the hits inside its window. */
export interface RateLogTable {
  key: string;
  hits: ColumnType<string[], never, string[]>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
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
  /** Where the message leads in the portal ('/gongdan/detail?id=12'); migration 0003. */
  link: ColumnType<string | null, string | null | undefined, string | null>;
  /** The template the message was made from and its parameters, rendered in the reader's language; migration 0018. */
  template: ColumnType<string | null, string | null | undefined, string | null>;
  params: ColumnType<unknown, string | null | undefined, string | null>;
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
  /** Migration 0004: the download page's QR images; empty falls back to the site's own. */
  qr_ios: Generated<string>;
  qr_android: Generated<string>;
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

// Uploaded files and work orders (migration 0003).

export interface UserFilesTable {
  id: Id;
  user_id: number;
  key: string;
  kind: 'image' | 'pdf' | 'text' | 'audio' | 'video';
  content_type: string;
  size_bytes: number;
  original_name: Generated<string>;
  created_at: CreatedAt;
  /** Migration 0005: hex SHA-256 of the whole file and what its analyzer read (audio and video). */
  sha256: ColumnType<string | null, string | null | undefined, never>;
  meta: ColumnType<unknown, string | null | undefined, never>;
  /** Migration 0009: who may read it by URL (modules/storage/file-access.ts). */
  visibility: Generated<'public' | 'private'>;
}

// Resumable uploads and upload grants (migration 0005).

export type TusUploadStatus = 'receiving' | 'processing' | 'stored' | 'refused';

export interface TusUploadsTable {
  id: string;
  user_id: number;
  kind: 'audio' | 'video';
  length_bytes: number;
  received_bytes: Generated<number>;
  metadata: Generated<string>;
  original_name: Generated<string>;
  status: Generated<TusUploadStatus>;
  lock_token: string | null;
  lock_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  file_key: string | null;
  failure: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UploadGrantUsesTable {
  nonce: string;
  user_id: number;
  used_at: CreatedAt;
}

export type WorkOrderStatusColumn = 'open' | 'answered' | 'awaiting_user' | 'closed';

export interface WorkOrdersTable {
  id: Id;
  user_id: number;
  agent_id: number | null;
  type: number;
  title: string;
  status: Generated<WorkOrderStatusColumn>;
  work_id: number | null;
  assignee_staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  lang: Generated<'zh-CN' | 'en'>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  last_reply_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_reply_by: Generated<'user' | 'staff'>;
  user_read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An attachment as stored in work_order_replies.attachments (jsonb). */
export interface StoredAttachment {
  key: string;
  url: string;
  name: string;
  size: number;
  content_type: string;
}

export interface WorkOrderRepliesTable {
  id: Id;
  order_id: number;
  author: 'user' | 'staff';
  user_id: number | null;
  staff_id: number | null;
  content: string;
  /** Written as JSON text (pg would send a JS array as a PostgreSQL array), read back parsed. */
  attachments: ColumnType<StoredAttachment[], string | undefined, never>;
  created_at: CreatedAt;
}

// Works (migration 0006).

export interface PlatformsTable extends PlatformDeliveryColumns {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  region: 'cn' | 'global';
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

type Names = ColumnType<string[], string[] | undefined, string[]>;
type Text = ColumnType<string, string | undefined, string>;
type DateCol = ColumnType<string | null, string | null | undefined, string | null>;

export interface WorksTable {
  id: Id;
  user_id: number;
  agent_id: number | null;
  kind: 'single' | 'album';
  status: ColumnType<WorkStatusColumn, WorkStatusColumn | undefined, WorkStatusColumn>;
  remark: Text;
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reject_text: Text;
  title: Text;
  version: Text;
  primary_artists: Names;
  featured_artists: Names;
  genre: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<string | null, string | null | undefined, string | null>;
  explicit: Generated<boolean>;
  /** date columns are read as 'YYYY-MM-DD' text (see database.ts type parsers) */
  original_release_date: DateCol;
  release_date: DateCol;
  label: Text;
  p_line: Text;
  c_line: Text;
  upc: ColumnType<string | null, string | null | undefined, string | null>;
  property: ColumnType<number | null, number | null | undefined, number | null>;
  wc_statement: ColumnType<number | null, number | null | undefined, number | null>;
  source: ColumnType<number | null, number | null | undefined, number | null>;
  platforms: Names;
  worldwide: Generated<boolean>;
  territories: Names;
  /** JSON text in, parsed object out */
  live_snapshot: ColumnType<unknown | null, string | null | undefined, string | null>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type WorkStatusColumn =
  | '00'
  | '01'
  | '10'
  | '11'
  | '100'
  | '101'
  | '200'
  | '201'
  | '300'
  | '301'
  | '400'
  | '401'
  | '990'
  | '991'
  | '992';

export interface WorkTracksTable {
  id: Id;
  work_id: number;
  position: number;
  title: Text;
  version: Text;
  primary_artists: Names;
  featured_artists: Names;
  lyricist: Names;
  composer: Names;
  arranger: Names;
  producer: Names;
  isrc: ColumnType<string | null, string | null | undefined, string | null>;
  explicit: Generated<boolean>;
  language: ColumnType<string | null, string | null | undefined, string | null>;
  lyrics: Text;
  created_at: CreatedAt;
}

export interface WorkMaterialsTable {
  id: Id;
  work_id: number;
  track_id: number | null;
  kind: 'music' | 'lyric' | 'cover' | 'accompany' | 'short_audio' | 'karaoke' | 'mv';
  file_id: number;
  created_at: CreatedAt;
}

export interface WorkEventsTable {
  id: Id;
  work_id: number;
  actor: 'user' | 'editor' | 'system';
  user_id: number | null;
  staff_id: number | null;
  action: string;
  from_status: WorkStatusColumn | null;
  to_status: WorkStatusColumn;
  remark: Text;
  created_at: CreatedAt;
}

export interface WorkAuthorizationsTable {
  id: Id;
  work_id: number;
  user_id: number;
  signed_at: CreatedAt;
  ip: string;
  agreement_version: string;
  wc_statement: number;
  signature_key: string | null;
  pdf_key: string;
  terms: ColumnType<unknown, string, never>;
}

export interface IdentifierCountersTable {
  name: string;
  value: ColumnType<number, number | undefined, number>;
}

/** platform/http/idempotency.ts: the first answer to a state-changing call, by caller and key. */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: 'pending' | 'done';
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: CreatedAt;
}

export interface Database
  extends DistributionTables,
    CoversTables,
    RoyaltiesTables,
    AccountTables,
    WithdrawalsTables,
    RealnameTables {
  settings: SettingsTable;
  agents: AgentsTable;
  users: UsersTable;
  staff: StaffTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  rate_log: RateLogTable;
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
  user_files: UserFilesTable;
  work_orders: WorkOrdersTable;
  work_order_replies: WorkOrderRepliesTable;
  tus_uploads: TusUploadsTable;
  upload_grant_uses: UploadGrantUsesTable;
  platforms: PlatformsTable;
  works: WorksTable;
  work_tracks: WorkTracksTable;
  work_materials: WorkMaterialsTable;
  work_events: WorkEventsTable;
  work_authorizations: WorkAuthorizationsTable;
  identifier_counters: IdentifierCountersTable;
  idempotency_keys: IdempotencyKeysTable;
}
