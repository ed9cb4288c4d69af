/**
 * The only code touching delivery_messages, delivery_batches, delivery_acks and the platforms table's delivery
 * columns. Every state change is conditional on the state the caller saw (a transition, not a write), so two workers
 * or a worker and an editor never both move one message.
 */
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PlatformsTable } from '../../platform/db/schema';
import type { DeliveryMessagesTable, DeliveryState } from '../../platform/db/schema-distribution';

export type StoreRow = Selectable<PlatformsTable>;
export type MessageRow = Selectable<DeliveryMessagesTable>;

export function storesByCode(db: Db, codes?: readonly string[]): Promise<StoreRow[]> {
  let q = db.selectFrom('platforms').selectAll().orderBy('sort').orderBy('code');
  if (codes) {
    if (codes.length === 0) return Promise.resolve([]);
    q = q.where('code', 'in', codes);
  }
  return q.execute();
}

export async function nextMessageRowId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: string }>`SELECT nextval('delivery_messages_id_seq') AS id`.execute(db);
  return Number(rows[0]!.id);
}

export async function insertMessage(
  db: Db,
  values: {
    id: number;
    work_id: number;
    platform_code: string;
    message_id: string;
    action: MessageRow['action'];
    scope: 'full' | 'metadata';
    created_by_staff?: number | null;
    created_by_user?: number | null;
  },
): Promise<void> {
  await db.insertInto('delivery_messages').values(values).execute();
}

/** Messages not yet uploading are replaced by a newer statement of truth for the same store. */
export async function supersedePending(db: Db, workId: number, platformCode: string): Promise<void> {
  await db
    .updateTable('delivery_messages')
    .set({ state: 'superseded', state_at: new Date() })
    .where('work_id', '=', workId)
    .where('platform_code', '=', platformCode)
    .where('state', 'in', ['queued', 'built', 'validated'])
    .execute();
}

