/**
 * Delivery to stores (issue 13): what the rest of the server calls. An approved work (final review, 990) is queued
 * for every store it chose that the engine delivers to — an insert the first time, an update (a full restatement,
 * the files the store holds listed but not sent) afterwards — in the approving transaction, with the job that starts
 * the delivery once it commits (distribution.tasks.ts). The steps: build and check (delivery-build.ts), upload
 * (delivery-upload.ts), the stores' answers (delivery-acks.ts); the work's 991 follows from them (delivery-status.ts).
 *
 * A change approved without a store the release went to: that store gets the takedown (queueRelease).
 *
 * Takedown (the musician, for all stores or some, confirmed): a NewReleaseMessage without deals to each store; all
 * of them → the work is 992 "taken down". Restore (992 → 990): the release is restated with its deals to the stores
 * it was taken down from.
 */
import type { TakedownResult } from '@trackline/contract/distribution-types';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { applyTransition } from '../works/work-transition';
import { findWork } from '../works/works.repository';
import {
  insertMessage,
  lastReached,
  latestPerStore,
  type MessageRow,
  moveMessage,
  nextMessageRowId,
  storesByCode,
  supersedePending,
  wasPurged,
} from './distribution.repository';
import { wakeDeliveries } from './distribution.tasks';

type Requester = { staffId?: number | null; userId?: number | null };

/** Stores of these codes the engine delivers to (enabled, with a transport). */
async function deliverable(db: Db, codes: readonly string[]) {
  return (await storesByCode(db, codes)).filter((s) => s.delivery_enabled && s.transport !== 'none');
}

/** Queues one message for one store, replacing any not yet on its way (the newest statement of truth wins). */
export async function queueMessage(
  db: Db,
  workId: number,
  platformCode: string,
  action: MessageRow['action'],
  scope: 'full' | 'metadata',
  by: Requester = {},
): Promise<string> {
  await supersedePending(db, workId, platformCode);
  const id = await nextMessageRowId(db);
  const messageId = `TL-${workId}-${platformCode}-${id}`;
  await insertMessage(db, {
    id,
    work_id: workId,
    platform_code: platformCode,
    message_id: messageId,
    action,
    scope,
    created_by_staff: by.staffId ?? null,
    created_by_user: by.userId ?? null,
  });
  return messageId;
}

/**
 * Queues the release for each of its stores, in `db` (the approving transaction): an insert where nothing reached
 * the store yet, else an update that sends only the files the store does not hold.
 */
export async function queueRelease(
  deps: Deps,
  db: Db,
  workId: number,
  platforms: readonly string[],
  by: Requester = {},
  { keepTakenDown = false }: { keepTakenDown?: boolean } = {},
) {
  const latest = await latestPerStore(db, workId);
  const last = new Map(latest.map((m) => [m.platform_code, m]));
  // An approved change keeps down a store the musician took the release down from (an update would put it back on
  // sale there); a restore (keepTakenDown false) restates every chosen store.
  const stores = (await deliverable(db, platforms)).filter(
    (store) =>
      !keepTakenDown || (last.get(store.code)?.action !== 'takedown' && last.get(store.code)?.action !== 'purge'),
  );
  for (const store of stores) {
    const reached = await lastReached(db, workId, store.code, Number.MAX_SAFE_INTEGER);
    await queueMessage(db, workId, store.code, reached ? 'update' : 'insert', reached ? 'metadata' : 'full', by);
  }
  // A store the release went to that the work no longer chose (a change dropped it): it is taken down there, or it
  // would stay live at a store the musician left.
  const dropped = latest.map((m) => m.platform_code).filter((code) => !platforms.includes(code));
  let takenDown = 0;
  for (const store of await deliverable(db, dropped))
    if ((await takeDownAt(db, workId, store.code, last.get(store.code), by)) === 'sent') takenDown += 1;
  if (stores.length + takenDown > 0) await wakeDeliveries(deps, db, workId);
}

/**
 * Takes the release down at one store, in `db`: a NewReleaseMessage without deals where something reached the store
 * (or is being uploaded to it); where nothing did, what is queued is withdrawn and nothing is sent. `last` is the
 * store's latest message: a takedown (or purge) already on its way or done is not sent twice.
 */
