/**
 * Step 1 of a delivery: queued → validated (or failed). The release model is made from the work as it is now (the
 * statement of truth), the store's deals added (none for a takedown), the files the store already holds listed as
 * not provided (an update's unchanged files, or every file for a metadata-only redelivery), and the message built and
 * passed through the three gates. The XML, its SHA-256 and the model are stored with the message: from then on the
 * message is what was checked, whatever happens to the work.
 */
import { createHash } from 'node:crypto';
import type { WorkDetail } from '@trackline/contract/work-model';
import type { Deps } from '../../platform/deps';
import { readCoverHeader } from '../media/image';
import { loadWorkDetail } from '../works/work-detail';
import { noticeStoreChange } from './delivery-status';
import {
  claimDue,
  lastReached,
  type MessageRow,
  moveMessage,
  releaseLease,
  storesByCode,
} from './distribution.repository';
import type { GateIssue } from './gates/gate-result';
import { buildCheckedMessages, type MessageRequest } from './message-pipeline';
import { releaseFromWork } from './release-facts';
import type { ReleaseModel } from './release-model';
import { storeConfig } from './store-config';

const LEASE_MS = 5 * 60_000;

function allFileKeys(release: ReleaseModel): string[] {
  return [...release.tracks.map((t) => t.audio.key), release.cover.key];
}

/** Keys of this release's files the store already holds: the same bytes (by SHA-256) as in what reached it before. */
function filesHeld(release: ReleaseModel, before: ReleaseModel | null): Set<string> {
  if (!before) return new Set();
  const held = new Set([...before.tracks.map((t) => t.audio.sha256), before.cover.sha256]);
  const files = [...release.tracks.map((t) => t.audio), release.cover];
  return new Set(files.filter((f) => held.has(f.sha256)).map((f) => f.key));
}

/**
 * Files stored before their hash and analysis were kept (small uploads through /api/common/upload): the SHA-256 is
 * computed from the stored bytes, and a cover's header read from them — facts of the file, derived, never invented.
 * A file that is gone stays without them, and the facts gate names it.
 */
async function completeFileFacts(deps: Deps, work: WorkDetail): Promise<void> {
  const files = [...(work.cover ? [work.cover] : []), ...work.tracks.flatMap((t) => t.materials)];
  for (const f of files) {
    if (!f.sha256) {
      const body = await deps.storage.read(f.key);
      if (body) {
        const hash = createHash('sha256');
        for await (const chunk of body) hash.update(chunk as Buffer);
        f.sha256 = hash.digest('hex');
      }
    }
    if (f.kind === 'cover' && !f.meta) {
      const bytes = await deps.storage.get(f.key);
      const header = bytes ? await readCoverHeader(bytes) : null;
      if (header && !('issues' in header)) f.meta = { ...header };
    }
  }
}

async function fail(deps: Deps, m: MessageRow, issues: GateIssue[], xml: string | null = null) {
  const rule = issues[0]?.rule ?? 'unknown';
  const moved = await moveMessage(deps.database.db, m.id, ['queued'], 'failed', {
    failure_rule: rule,
    failure_detail: JSON.stringify({ issues, xml }),
    lease_until: null,
  });
  if (moved) await noticeStoreChange(deps, { ...m, failure_rule: rule }, 'failed');
}

/** Builds and checks the due queued messages (of one work when given); answers how many were handled. */
export async function buildQueued(deps: Deps, workId?: number): Promise<number> {
  const db = deps.database.db;
  const claimed = await claimDue(db, ['queued'], LEASE_MS, 50, workId);
  if (claimed.length === 0) return 0;
  const stores = new Map(
    (await storesByCode(db, [...new Set(claimed.map((m) => m.platform_code))])).map((s) => [s.code, s]),
  );
  const works = new Map<number, WorkDetail>();
  const pending: Array<{ message: MessageRow; request: MessageRequest }> = [];

  for (const m of claimed) {
    const store = storeConfig(stores.get(m.platform_code)!);
    if (!store.ok) {
      await fail(deps, m, store.issues);
      continue;
    }
    let work = works.get(m.work_id);
    if (!work) {
      work = await loadWorkDetail(deps, m.work_id);
      await completeFileFacts(deps, work);
      works.set(m.work_id, work);
    }
    const facts = releaseFromWork(work);
    if (!facts.ok) {
      await fail(deps, m, facts.issues);
      continue;
    }
    const release = facts.release;
    const before = await lastReached(db, m.work_id, m.platform_code, m.id, true);
    const beforeRelease = (before?.release as ReleaseModel | null) ?? null;
    const withoutFiles = m.action === 'takedown' || m.action === 'purge';
    // full: every file goes (a redelivery "with full assets"); metadata: the files the store holds are listed only.
    const notProvided = withoutFiles
      ? new Set(allFileKeys(release))
      : m.scope === 'metadata'
        ? filesHeld(release, beforeRelease)
        : new Set<string>();
    const { config } = store;
    pending.push({
      message: m,
      request: {
        release,
        rules: config.rules,
        options: {
          action: m.action,
          messageId: m.message_id,
          threadId: `TL-${m.work_id}-${m.platform_code}`,
          createdAt: m.created_at,
          test: config.test,
          sender: deps.config.delivery.sender,
          recipient: config.recipient,
          deals: m.action === 'takedown' || m.action === 'purge' ? [] : config.deals,
          filesNotProvided: notProvided,
        },
      },
    });
  }

  const checked = await buildCheckedMessages(pending.map((p) => p.request));
  for (const [i, { message, request }] of pending.entries()) {
    const result = checked[i]!;
    if (!result.ok) {
      await fail(deps, message, result.issues, result.xml);
      continue;
    }
    const stored = { ...request.release, notProvided: [...request.options.filesNotProvided] };
    await moveMessage(db, message.id, ['queued'], 'validated', {
      xml: result.xml,
      xml_sha256: result.sha256,
      release: JSON.stringify(stored),
      failure_rule: null,
      failure_detail: null,
      lease_until: null,
      next_attempt_at: new Date(),
    });
  }
  await releaseLease(
    db,
    claimed.map((m) => m.id),
  );
  return claimed.length;
}
