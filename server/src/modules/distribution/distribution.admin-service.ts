/**
 * The staff console's delivery operations: stores with their counts and failures by rule, recent batches with
 * their messages, failed messages, redelivery (full: every file again; metadata: the files the store holds only
 * listed), holding a store (nothing is sent to it until released), the exact XML of a message, the diff of the last
 * two messages of a release at a store, and an editor's confirmation that a store which says nothing is live.
 */
import type {
  BatchFileState,
  DeliveryState,
  MessageDiff,
  OpsBatchDetail,
  OpsMessage,
  OpsOverview,
} from '@trackline/contract/distribution-types';

import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { findWork } from '../works/works.repository';
import { noticeStoreChange, refreshWorkStatus } from './delivery-status';
import { type MessageRow, messageById, messagesOfBatch, moveMessage, storesByCode } from './distribution.repository';
import { queueMessage } from './distribution.service';
import { wakeDeliveries } from './distribution.tasks';
import { lineDiff } from './line-diff';
import { sha256Hex } from './message-pipeline';
import type { ReleaseModel } from './release-model';
import { batchUpload, outgoingFor, textSource } from './transport/batch';

function opsMessage(m: MessageRow, title = ''): OpsMessage {
  return {
    id: m.id,
    message_id: m.message_id,
    work_id: m.work_id,
    work_title: title,
    platform_code: m.platform_code,
    action: m.action,
    scope: m.scope,
    state: m.state,
    state_at: m.state_at.toISOString(),
    failure_rule: m.failure_rule,
    ack_status: m.ack_status,
    ack_text: m.ack_text,
    xml_sha256: m.xml_sha256,
    attempts: m.attempts,
    created_at: m.created_at.toISOString(),
  };
}

export async function overview(deps: Deps, lang: 'zh-CN' | 'en'): Promise<OpsOverview> {
  const db = deps.database.db;
  const [stores, counts, failures, batches, failed] = await Promise.all([
    storesByCode(db),
    db
      .selectFrom('delivery_messages')
      .select(['platform_code', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '!=', 'superseded')
      .groupBy(['platform_code', 'state'])
      .execute(),
    db
      .selectFrom('delivery_messages')
      .select(['platform_code', 'failure_rule', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'failed')
      .groupBy(['platform_code', 'failure_rule'])
      .execute(),
    db.selectFrom('delivery_batches').selectAll().orderBy('id', 'desc').limit(30).execute(),
    db
      .selectFrom('delivery_messages as m')
      .innerJoin('works as w', 'w.id', 'm.work_id')
      .selectAll('m')
      .select('w.title')
      .where('m.state', '=', 'failed')
      .orderBy('m.id', 'desc')
      .limit(100)
      .execute(),
  ]);
  const batchMessages =
    batches.length === 0
      ? []
      : await db
          .selectFrom('delivery_messages')
          .select(['id', 'message_id', 'work_id', 'action', 'state', 'batch_id'])
          .where(
            'batch_id',
            'in',
            batches.map((b) => b.id),
          )
          .execute();
  return {
    stores: stores.map((s) => ({
      code: s.code,
      name: lang === 'en' ? s.name_en : s.name_zh,
      transport: s.transport,
      enabled: s.delivery_enabled,
      held: s.held,
      held_reason: s.held_reason,
      dpid: s.dpid,
      counts: Object.fromEntries(counts.filter((c) => c.platform_code === s.code).map((c) => [c.state, Number(c.n)])),
      failures: failures
        .filter((f) => f.platform_code === s.code)
        .map((f) => ({ rule: f.failure_rule ?? 'unknown', count: Number(f.n) })),
    })),
    batches: batches.map((b) => ({
      id: b.id,
      platform_code: b.platform_code,
      batch_id: b.batch_id,
      folder: b.folder,
      state: b.state,
      files: b.files,
      bytes: Number(b.bytes),
      error: b.error,
      created_at: b.created_at.toISOString(),
      completed_at: b.completed_at?.toISOString() ?? null,
      messages: batchMessages
        .filter((m) => m.batch_id === b.id)
        .map((m) => ({
          id: m.id,
          message_id: m.message_id,
          work_id: m.work_id,
          action: m.action,
          state: m.state as OpsOverview['batches'][number]['messages'][number]['state'],
        })),
    })),
    failed: failed.map((m) => opsMessage(m, m.title)),
  };
}

const FILE_STATE: Record<'uploading' | 'complete' | 'failed', BatchFileState> = {
  complete: 'uploaded',
  uploading: 'uploading',
  failed: 'not_sent',
};

/**
 * One batch with its files, as the upload lays them out (transport/batch.ts) from the messages it carries: each
 * message's XML as kept (with its SHA-256), the binaries it provided (the release's hashes and sizes), BatchComplete
 * last. A file's state is its batch's: the upload verifies every file before BatchComplete, so a complete batch has
 * them all.
 */
export async function batchDetail(deps: Deps, id: number, lang: 'zh-CN' | 'en'): Promise<OpsBatchDetail> {
  const db = deps.database.db;
  const batch = await db.selectFrom('delivery_batches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!batch) throw new AppError('DELIVERY_BATCH_NOT_FOUND');
  const [store] = await storesByCode(db, [batch.platform_code]);
  const messages = await messagesOfBatch(db, id);
  const titles = new Map(
    messages.length === 0
      ? []
      : (
          await db
            .selectFrom('works')
            .select(['id', 'title'])
            .where(
              'id',
              'in',
              messages.map((m) => m.work_id),
            )
            .execute()
        ).map((w) => [w.id, w.title]),
  );
  const carried = messages.filter((m) => m.xml !== null && m.release !== null);
  // The bytes are not read: only the layout, sizes and hashes are wanted.
  const outgoing = carried.map((m) => {
    const release = m.release as ReleaseModel & { notProvided?: string[] };
    const filesNotProvided = new Set(release.notProvided ?? []);
    return outgoingFor(release, { messageId: m.message_id, xml: m.xml!, filesNotProvided }, () => textSource(''));
  });
  const xmlHash = new Map(carried.map((m) => [m.message_id, m.xml_sha256!]));
  // The layout the batch was made with (its folder says it), whatever the store's mode is now.
  const mode = batch.folder === `N_${batch.batch_id}` ? 'batch' : 'release';
  const state = FILE_STATE[batch.state];
  const upload =
    outgoing.length > 0 && (mode === 'batch' || outgoing.length === 1)
      ? batchUpload(mode, batch.batch_id, outgoing)
      : null;
  const fileList: OpsBatchDetail['file_list'] = upload
    ? [
        ...upload.files.map((f) => ({
          path: f.path,
          kind: f.kind ?? 'resource',
          size_bytes: f.sizeBytes,
          sha256: f.kind === 'message' ? (xmlHash.get(f.messageId!) ?? '') : (f.sha256 ?? ''),
          state,
          message_id: f.messageId ?? null,
        })),
        {
          path: upload.complete.name,
          kind: 'batch_complete' as const,
          size_bytes: Buffer.byteLength(upload.complete.content, 'utf8'),
          sha256: sha256Hex(upload.complete.content),
          state,
          message_id: null,
        },
      ]
    : [];
  return {
    id: batch.id,
    platform_code: batch.platform_code,
    store_name: store ? (lang === 'en' ? store.name_en : store.name_zh) : batch.platform_code,
    batch_id: batch.batch_id,
    folder: batch.folder,
    state: batch.state,
    files: batch.files,
    bytes: Number(batch.bytes),
    error: batch.error,
    created_at: batch.created_at.toISOString(),
    completed_at: batch.completed_at?.toISOString() ?? null,
    messages: messages.map((m) => ({
      id: m.id,
      message_id: m.message_id,
      work_id: m.work_id,
      work_title: titles.get(m.work_id) ?? '',
      action: m.action,
      state: m.state as DeliveryState,
      xml_sha256: m.xml_sha256,
    })),
    file_list: fileList,
  };
}

/** A new message restating the release to one store: full (every file again) or metadata (held files listed). */
export async function redeliver(
  deps: Deps,
  staffId: number,
  body: { work_id: number; platform_code: string; scope: 'full' | 'metadata' },
): Promise<{ message_id: string }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const work = await findWork(trx, body.work_id, { forUpdate: true });
    if (!work) throw new AppError('WORK_NOT_FOUND');
    if (!work.platforms.includes(body.platform_code)) throw new AppError('DELIVERY_STORE_UNKNOWN');
    if (work.status !== '990' && work.status !== '991')
      throw new AppError('WORK_STATUS_CONFLICT', { status: work.status });
    const messageId = await queueMessage(trx, work.id, body.platform_code, 'update', body.scope, { staffId });
    await wakeDeliveries(deps, trx, work.id);
    return { message_id: messageId };
  });
}

