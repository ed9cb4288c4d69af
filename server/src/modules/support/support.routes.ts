/**
 * POST /api/problem/add_pro { type, content, mobile } — no login needed, a session is used when present;
 * staff: GET /api/admin/problem/list?status=&type=&page=&limit=, POST /api/admin/problem/close { id } (support role).
 */
import { problemBody } from '@trackline/contract/content';
import { PAGE_LIMIT_MAX, PROBLEM_STATUSES } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { agentForDomain } from '../site/site.service';
import { requireRole } from '../staff/staff.service';
import { addProblem, closeProblemById, listProblems } from './support.service';

const problemListQuery = z.object({
  status: z.enum(PROBLEM_STATUSES).optional(),
  type: z.coerce.number().int().min(1).max(9).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
});

const problemCloseBody = z.object({ id: z.coerce.number().int().positive() });

export async function supportRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The session when there is a valid one; anonymous otherwise (a stale token does not stop feedback). */
  const optionalUser = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await auth.requireUser(request, reply);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      request.user = undefined;
    }
  };

  r.post(
    API.problemAdd,
    { schema: { tags: ['support'], summary: 'Send problem feedback', body: problemBody }, preHandler: optionalUser },
    async (request) => {
      const agent = await agentForDomain(deps, request.hostname);
      const user = request.user?.subject;
      await addProblem(deps, request.body, {
        ip: request.ip,
        agentId: agent.id,
        user: user ? { id: user.id, mobile: user.mobile } : undefined,
      });
      return ok(null, okText('PROBLEM_RECEIVED', langOf(request)));
    },
  );

  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const support = [auth.requireStaffSession, requireRole('support')];

  r.get(
    API.admin.problemList,
    { schema: { tags, security, summary: 'Problem feedback', querystring: problemListQuery }, preHandler: support },
    async (request) => ok(await listProblems(deps, request.query)),
  );

  r.post(
    API.admin.problemClose,
    { schema: { tags, security, summary: 'Close problem feedback', body: problemCloseBody }, preHandler: support },
    async (request) => {
      await closeProblemById(deps, request.body.id, request.staffMember!.id);
      return ok(null, okText('CLOSED', langOf(request)));
    },
  );
}
