/**
 * Problem feedback (spec §5): anyone may send it; a logged-in caller's account is attached and their username (the
 * mobile number) stands in for an empty mobile. An anonymous sender must leave a valid mobile number, or there is no
 * one to answer. Limited per IP and per mobile. The support staff read, filter and close it.
 */
import type { ProblemBody } from '@trackline/contract/content';
import type { ProblemItem, ProblemListData } from '@trackline/contract/content-types';
import { isMainlandMobile } from '@trackline/contract/identifiers';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hitWithin } from '../../platform/security/rate-limiter';
import { closeProblem, insertProblem, type ProblemFilter, pageProblems } from './support.repository';

export const PROBLEM_LIMITS = { perIpPerHour: 10, perMobilePerHour: 5 } as const;

export async function addProblem(
  deps: Deps,
  body: ProblemBody,
  caller: { ip: string; agentId: number; user?: { id: number; mobile: string } },
): Promise<number> {
  const mobile = body.mobile || caller.user?.mobile || '';
  if (!isMainlandMobile(mobile)) throw new AppError('MOBILE_INVALID');
  const allowed = await hitWithin(deps.limiter, [
    { key: `problem:ip:${caller.ip}`, windowSec: 3600, max: PROBLEM_LIMITS.perIpPerHour },
    { key: `problem:mobile:${mobile}`, windowSec: 3600, max: PROBLEM_LIMITS.perMobilePerHour },
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED');
  return insertProblem(deps.database.db, {
    type: body.type,
    content: body.content,
    mobile,
    user_id: caller.user?.id ?? null,
    agent_id: caller.agentId,
    ip: caller.ip.slice(0, 64),
  });
}

export async function listProblems(
  deps: Deps,
  query: ProblemFilter & { page: number; limit: number },
): Promise<ProblemListData> {
  const { list, total } = await pageProblems(
    deps.database.db,
    { status: query.status, type: query.type },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  const items: ProblemItem[] = list.map((p) => ({
    ...p,
    created_at: p.created_at.toISOString(),
    closed_at: p.closed_at ? p.closed_at.toISOString() : null,
  }));
  return { list: items, total, page: query.page, limit: query.limit };
}

export async function closeProblemById(deps: Deps, id: number, staffId: number): Promise<void> {
  if (!(await closeProblem(deps.database.db, id, staffId))) throw new AppError('NOT_FOUND');
}