/** The latest message of each store for a work (superseded ones skipped). */
export function latestPerStore(db: Db, workId: number): Promise<MessageRow[]> {
  return db
    .selectFrom('delivery_messages')
    .selectAll()
    .distinctOn('platform_code')
    .where('work_id', '=', workId)
    .where('state', '!=', 'superseded')
    .orderBy('platform_code')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The last message that reached the store before message `beforeId`: delivered at some point (whatever the store
 * said of it later), or with `accepted`, one the store did not refuse (its files are the store's).
 */
export function lastReached(db: Db, workId: number, platformCode: string, beforeId: number, accepted = false) {
  let q = db
    .selectFrom('delivery_messages')
    .selectAll()
    .where('work_id', '=', workId)
    .where('platform_code', '=', platformCode)
    .where('id', '<', beforeId);
  q = accepted
    ? q.where('state', 'in', ['delivered', 'acknowledged', 'live', 'taken_down'])
    : q.where('delivered_at', 'is not', null);
  return q.orderBy('id', 'desc').executeTakeFirst();
}

export function messageById(db: Db, id: number) {
  return db.selectFrom('delivery_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function messageByMessageId(db: Db, messageId: string) {
  return db.selectFrom('delivery_messages').selectAll().where('message_id', '=', messageId).executeTakeFirst();
}

/**
 * Claims due messages in `states` for a while (a lease): what another worker holds is skipped, and a lease left by a
 * worker that died runs out by itself. Held and disabled stores wait.
 */
export async function claimDue(db: Db, states: DeliveryState[], leaseMs: number, limit: number, workId?: number) {
  const { rows } = await sql<MessageRow>`
    UPDATE delivery_messages m SET lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    WHERE m.id IN (
      SELECT d.id FROM delivery_messages d JOIN platforms p ON p.code = d.platform_code
      WHERE d.state IN (${sql.join(states)}) AND d.next_attempt_at <= now()
        AND (d.lease_until IS NULL OR d.lease_until < now())
        AND p.delivery_enabled AND NOT p.held AND p.transport <> 'none'
        ${workId === undefined ? sql`` : sql`AND d.work_id = ${workId}`}
      ORDER BY d.id LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED
    )
    RETURNING m.*`.execute(db);
  return rows;
}

export async function releaseLease(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('delivery_messages').set({ lease_until: null }).where('id', 'in', ids).execute();
}

/** Moves a message from one of `from` to `to` with extra columns; false when it was no longer in `from`. */
export async function moveMessage(
  db: Db,
  id: number,
  from: readonly DeliveryState[],
  to: DeliveryState,
  set: Partial<{
    xml: string;
    xml_sha256: string;
    release: string;
    failure_rule: string | null;
    failure_detail: string | null;
    ack_status: string | null;
    ack_text: string;
    batch_id: number;
    delivered_at: Date;
    acknowledged_at: Date;
    live_at: Date;
    live_by: 'store' | 'editor';
    attempts: number;
    next_attempt_at: Date;
    lease_until: Date | null;
  }> = {},
): Promise<boolean> {
  const res = await db
    .updateTable('delivery_messages')
    .set({ ...set, state: to, state_at: new Date() })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A failed attempt that will be tried again later, in the same state. */
export async function retryLater(db: Db, id: number, attempts: number, at: Date, rule: string, detail: string) {
  await db
    .updateTable('delivery_messages')
    .set({
      attempts,
      next_attempt_at: at,
      lease_until: null,
      failure_rule: rule,
      failure_detail: JSON.stringify({ detail }),
    })
    .where('id', '=', id)
    .execute();
}

export async function insertBatch(db: Db, values: { platform_code: string; batch_id: string; folder: string }) {
  const row = await db.insertInto('delivery_batches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function batchById(db: Db, id: number) {
  return db.selectFrom('delivery_batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function messagesOfBatch(db: Db, batchRowId: number) {
  return db.selectFrom('delivery_messages').selectAll().where('batch_id', '=', batchRowId).orderBy('id').execute();
}

export async function finishBatch(
  db: Db,
  id: number,
  set: { state: 'complete' | 'failed'; files?: number; bytes?: number; error?: string },
) {
  await db
    .updateTable('delivery_batches')
    .set({ ...set, completed_at: set.state === 'complete' ? new Date() : null })
    .where('id', '=', id)
    .execute();
}

export async function ackNamesSeen(db: Db, platformCode: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('delivery_acks')
    .select('file_name')
    .where('platform_code', '=', platformCode)
    .execute();
  return new Set(rows.map((r) => r.file_name));
}

/** Records an acknowledgement file once; false when it was recorded already (another poller got it). */
export async function insertAck(
  db: Db,
  values: {
    platform_code: string;
    file_name: string;
    message_row_id: number | null;
    status: string;
    error_text: string;
    raw: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('delivery_acks')
    .values(values)
    .onConflict((oc) => oc.columns(['platform_code', 'file_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Accepted messages of stores that go live on their own once the release date has come (Asia/Shanghai). */
export function acknowledgedDue(db: Db, today: string) {
  return db
    .selectFrom('delivery_messages as m')
    .innerJoin('platforms as p', 'p.code', 'm.platform_code')
    .innerJoin('works as w', 'w.id', 'm.work_id')
    .select(['m.id', 'm.work_id'])
    .where('m.state', '=', 'acknowledged')
    .where('m.action', 'in', ['insert', 'update'])
    .where('p.live_confirmation', '=', 'ack')
    .where('w.release_date', '<=', today)
    .execute();
}

export function storesToPoll(db: Db) {
  return db
    .selectFrom('platforms')
    .selectAll()
    .where('delivery_enabled', '=', true)
    .where('transport', '!=', 'none')
    .execute();
}

/** Whether a purge was ever asked for the work (it cannot be restored then). */
export async function wasPurged(db: Db, workId: number): Promise<boolean> {
  const row = await db
    .selectFrom('delivery_messages')
    .select('id')
    .where('work_id', '=', workId)
    .where('action', '=', 'purge')
    .where('state', '!=', 'superseded')
    .executeTakeFirst();
  return row !== undefined;
}
