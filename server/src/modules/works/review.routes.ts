/**
 * Editors' review (role editor; admins pass): GET /api/admin/review/list, GET /api/admin/review/detail?id=,
 * GET /api/admin/review/authorization?id= (the signed letter, PDF), POST /api/admin/review/approve, /reject, /online.
 */
import { API } from '@trackline/contract/paths';
import {
  reviewApproveBody,
  reviewListQuery,
  reviewOnlineBody,
  reviewRejectBody,
  workIdBody,
} from '@trackline/contract/works';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import {
  approveWork,
  markWorkOnline,
  rejectWork,
  reviewAuthorizationPdf,
  reviewDetail,
  reviewQueue,
} from './review.service';

export async function reviewRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const editor = [auth.requireStaffSession, requireRole('editor')];

  r.get(
    API.admin.reviewList,
    {
      schema: { tags, security, summary: 'Review queue, oldest submission first', querystring: reviewListQuery },
      preHandler: editor,
    },
    async (request) => ok(await reviewQueue(deps, request.query)),
  );

  r.get(
    API.admin.reviewDetail,
    {
      schema: {
        tags,
        security,
        summary: 'A work with its pre-review, history, musician and audio',
        querystring: workIdBody,
      },
      preHandler: editor,
    },
    async (request) => ok(await reviewDetail(deps, request.query.id, langOf(request))),
  );

  r.get(
    API.admin.reviewAuthorization,
    {
      schema: { tags, security, summary: "A work's signed authorization letter (PDF)", querystring: workIdBody },
      preHandler: editor,
    },
    async (request, reply) => {
      const { pdf, filename } = await reviewAuthorizationPdf(deps, request.query.id);
      // inline: the console opens it in a browser tab to read, beside the work's page
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );

  r.post(
    API.admin.reviewApprove,
    {
      schema: {
        tags,
        security,
        summary: 'Approve: first review 200→300, final review 300→990 (codes assigned); messages the musician',
        body: reviewApproveBody,
      },
      preHandler: editor,
    },
    async (request) =>
      ok(await approveWork(deps, request.staffMember!.id, request.body), okText('SAVED', langOf(request))),
  );

  r.post(
    API.admin.reviewReject,
    {
      schema: {
        tags,
        security,
        summary: 'Reject with a reason (→ 400/401); messages the musician',
        body: reviewRejectBody,
      },
      preHandler: editor,
    },
    async (request) =>
      ok(await rejectWork(deps, request.staffMember!.id, request.body), okText('SAVED', langOf(request))),
  );

  r.post(
    API.admin.reviewOnline,
    {
      schema: {
        tags,
        security,
        summary: 'Mark a work online (990→991); messages the musician',
        body: reviewOnlineBody,
      },
      preHandler: editor,
    },
    async (request) =>
      ok(await markWorkOnline(deps, request.staffMember!.id, request.body), okText('SAVED', langOf(request))),
  );
}
