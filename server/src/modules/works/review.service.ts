/**
 * Editors' review (issue 3, "The editor's side"): the queue of works in first review (200/201) and final review
 * (300/301) and the works approved and waiting to be marked online (990), a work's full page with its signed
 * authorization letter, and the editor's actions — approve (200 → 300 → 990, 201 → 301 → 990), reject
 * (→ 400/401 with a reason and text) and, until delivery to platforms exists, mark online (990 → 991).
 *
 * Every action runs in one transaction: the work's row is locked (FOR UPDATE), the move goes through
 * applyTransition (the only writer of works.status, which records who, from, to and remark), the final approval
 * assigns the missing ISRC and UPC codes, and one message tells the musician. An action is judged against the
 * status the editor saw — the `status` the console sends, else the one read as the call starts — so two editors
 * acting at once never both succeed: the second finds the work moved on and gets WORK_STATUS_CONFLICT.
 */

import type { Lang } from '@trackline/contract/errors';
import { maskMobile } from '@trackline/contract/identifiers';
import { API } from '@trackline/contract/paths';
import type {
  ReviewActionResult,
  ReviewAudio,
  ReviewCodes,
  ReviewDetailData,
  ReviewListData,
  ReviewQueueStage,
} from '@trackline/contract/review-types';
import { MATERIAL_FILE_KIND, type RejectReason } from '@trackline/contract/work-model';
import { allowedActions, isChange, reviewStage, type WorkStatus } from '@trackline/contract/work-status';
import type { ReviewListQuery } from '@trackline/contract/works';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { markDeliveredStoresLive, queueRelease } from '../distribution/distribution.service';
import { sendToUser } from '../messages/messages.service';
import { shanghaiToday } from './calendar';
import { assignMissingIdentifiers } from './identifier-assignment';
import { findWorkOwner, pageQueue, platformsByCode, readWorkForAction } from './review.repository';
import { approvedMessage, onlineMessage, passedFirstMessage, rejectedMessage } from './work-messages';
import { authorizationPdf } from './work-reads';
import { applyTransition } from './work-transition';
import { findWork } from './works.repository';
import { loadWorkDetail, prereviewWork, workHistory } from './works.service';

/** The queue holds review statuses and 990 only: what is not in review waits to be marked online. */
const queueStage = (status: WorkStatus): ReviewQueueStage => reviewStage(status) ?? 'distributing';

