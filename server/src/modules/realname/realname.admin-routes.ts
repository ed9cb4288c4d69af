/**
 * The console's enterprise verification queue (role support; admins pass): list by state, one request with its
 * licence (a short-lived signed link), approve, refuse with a reason the account sees.
 */
import { API } from '@trackline/contract/paths';
import {
  enterpriseApproveBody,
  enterpriseIdQuery,
  enterpriseListQuery,
  enterpriseRefuseBody,
} from '@trackline/contract/realname';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { ok } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { approveEnterprise, enterpriseDetail, enterpriseQueue, refuseEnterprise } from './enterprise';

export const ENTERPRISE_REVIEW_ROLE = 'support' as const;

export async function realnameAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const reviewer = [auth.requireStaffSession, requireRole(ENTERPRISE_REVIEW_ROLE)];
  const P = API.admin.realname;

  r.get(
    P.enterpriseList,
    {
      schema: { tags, security, summary: 'Enterprise verification queue', querystring: enterpriseListQuery },
      preHandler: reviewer,
    },
    async (request) => ok(await enterpriseQueue(deps, request.query)),
  );
  r.get(
    P.enterpriseDetail,
    {
      schema: { tags, security, summary: 'One enterprise request with its licence', querystring: enterpriseIdQuery },
      preHandler: reviewer,
    },
    async (request) => ok(await enterpriseDetail(deps, request.query.user_id)),
  );
  r.post(
    P.enterpriseApprove,
    {
      schema: { tags, security, summary: 'Approve an enterprise', body: enterpriseApproveBody },
      preHandler: reviewer,
    },
    async (request) => {
      await approveEnterprise(deps, request.staff!.subjectId, request.body.user_id);
      return ok(await enterpriseDetail(deps, request.body.user_id));
    },
  );
  r.post(
    P.enterpriseRefuse,
    {
      schema: { tags, security, summary: 'Refuse an enterprise with a reason', body: enterpriseRefuseBody },
      preHandler: reviewer,
    },
    async (request) => {
      await refuseEnterprise(deps, request.staff!.subjectId, request.body.user_id, request.body.reason);
      return ok(await enterpriseDetail(deps, request.body.user_id));
    },
  );
}
