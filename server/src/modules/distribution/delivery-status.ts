/**
 * What the stores' states mean for the work. The spec's 990/991 are derived, never set by hand: a work in 990 moves
 * to 991 (action stores_live, actor system) once no selected store is still on its way and at least one is live.
 * A store that failed is not on its way (it waits for someone to act), so one refusal does not hold the others back;
 * a work whose every store failed stays 990, with each store's reason on its page. Stores the engine does not deliver
 * to are confirmed by an editor ("mark online", which stays for them and is recorded in the work's history).
 *
 * Also the musician's notices: a message when a store goes live and when one fails, saying who must act.
 */
import { templated } from '@trackline/contract/message-templates';
import type { DeliveryState } from '../../platform/db/schema-distribution';
import type { Deps } from '../../platform/deps';
import { sendToUser } from '../messages/messages.service';
import { workLink } from '../works/work-messages';
import { applyTransition } from '../works/work-transition';
import { findWork } from '../works/works.repository';
import { latestPerStore, type MessageRow, storesByCode } from './distribution.repository';

export const ON_THE_WAY: readonly DeliveryState[] = [
  'queued',
  'built',
  'validated',
  'uploading',
  'delivered',
  'acknowledged',
];

export const DELIVERY_MESSAGE_KIND = 'delivery';

/** Moves a 990 work to 991 when its stores say so; answers whether it moved. */
export async function refreshWorkStatus(deps: Deps, workId: number): Promise<boolean> {
  return deps.database.db.transaction().execute(async (trx) => {
    const work = await findWork(trx, workId, { forUpdate: true });
    if (work?.status !== '990') return false;
    const latest = (await latestPerStore(trx, workId)).filter((m) => work.platforms.includes(m.platform_code));
    const onTheWay = latest.some((m) => ON_THE_WAY.includes(m.state));
    const live = latest.filter((m) => m.state === 'live');
    if (onTheWay || live.length === 0) return false;
    await applyTransition(trx, {
      workId,
      from: '990',
      action: 'stores_live',
      actor: 'system',
      remark: `live: ${live.map((m) => m.platform_code).join(', ')}`,
    });
    await sendToUser(
      deps,
      work.user_id,
      templated(DELIVERY_MESSAGE_KIND, 'delivery.online', { id: workId, title: work.title }, workLink(workId)),
      trx,
    );
    return true;
  });
}

/** Tells the musician a store went live or failed (written after the state change that caused it). */
export async function noticeStoreChange(deps: Deps, message: MessageRow, outcome: 'live' | 'failed'): Promise<void> {
  const work = await findWork(deps.database.db, message.work_id);
  if (!work) return;
  const [store] = await storesByCode(deps.database.db, [message.platform_code]);
  const names = {
    store_zh: store?.name_zh ?? message.platform_code,
    store_en: store?.name_en ?? message.platform_code,
  };
  const ref = { id: work.id, title: work.title, ...names };
  await sendToUser(
    deps,
    work.user_id,
    outcome === 'live'
      ? templated(DELIVERY_MESSAGE_KIND, 'delivery.store_live', ref, workLink(work.id))
      : templated(
          DELIVERY_MESSAGE_KIND,
          'delivery.store_failed',
          { ...ref, rule: message.failure_rule ?? 'unknown' },
          workLink(work.id),
        ),
  );
}