export async function reviewQueue(deps: Deps, query: ReviewListQuery): Promise<ReviewListData> {
  const { rows, total } = await pageQueue(
    deps.database.db,
    { stage: query.stage, version: query.version, keyword: query.keyword },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      stage: queueStage(r.status),
      change: isChange(r.status) || r.approved_change === true,
      title: r.title,
      version: r.version,
      primary_artists: r.primary_artists,
      track_count: Number(r.track_count),
      cover_url: r.cover_key ? deps.storage.url(r.cover_key) : null,
      musician: { id: r.user_id, nickname: r.nickname, mobile: maskMobile(r.mobile) },
      submitted_at: r.submitted_at ? r.submitted_at.toISOString() : null,
      status_since: (r.status_since ? new Date(r.status_since) : r.updated_at).toISOString(),
      age_seconds: Math.max(0, Number(r.age_seconds)),
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Any work, whatever its status (editors may look at every work; the actions check the status), with its platforms
 * named in `lang`.
 */
export async function reviewDetail(deps: Deps, workId: number, lang: Lang): Promise<ReviewDetailData> {
  const owner = await findWorkOwner(deps.database.db, workId);
  if (!owner) throw new AppError('WORK_NOT_FOUND');
  const [work, prereview, history] = await Promise.all([
    loadWorkDetail(deps, workId),
    prereviewWork(deps, workId),
    workHistory(deps, workId),
  ]);
  const audio: ReviewAudio[] = work.tracks.flatMap((t) =>
    t.materials
      .filter((m) => MATERIAL_FILE_KIND[m.kind] === 'audio')
      .map((m) => ({
        track_id: t.id,
        position: t.position,
        track_title: t.title,
        kind: m.kind,
        url: m.url,
        name: m.name,
        meta: m.meta,
      })),
  );
  const known = new Map((await platformsByCode(deps.database.db, work.platforms)).map((p) => [p.code, p]));
  const platforms = work.platforms.map((code) => {
    const p = known.get(code);
    return { code, name: p ? (lang === 'en' ? p.name_en : p.name_zh) : code };
  });
  return {
    work,
    prereview,
    history,
    musician: {
      id: owner.user_id,
      nickname: owner.nickname,
      mobile: maskMobile(owner.mobile),
      real_name: owner.real_name || null,
    },
    audio,
    actions: allowedActions(work.status, 'editor'),
    // The musician's call (work.authorization.pdf_url) answers the owner only; editors read it through their own.
    authorization_pdf_url: work.authorization ? `${API.admin.reviewAuthorization}?id=${work.id}` : null,
    platforms,
  };
}

/** The signed authorization letter of any work, for editors: 2100 for an unknown work, 2127 when none is stored. */
export async function reviewAuthorizationPdf(deps: Deps, workId: number): Promise<{ pdf: Buffer; filename: string }> {
  if (!(await findWorkOwner(deps.database.db, workId))) throw new AppError('WORK_NOT_FOUND');
  return authorizationPdf(deps, workId);
}

type LockedWork = NonNullable<Awaited<ReturnType<typeof readWorkForAction>>>;

/**
 * Runs an editor's action on the work, locked, in one transaction. `seen` is the status the editor acted on; without
 * it, the status read before taking the lock: if another action committed while this one waited for the lock, the
 * work is no longer what the editor meant to act on.
 */
function actOnWork<T>(
  deps: Deps,
  workId: number,
  seen: WorkStatus | undefined,
  act: (trx: Db, work: LockedWork) => Promise<T>,
): Promise<T> {
  return deps.database.db.transaction().execute(async (trx) => {
    const expected = seen ?? (await readWorkForAction(trx, workId, false))?.status;
    const work = await readWorkForAction(trx, workId, true);
    if (!work) throw new AppError('WORK_NOT_FOUND');
    if (expected !== undefined && work.status !== expected)
      throw new AppError('WORK_STATUS_CONFLICT', { expected, status: work.status });
    return act(trx, work);
  });
}

/** 200 → 300 / 201 → 301 (first review), or 300 / 301 → 990 (final: codes assigned, a change's snapshot dropped). */
export function approveWork(
  deps: Deps,
  staffId: number,
  body: { id: number; remark: string; status?: WorkStatus },
): Promise<ReviewActionResult> {
  return actOnWork(deps, body.id, body.status, async (trx, work) => {
    const stage = reviewStage(work.status);
    if (!stage) throw new AppError('WORK_STATUS_CONFLICT', { status: work.status });
    const change = isChange(work.status);
    let codes: ReviewCodes | undefined;
    if (stage === 'final') codes = await assignMissingIdentifiers(trx, work.id, deps.config.identifiers);
    const status = await applyTransition(trx, {
      workId: work.id,
      from: work.status,
      action: stage === 'first' ? 'pass_first' : 'pass_final',
      actor: 'editor',
      staffId,
      remark: body.remark,
      // The approved change is now the live version: the copy kept of the old one goes.
      set: stage === 'final' && change ? { live_snapshot: null } : undefined,
    });
    // Approved for release: queued for each of its stores in this transaction (distribution module).
    if (stage === 'final') {
      const approved = await findWork(trx, work.id);
      await queueRelease(deps, trx, work.id, approved?.platforms ?? [], { staffId }, { keepTakenDown: true });
    }
    const message = codes
      ? approvedMessage({ id: work.id, title: work.title, change }, codes, body.remark)
      : passedFirstMessage(work, body.remark);
    await sendToUser(deps, work.user_id, message, trx);
    return { id: work.id, status, ...(codes ? { codes } : {}) };
  });
}

/** 200 / 300 → 400, 201 / 301 → 401, with the reason and the editor's text shown to the musician. */
export function rejectWork(
  deps: Deps,
  staffId: number,
  body: { id: number; reason: RejectReason; remark: string; status?: WorkStatus },
): Promise<ReviewActionResult> {
  // "Other" says nothing by itself: the musician needs the editor's words to know what to fix.
  if (body.reason === 'other' && body.remark.trim() === '') throw new AppError('VALIDATION', { fields: ['remark'] });
  return actOnWork(deps, body.id, body.status, async (trx, work) => {
    const status = await applyTransition(trx, {
      workId: work.id,
      from: work.status,
      action: 'reject',
      actor: 'editor',
      staffId,
      remark: body.remark,
      set: { reject_reason: body.reason, reject_text: body.remark },
    });
    await sendToUser(deps, work.user_id, rejectedMessage(work, body.reason, body.remark), trx);
    return { id: work.id, status };
  });
}

/**
 * 990 → 991 by an editor: for stores that confirm nothing themselves, the editor records that the work is online
 * (stores that do confirm move the work to 991 by themselves, distribution/delivery-status.ts).
 */
export function markWorkOnline(
  deps: Deps,
  staffId: number,
  body: { id: number; remark: string; before_release?: boolean },
): Promise<ReviewActionResult> {
  return actOnWork(deps, body.id, undefined, async (trx, work) => {
    // Before its release date the work is not online anywhere yet: only on the editor's explicit confirmation.
    const today = shanghaiToday();
    if (work.release_date && today < work.release_date && !body.before_release)
      throw new AppError('WORK_ONLINE_BEFORE_RELEASE', { release_date: work.release_date, today });
    // Stores delivered to that confirm nothing themselves: the editor's word makes them live (distribution module).
    const stores = work.status === '990' ? await markDeliveredStoresLive(trx, work.id) : [];
    const status = await applyTransition(trx, {
      workId: work.id,
      from: work.status,
      action: 'mark_online',
      actor: 'editor',
      staffId,
      remark: stores.length > 0 ? `${body.remark}${body.remark ? ' · ' : ''}${stores.join(', ')}` : body.remark,
    });
    await sendToUser(deps, work.user_id, onlineMessage(work, body.remark), trx);
    return { id: work.id, status };
  });
}
