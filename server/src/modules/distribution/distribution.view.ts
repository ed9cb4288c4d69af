/**
 * A work's stores as people read them: one row per store the work chose (and per store a change dropped, with the
 * takedown sent to it), with where it stands, since when, when it should be live (the later of delivery plus the
 * store's lead time and the release date), and for a failure the reason, what happens next and who must act, in the
 * reader's language. A store the engine does not deliver to
 * shows as `manual` (an editor confirms it).
 */
import { deliveryFailure } from '@trackline/contract/distribution-texts';
import type { DeliveryState, StoreRow, WorkDistribution } from '@trackline/contract/distribution-types';
import type { Lang } from '@trackline/contract/errors';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { addDays, shanghaiToday } from '../works/calendar';
import { findWork } from '../works/works.repository';
import { ON_THE_WAY } from './delivery-status';
import { latestPerStore, storesByCode } from './distribution.repository';

function laterDay(a: string, b: string | null): string {
  return b && b > a ? b : a;
}

export async function workDistribution(
  db: Db,
  workId: number,
  lang: Lang,
  ownerId?: number,
): Promise<WorkDistribution> {
  const work = await findWork(db, workId, ownerId === undefined ? {} : { userId: ownerId });
  if (!work) throw new AppError('WORK_NOT_FOUND');
  const latest = new Map((await latestPerStore(db, workId)).map((m) => [m.platform_code, m]));
  // Stores a change dropped keep their row while the takedown sent to them goes, and after (taken down).
  const dropped = [...latest.values()]
    .filter((m) => !work.platforms.includes(m.platform_code) && (m.action === 'takedown' || m.action === 'purge'))
    .map((m) => m.platform_code);
  const codes = [...work.platforms, ...dropped];
  const stores = new Map((await storesByCode(db, codes)).map((s) => [s.code, s]));
  const today = shanghaiToday();
  const rows: StoreRow[] = codes.map((code) => {
    const store = stores.get(code);
    const name = store ? (lang === 'en' ? store.name_en : store.name_zh) : code;
    const lead = store?.lead_days ?? 0;
    const confirms = store?.live_confirmation === 'ack' ? 'store' : 'editor';
    const m = latest.get(code);
    if (!m || !store || store.transport === 'none') {
      return {
        code,
        name,
        state: 'manual',
        action: null,
        since: null,
        delivered_at: null,
        live_at: null,
        live_by: null,
        lead_days: lead,
        expected_live: null,
        failure: null,
        confirms: 'editor',
      };
    }
    const state = m.state as DeliveryState;
    const from = m.delivered_at ? m.delivered_at.toISOString().slice(0, 10) : today;
    const onTheWay = ON_THE_WAY.includes(m.state) && m.action !== 'takedown' && m.action !== 'purge';
    return {
      code,
      name,
      state,
      action: m.action,
      since: m.state_at.toISOString(),
      delivered_at: m.delivered_at?.toISOString() ?? null,
      live_at: m.live_at?.toISOString() ?? null,
      live_by: m.live_by,
      lead_days: lead,
      expected_live: onTheWay ? laterDay(addDays(from, lead), work.release_date) : null,
      failure: state === 'failed' ? deliveryFailure(m.failure_rule ?? 'unknown', lang) : null,
      confirms,
    };
  });
  return {
    work_id: workId,
    stores: rows,
    can_take_down:
      work.status === '990' || work.status === '991'
        ? rows.filter((r) => r.delivered_at !== null && r.action !== 'takedown').map((r) => r.code)
        : [],
    // A work removed permanently anywhere (a purge) does not come back.
    can_restore:
      work.status === '992' && ![...latest.values()].some((m) => m.action === 'purge')
        ? rows.filter((r) => r.state === 'taken_down' && work.platforms.includes(r.code)).map((r) => r.code)
        : [],
  };
}
