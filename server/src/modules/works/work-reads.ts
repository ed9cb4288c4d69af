/**
 * The musician's reads: one work in full, its history, its pre-review, the signed letter, the list, the platforms,
 * the menu's counts and the entry page's data. Moved out of works.service.ts.
 */

import type { Lang } from '@trackline/contract/errors';
import type {
  IndexData,
  PlatformItem,
  PrereviewResult,
  WaitCount,
  WorkDetail,
  WorkEvent,
  WorkListData,
} from '@trackline/contract/work-model';
import { STATUS_GROUPS, type StatusGroup, statusesOfGroup, type WorkStatus } from '@trackline/contract/work-status';
import type { WorkListBody } from '@trackline/contract/works';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { addDays, isCalendarDate, shanghaiDayStart, shanghaiToday } from './calendar';
import { prereviewWork } from './prereview';
import { loadWorkDetail, toListItem, workHistory } from './work-detail';
import { ownWork } from './work-guards';
import { countByStatus, enabledPlatforms, findWork, latestAuthorization, pageWorks } from './works.repository';
// ---- reads ----

/** For other modules (a work order about a work): whether the work exists and is this user's. */
export async function isOwnWork(deps: Deps, userId: number, workId: number): Promise<boolean> {
  return (await findWork(deps.database.db, workId, { userId })) !== undefined;
}

export async function myWorkDetail(deps: Deps, userId: number, workId: number): Promise<WorkDetail> {
  await ownWork(deps.database.db, userId, workId);
  return loadWorkDetail(deps, workId);
}

export async function myWorkHistory(deps: Deps, userId: number, workId: number): Promise<WorkEvent[]> {
  await ownWork(deps.database.db, userId, workId);
  return workHistory(deps, workId, { staffNames: false });
}

export async function myPrereview(deps: Deps, userId: number, workId: number): Promise<PrereviewResult> {
  await ownWork(deps.database.db, userId, workId);
  return prereviewWork(deps, workId);
}

/** The latest signed letter's PDF, for its owner only. */
export async function myAuthorizationPdf(
  deps: Deps,
  userId: number,
  workId: number,
): Promise<{ pdf: Buffer; filename: string }> {
  await ownWork(deps.database.db, userId, workId);
  return authorizationPdf(deps, workId);
}

/**
 * The latest signed letter's PDF of a work, with no ownership check: the owner's call checks ownership first, the
 * editors' call (review.service.ts) that the work exists.
 */
export async function authorizationPdf(deps: Deps, workId: number): Promise<{ pdf: Buffer; filename: string }> {
  const letter = await latestAuthorization(deps.database.db, workId);
  const pdf = letter ? await deps.storage.get(letter.pdf_key) : null;
  if (!letter || !pdf) throw new AppError('WORK_AUTHORIZATION_MISSING');
  const day = shanghaiToday(letter.signed_at);
  return { pdf, filename: `trackline-authorization-${workId}-${day}.pdf` };
}

export async function myWorks(deps: Deps, userId: number, query: WorkListBody): Promise<WorkListData> {
  for (const [field, day] of [
    ['from', query.from],
    ['to', query.to],
  ] as const)
    if (day && !isCalendarDate(day)) throw new AppError('VALIDATION', { fields: [field] });
  let statuses: WorkStatus[] | undefined;
  if (query.group) statuses = statusesOfGroup(query.group);
  if (query.status) statuses = (statuses ?? [query.status]).filter((s) => s === query.status);
  const { rows, total } = await pageWorks(
    deps.database.db,
    userId,
    {
      statuses,
      keyword: query.keyword,
      // whole days in Shanghai, both ends included
      createdFrom: query.from ? shanghaiDayStart(query.from) : undefined,
      createdBefore: query.to ? shanghaiDayStart(addDays(query.to, 1)) : undefined,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { list: rows.map((r) => toListItem(deps, r)), total, page: query.page, limit: query.limit };
}

export async function platformList(deps: Deps, lang: Lang): Promise<PlatformItem[]> {
  const rows = await enabledPlatforms(deps.database.db);
  return rows.map((p) => ({ code: p.code, name: lang === 'en' ? p.name_en : p.name_zh, region: p.region }));
}

const DRAFTS: readonly WorkStatus[] = ['00', '01', '10', '11', '100', '101'];
const UNDER_REVIEW: readonly WorkStatus[] = ['200', '201', '300', '301'];
const REJECTED: readonly WorkStatus[] = ['400', '401'];

const sumOf = (counts: Map<string, number>, statuses: readonly WorkStatus[]) =>
  statuses.reduce((n, s) => n + (counts.get(s) ?? 0), 0);

export async function waitCount(deps: Deps, userId: number): Promise<WaitCount> {
  const counts = await countByStatus(deps.database.db, userId);
  return {
    drafts: sumOf(counts, DRAFTS),
    under_review: sumOf(counts, UNDER_REVIEW),
    rejected: sumOf(counts, REJECTED),
  };
}

export const INDEX_LIST_SIZE = 5;

/** The entry page: counts per §4 group, drafts to finish, rejected works to fix, the latest works. */
export async function indexData(deps: Deps, userId: number): Promise<IndexData> {
  const db = deps.database.db;
  const page = { offset: 0, limit: INDEX_LIST_SIZE };
  const [counts, drafts, rejected, recent] = await Promise.all([
    countByStatus(db, userId),
    pageWorks(db, userId, { statuses: DRAFTS }, page),
    pageWorks(db, userId, { statuses: REJECTED }, page),
    pageWorks(db, userId, {}, page),
  ]);
  return {
    counts: Object.fromEntries(STATUS_GROUPS.map((g) => [g, sumOf(counts, statusesOfGroup(g))])) as Record<
      StatusGroup,
      number
    >,
    drafts: drafts.rows.map((r) => toListItem(deps, r)),
    rejected: rejected.rows.map((r) => toListItem(deps, r)),
    recent: recent.rows.map((r) => toListItem(deps, r)),
  };
}