export async function hold(deps: Deps, body: { code: string; held: boolean; reason: string }): Promise<void> {
  const res = await deps.database.db
    .updateTable('platforms')
    .set({ held: body.held, held_reason: body.held ? body.reason : '' })
    .where('code', '=', body.code)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('DELIVERY_STORE_UNKNOWN');
}

export async function messageXml(deps: Deps, id: number): Promise<{ xml: string; sha256: string }> {
  const m = await messageById(deps.database.db, id);
  if (!m?.xml || !m.xml_sha256) throw new AppError('DELIVERY_MESSAGE_NOT_FOUND');
  return { xml: m.xml, sha256: m.xml_sha256 };
}

export async function messageDiff(deps: Deps, workId: number, platformCode: string): Promise<MessageDiff> {
  const [newer, older] = await deps.database.db
    .selectFrom('delivery_messages')
    .selectAll()
    .where('work_id', '=', workId)
    .where('platform_code', '=', platformCode)
    .where('xml', 'is not', null)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return {
    older: older ? opsMessage(older) : null,
    newer: newer ? opsMessage(newer) : null,
    lines: newer ? lineDiff(older?.xml ?? '', newer.xml!) : [],
  };
}

/** For a store that confirms nothing: an editor records the delivered release live there. */
export async function markLive(deps: Deps, id: number): Promise<void> {
  const db = deps.database.db;
  const m = await messageById(db, id);
  if (!m) throw new AppError('DELIVERY_MESSAGE_NOT_FOUND');
  if (
    m.action === 'takedown' ||
    m.action === 'purge' ||
    !(await moveMessage(db, id, ['delivered', 'acknowledged'], 'live', { live_at: new Date(), live_by: 'editor' }))
  )
    throw new AppError('WORK_STATUS_CONFLICT', { state: m.state });
  await noticeStoreChange(deps, m, 'live');
  await refreshWorkStatus(deps, m.work_id);
}
