/** The distribution module's tables and the platforms table's delivery columns (migration 0013). */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Time = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type JsonNull<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type DeliveryTransport = 'none' | 'sftp' | 'local';
export type DeliveryState =
  | 'queued'
  | 'built'
  | 'validated'
  | 'uploading'
  | 'delivered'
  | 'acknowledged'
  | 'live'
  | 'failed'
  | 'taken_down'
  | 'purged'
  | 'superseded';

/** Columns migration 0013 adds to platforms: how the engine delivers to each store. */
export interface PlatformDeliveryColumns {
  dpid: ColumnType<string | null, string | null | undefined, string | null>;
  ddex_name: Generated<string>;
  transport: ColumnType<DeliveryTransport, DeliveryTransport | undefined, DeliveryTransport>;
  address: Generated<string>;
  username: Generated<string>;
  credential_ref: Generated<string>;
  host_key_sha256: Generated<string>;
  folder: Generated<string>;
  ack_folder: Generated<string>;
  batch_mode: ColumnType<'batch' | 'release', 'batch' | 'release' | undefined, 'batch' | 'release'>;
  lead_days: Generated<number>;
  rule_pack: Generated<string>;
  deal_terms: Json<unknown>;
  live_confirmation: ColumnType<'ack' | 'manual', 'ack' | 'manual' | undefined, 'ack' | 'manual'>;
  test_messages: Generated<boolean>;
  delivery_enabled: Generated<boolean>;
  held: Generated<boolean>;
  held_reason: Generated<string>;
}

export interface DeliveryBatchesTable {
  id: Id;
  platform_code: string;
  batch_id: string;
  folder: string;
  state: ColumnType<'uploading' | 'complete' | 'failed', 'uploading' | 'complete' | 'failed' | undefined>;
  files: Generated<number>;
  bytes: Generated<number>;
  error: Generated<string>;
  created_at: CreatedAt;
  completed_at: Time;
}

export interface DeliveryMessagesTable {
  id: Id;
  work_id: number;
  platform_code: string;
  message_id: string;
  action: 'insert' | 'update' | 'takedown' | 'purge';
  scope: ColumnType<'full' | 'metadata', 'full' | 'metadata' | undefined, 'full' | 'metadata'>;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  state_at: ColumnType<Date, Date | string | undefined, Date | string>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The exact message sent: written once (a trigger refuses any change afterwards). */
  xml: ColumnType<string | null, string | null | undefined, string | null>;
  xml_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  release: JsonNull<unknown>;
  failure_rule: ColumnType<string | null, string | null | undefined, string | null>;
  failure_detail: JsonNull<unknown>;
  ack_status: ColumnType<string | null, string | null | undefined, string | null>;
  ack_text: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: Time;
  delivered_at: Time;
  acknowledged_at: Time;
  live_at: Time;
  live_by: ColumnType<'store' | 'editor' | null, 'store' | 'editor' | null | undefined, 'store' | 'editor' | null>;
  created_by_staff: ColumnType<number | null, number | null | undefined, number | null>;
  created_by_user: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface DeliveryAcksTable {
  id: Id;
  platform_code: string;
  file_name: string;
  message_row_id: number | null;
  status: string;
  error_text: Generated<string>;
  raw: string;
  received_at: CreatedAt;
}

export interface DistributionTables {
  delivery_batches: DeliveryBatchesTable;
  delivery_messages: DeliveryMessagesTable;
  delivery_acks: DeliveryAcksTable;
}
