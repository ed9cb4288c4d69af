/**
 * Step 2: validated → uploading → delivered. Validated messages of one store become one batch (release by release:
 * one batch each): the batch row, with its BatchId and folder, is written with the messages' move to `uploading` in
 * one transaction, before the first byte leaves. From then on the batch is that folder: a crash, a timeout or a lost
 * connection leaves the messages `uploading`, and the next attempt uploads the same batch into the same folder,
 * keeping every file that arrived whole (adapter.ts) and writing BatchComplete only once all are there. Attempts back
 * off (1, 5, 15, 60, 180 minutes); after the last, the messages fail with the transport's rule.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Deps } from '../../platform/deps';
import { noticeStoreChange } from './delivery-status';
import {
  batchById,
  claimDue,
  finishBatch,
  insertBatch,
  type MessageRow,
  messagesOfBatch,
  moveMessage,
  releaseLease,
  retryLater,
  type StoreRow,
  storesByCode,
} from './distribution.repository';
import { batchIdFor } from './ern/file-names';
import type { ReleaseModel } from './release-model';
import { adapterFor } from './store-config';
import { type FileSource, TransportError } from './transport/adapter';
import { batchUpload, outgoingFor } from './transport/batch';

const LEASE_MS = 10 * 60_000;
export const RETRY_MINUTES = [1, 5, 15, 60, 180];

type StoredRelease = ReleaseModel & { notProvided: string[] };

function sourceFor(deps: Deps) {
  return (key: string): FileSource => ({
    // Local disk: the file's own path, so SFTP can use its parallel fastPut. Anything else streams from storage.
    localPath: deps.config.s3 ? undefined : path.join(deps.config.filesDir, key),
    open: async () => {
      if (!deps.config.s3) return createReadStream(path.join(deps.config.filesDir, key));
      const body = await deps.storage.read(key);
      if (!body) throw new TransportError('transport.io', `stored file ${key} is gone`);
      return body as Readable;
    },
  });
}

/** Uploads one batch (again, when it was cut off); moves its messages on. */
async function uploadBatchRow(deps: Deps, store: StoreRow, batchRowId: number): Promise<void> {
  const db = deps.database.db;
  const batch = await batchById(db, batchRowId);
  const messages = (await messagesOfBatch(db, batchRowId)).filter((m) => m.state === 'uploading');
  if (messages.length === 0) return;
  const outgoing = messages.map((m) => {
    const release = m.release as StoredRelease;
    return outgoingFor(
      release,
      { messageId: m.message_id, xml: m.xml!, filesNotProvided: new Set(release.notProvided) },
      sourceFor(deps),
    );
  });
  const upload = batchUpload(store.batch_mode, batch.batch_id, outgoing);
  let adapter: ReturnType<typeof adapterFor> | undefined;
  try {
    adapter = adapterFor(store, deps.config.delivery);
    const report = await adapter.uploadBatch(upload);
    await db.transaction().execute(async (trx) => {
      await finishBatch(trx, batchRowId, { state: 'complete', files: upload.files.length, bytes: report.bytes });
      for (const m of messages) {
        // A takedown (or purge) to a store that confirms nothing is done once it is there; the rest waits for the store.
        const manual = store.live_confirmation === 'manual';
        const to =
          manual && m.action === 'takedown' ? 'taken_down' : manual && m.action === 'purge' ? 'purged' : 'delivered';
        await moveMessage(trx, m.id, ['uploading'], to, {
          delivered_at: new Date(),
          lease_until: null,
          failure_rule: null,
          failure_detail: null,
        });
      }
    });
  } catch (err) {
    const rule = err instanceof TransportError ? err.rule : 'transport.io';
    const detail = (err as Error).message;
    for (const m of messages) {
      const attempts = m.attempts + 1;
      if (attempts > RETRY_MINUTES.length || rule === 'transport.config') {
        const moved = await moveMessage(db, m.id, ['uploading'], 'failed', {
          attempts,
          failure_rule: rule,
          failure_detail: JSON.stringify({ detail }),
          lease_until: null,
        });
        if (moved) await noticeStoreChange(deps, { ...m, failure_rule: rule }, 'failed');
      } else {
        const at = new Date(Date.now() + RETRY_MINUTES[attempts - 1]! * 60_000);
        await retryLater(db, m.id, attempts, at, rule, detail);
      }
    }
    if (messages.every((m) => m.attempts + 1 > RETRY_MINUTES.length) || rule === 'transport.config')
      await finishBatch(db, batchRowId, { state: 'failed', error: detail });
  } finally {
    await adapter?.close().catch(() => undefined);
  }
}

/** Starts batches for validated messages and resumes the ones cut off; answers how many messages were handled. */
export async function uploadDue(deps: Deps, workId?: number): Promise<number> {
  const db = deps.database.db;
  // Batches left uploading (a crash, or a retry that is due): the same folder again.
  const resumed = await claimDue(db, ['uploading'], LEASE_MS, 200, workId);
  const fresh = await claimDue(db, ['validated'], LEASE_MS, 200, workId);
  const codes = [...new Set([...resumed, ...fresh].map((m) => m.platform_code))];
  const stores = new Map((await storesByCode(db, codes)).map((s) => [s.code, s]));

  const batches = new Map<number, StoreRow>();
  for (const m of resumed) if (m.batch_id !== null) batches.set(m.batch_id, stores.get(m.platform_code)!);

  const byStore = new Map<string, MessageRow[]>();
  for (const m of fresh) byStore.set(m.platform_code, [...(byStore.get(m.platform_code) ?? []), m]);
  for (const [code, list] of byStore) {
    const store = stores.get(code)!;
    const groups = store.batch_mode === 'batch' ? [list] : list.map((m) => [m]);
    for (const group of groups) {
      // Distinct BatchIds even for two batches in the same millisecond: stores order batches by them.
      const batchId = batchIdFor(new Date(Date.now() + batches.size));
      const folder =
        store.batch_mode === 'batch' ? `N_${batchId}` : `N_${(group[0]!.release as ReleaseModel).upc}_${batchId}`;
      const rowId = await db.transaction().execute(async (trx) => {
        const id = await insertBatch(trx, { platform_code: code, batch_id: batchId, folder });
        for (const m of group) await moveMessage(trx, m.id, ['validated'], 'uploading', { batch_id: id });
        return id;
      });
      batches.set(rowId, store);
    }
  }
  for (const [batchRowId, store] of batches) await uploadBatchRow(deps, store, batchRowId);
  await releaseLease(
    db,
    [...resumed, ...fresh].map((m) => m.id),
  );
  return resumed.length + fresh.length;
}
