/**
 * Delivery to stores (issue 13), as the musician's work page and the staff console read it. Zod-free; the request
 * schemas are in distribution.ts, the texts of every refusal a store or a gate can give in distribution-texts.ts.
 */

/** Where one store stands with one release: the state of the latest message sent to it. */
export const DELIVERY_STATES = [
  'queued',
  'built',
  'validated',
  'uploading',
  'delivered',
  'acknowledged',
  'live',
  'failed',
  'taken_down',
  'purged',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** `manual`: a store the service does not deliver to itself; an editor confirms it by hand. */
export type StoreRowState = DeliveryState | 'manual';

export type DeliveryAction = 'insert' | 'update' | 'takedown' | 'purge';

/** Who has to act for a failed delivery to move on. */
export type DeliveryActor = 'musician' | 'staff' | 'store';

export interface DeliveryFailure {
  /** The rule that stopped it: 'fact.label', 'store.p_line', 'ack.ResourceCorrupt', 'transport.connect'… */
  rule: string;
  /** The reason, in the reader's language. */
  reason: string;
  /** What happens next or what to do, in the reader's language. */
  next: string;
  who: DeliveryActor;
}

export interface StoreRow {
  code: string;
  name: string;
  state: StoreRowState;
  action: DeliveryAction | null;
  /** When it reached this state (ISO). */
  since: string | null;
  delivered_at: string | null;
  live_at: string | null;
  /** Who confirmed it live: the store's acknowledgement, or an editor for a store that confirms nothing. */
  live_by: 'store' | 'editor' | null;
  /** The store's usual days from delivery to live. */
  lead_days: number;
  /** When it should be live: the later of delivery + lead time and the release date (YYYY-MM-DD), while on its way. */
  expected_live: string | null;
  failure: DeliveryFailure | null;
  /** Whether the store's acknowledgement or an editor will say it is live (texts differ). */
  confirms: 'store' | 'editor';
}

export interface WorkDistribution {
  work_id: number;
  stores: StoreRow[];
  /** Stores a takedown may be asked for now (delivered or live, not already taken down). */
  can_take_down: string[];
  /** Stores taken down that a restore would bring back. */
  can_restore: string[];
}

export interface TakedownResult {
  work_id: number;
  /** The work's status after the request (992 when every store is taken down). */
  status: string;
  platforms: string[];
}

// ---- the staff console ----

export interface OpsStoreRow {
  code: string;
  name: string;
  transport: 'none' | 'sftp' | 'local';
  enabled: boolean;
  held: boolean;
  held_reason: string;
  dpid: string | null;
  /** Messages per state, for this store. */
  counts: Partial<Record<DeliveryState, number>>;
  /** Failed messages by the rule that stopped them. */
  failures: Array<{ rule: string; count: number }>;
}

export interface OpsBatch {
  id: number;
  platform_code: string;
  batch_id: string;
  folder: string;
  state: 'uploading' | 'complete' | 'failed';
  files: number;
  bytes: number;
  error: string;
  created_at: string;
  completed_at: string | null;
  messages: Array<{ id: number; message_id: string; work_id: number; action: DeliveryAction; state: DeliveryState }>;
}

/** What a file of a batch is: a release's message XML, a binary it carries, or the batch's BatchComplete marker. */
export type BatchFileKind = 'message' | 'resource' | 'batch_complete';

/**
 * Where a file of a batch stands, from its batch: `uploaded` once the batch is complete (every file arrived under a
 * temporary name, its size checked, renamed, BatchComplete written last); `uploading` while the batch is under way
 * or waiting for a retry (files that arrived whole are kept by the next attempt); `not_sent` when the batch failed.
 */
export type BatchFileState = 'uploaded' | 'uploading' | 'not_sent';

export interface OpsBatchFile {
  /** Path inside the batch folder ('088888800011/resources/088888800011_T1.wav'). */
  path: string;
  kind: BatchFileKind;
  size_bytes: number;
  /** Lower-case hex SHA-256 of the file's bytes (the message's own for an XML, the ERN's HashSum for a binary). */
  sha256: string;
  state: BatchFileState;
  /** The message the file belongs to (null for BatchComplete). */
  message_id: string | null;
}

export interface OpsBatchDetail extends Omit<OpsBatch, 'messages'> {
  store_name: string;
  messages: Array<{
    id: number;
    message_id: string;
    work_id: number;
    work_title: string;
    action: DeliveryAction;
    state: DeliveryState;
    xml_sha256: string | null;
  }>;
  /** The files, in upload order: each release's resources then its message, and BatchComplete last. */
  file_list: OpsBatchFile[];
}

export interface OpsMessage {
  id: number;
  message_id: string;
  work_id: number;
  work_title: string;
  platform_code: string;
  action: DeliveryAction;
  scope: 'full' | 'metadata';
  state: DeliveryState | 'superseded';
  state_at: string;
  failure_rule: string | null;
  ack_status: string | null;
  ack_text: string;
  xml_sha256: string | null;
  attempts: number;
  created_at: string;
}

export interface OpsOverview {
  stores: OpsStoreRow[];
  batches: OpsBatch[];
  failed: OpsMessage[];
}

/**
 * Permanent removal (PurgeReleaseMessage) at one store of a taken-down work: `send` it would be sent (the plan),
 * `sent` it was queued now, `already` a purge went to it before (sent once, whatever the number of requests),
 * `refused` the store's rule pack takes no purge (Spotify's, the Chinese stores'): the takedown stays its last word,
 * `not_taken_down` the store does not hold it as taken down (nothing reached it, or its takedown is still on its
 * way), `manual` the engine does not deliver to it.
 */
export type PurgeOutcome = 'send' | 'sent' | 'already' | 'refused' | 'not_taken_down' | 'manual';

export interface PurgePlan {
  work_id: number;
  title: string;
  status: string;
  /** The work is taken down (992) and at least one store would get the purge. */
  can_purge: boolean;
  stores: Array<{ code: string; name: string; outcome: PurgeOutcome }>;
}

/** The last two messages of a release at a store, and a line diff of their XML. */
export interface MessageDiff {
  older: OpsMessage | null;
  newer: OpsMessage | null;
  /** Unified-diff style lines: ' ' same, '-' only in the older, '+' only in the newer. */
  lines: Array<{ op: ' ' | '-' | '+'; text: string }>;
}