async function takeDownAt(
  db: Db,
  workId: number,
  platformCode: string,
  last: MessageRow | undefined,
  by: Requester,
): Promise<'sent' | 'withdrawn' | 'already'> {
  if (last?.action === 'takedown' || last?.action === 'purge') return 'already';
  const reached = await lastReached(db, workId, platformCode, Number.MAX_SAFE_INTEGER);
  if (!reached && last?.state !== 'uploading') {
    await supersedePending(db, workId, platformCode);
    return 'withdrawn';
  }
  await queueMessage(db, workId, platformCode, 'takedown', 'metadata', by);
  return 'sent';
}

/**
 * An editor's "mark online" (990 → 991, in their transaction): stores that were delivered but confirm nothing by
 * themselves are recorded live, confirmed by the editor.
 */
export async function markDeliveredStoresLive(db: Db, workId: number): Promise<string[]> {
  const marked: string[] = [];
  for (const m of await latestPerStore(db, workId))
    if (
      m.action !== 'takedown' &&
      m.action !== 'purge' &&
      (await moveMessage(db, m.id, ['delivered', 'acknowledged'], 'live', { live_at: new Date(), live_by: 'editor' }))
    )
      marked.push(m.platform_code);
  return marked;
}

/** The musician's takedown: to all the work's stores, or to `platforms`; confirmed in the request. */
export async function requestTakedown(
  deps: Deps,
  userId: number,
  body: { id: number; platforms: 'all' | string[] },
): Promise<TakedownResult> {
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const work = await findWork(trx, body.id, { userId, forUpdate: true });
    if (!work) throw new AppError('WORK_NOT_FOUND');
    if (work.status !== '990' && work.status !== '991')
      throw new AppError('WORK_STATUS_CONFLICT', { status: work.status });
    const latest = new Map((await latestPerStore(trx, work.id)).map((m) => [m.platform_code, m]));
    const chosen = body.platforms === 'all' ? work.platforms : body.platforms;
    const unknown = chosen.filter((c) => !work.platforms.includes(c));
    if (unknown.length > 0) throw new AppError('DELIVERY_STORE_UNKNOWN', { codes: unknown });
    const sent: string[] = [];
    for (const store of await deliverable(trx, chosen))
      if ((await takeDownAt(trx, work.id, store.code, latest.get(store.code), { userId })) === 'sent')
        sent.push(store.code);
    const everyStore = body.platforms === 'all' || work.platforms.every((c) => chosen.includes(c));
    const status = everyStore
      ? await applyTransition(trx, {
          workId: work.id,
          from: work.status,
          action: 'take_down',
          actor: 'user',
          userId,
          remark: sent.join(', '),
        })
      : work.status;
    if (sent.length === 0 && !everyStore) throw new AppError('DELIVERY_NOTHING_TO_TAKE_DOWN');
    if (sent.length > 0) await wakeDeliveries(deps, trx, work.id);
    return { work_id: work.id, status, platforms: sent };
  });
  return result;
}

/**
 * Brings a taken-down work back: 992 → 990, the release restated with its deals to the stores that had it. Not once
 * an admin removed it permanently (distribution.purge.ts).
 */
export async function restoreWork(deps: Deps, userId: number, workId: number): Promise<TakedownResult> {
  return deps.database.db.transaction().execute(async (trx) => {
    const work = await findWork(trx, workId, { userId, forUpdate: true });
    if (!work) throw new AppError('WORK_NOT_FOUND');
    if (work.status !== '992') throw new AppError('WORK_STATUS_CONFLICT', { status: work.status });
    // Removed permanently (a purge was sent): it does not come back.
    if (await wasPurged(trx, workId)) throw new AppError('WORK_STATUS_CONFLICT', { status: work.status, purged: true });
    const status = await applyTransition(trx, { workId, from: '992', action: 'restore', actor: 'user', userId });
    await queueRelease(deps, trx, workId, work.platforms, { userId });
    return { work_id: workId, status, platforms: work.platforms };
  });
}
