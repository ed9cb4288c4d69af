/**
 * Permanent removal (an admin's action in the console): a PurgeReleaseMessage to each store of a work already taken
 * down (992) whose rule pack accepts one. Stores that take no purge (Spotify's pack, the Chinese stores': "we don't
 * accept PurgeReleaseMessage as a takedown") are named and left with their takedown; nothing is sent to them. The
 * purge is a delivery message like the others (queued in the request's transaction, built and checked through the
 * three gates, uploaded with the same choreography, its XML and hash kept immutable) and ends `purged` once the store
 * has it (a store that confirms nothing) or accepts it. A store is purged once: asking again sends nothing more. A
 * work purged anywhere cannot be restored.
 */
import type { PurgePlan } from '@trackline/contract/distribution-types';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { findWork } from '../works/works.repository';
import { latestPerStore, type MessageRow, type StoreRow, storesByCode } from './distribution.repository';
import { queueMessage } from './distribution.service';
import { wakeDeliveries } from './distribution.tasks';
import { rulePack } from './gates/store-rules';

function outcomeAt(store: StoreRow | undefined, last: MessageRow): PurgePlan['stores'][number]['outcome'] {
  if (!store?.delivery_enabled || store.transport === 'none') return 'manual';
  // A purge on its way or done is not sent again; one that failed may be.
  if (last.action === 'purge' && last.state !== 'failed') return 'already';
  if (!rulePack(store.rule_pack).acceptsPurge) return 'refused';
  const takenDown = last.action === 'takedown' && last.state === 'taken_down';
  return takenDown || last.action === 'purge' ? 'send' : 'not_taken_down';
}

/** What a purge of the work would do at each store that ever had a message for it. */
export async function purgePlan(db: Db, workId: number, lang: 'zh-CN' | 'en', forUpdate = false): Promise<PurgePlan> {
  const work = await findWork(db, workId, { forUpdate });
  if (!work) throw new AppError('WORK_NOT_FOUND');
  const latest = await latestPerStore(db, workId);
  const stores = new Map(
    (
      await storesByCode(
        db,
        latest.map((m) => m.platform_code),
      )
    ).map((s) => [s.code, s]),
  );
  const rows = latest.map((m) => {
    const store = stores.get(m.platform_code);
    return {
      code: m.platform_code,
      name: store ? (lang === 'en' ? store.name_en : store.name_zh) : m.platform_code,
      outcome: outcomeAt(store, m),
    };
  });
  return {
    work_id: work.id,
    title: work.title,
    status: work.status,
    can_purge: work.status === '992' && rows.some((r) => r.outcome === 'send'),
    stores: rows,
  };
}

/** Queues the purges of a taken-down work (992, else 2711); answers each store's outcome. */
export async function purgeWork(deps: Deps, staffId: number, workId: number, lang: 'zh-CN' | 'en'): Promise<PurgePlan> {
  return deps.database.db.transaction().execute(async (trx) => {
    const plan = await purgePlan(trx, workId, lang, true);
    if (plan.status !== '992') throw new AppError('DELIVERY_PURGE_NOT_TAKEN_DOWN', { status: plan.status });
    let sent = 0;
    for (const store of plan.stores) {
      if (store.outcome !== 'send') continue;
      await queueMessage(trx, workId, store.code, 'purge', 'metadata', { staffId });
      store.outcome = 'sent';
      sent += 1;
    }
    if (sent > 0) await wakeDeliveries(deps, trx, workId);
    return { ...plan, can_purge: false };
  });
}
