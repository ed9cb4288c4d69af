/**
 * Work orders (spec §7): POST /api/workorder/create, GET|POST /api/workorder/my, GET|POST /api/workorder/detail,
 * POST /api/workorder/reply (logged in; the GET and POST forms take the same fields, as query or JSON body).
 * Console (support role; admins pass): GET /api/admin/workorder/list, GET /api/admin/workorder/detail,
 * POST /api/admin/workorder/reply, /assign, /close.
 */
import { API } from '@trackline/contract/paths';
import {
  adminWorkorderAssignBody,
  adminWorkorderCloseBody,
  adminWorkorderDetailQuery,
  adminWorkorderListQuery,
  adminWorkorderReplyBody,
  workorderCreateBody,
  workorderDetailBody,
  workorderMyBody,
  workorderReplyBody,
} from '@trackline/contract/workorders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { bodyFromQuery } from '../../platform/http/body-from-query';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import {
  assignWorkorder,
  closeWorkorder,
  createWorkorder,
  myWorkorder,
  myWorkorders,
  replyAsStaff,
  replyAsUser,
  staffWorkorder,
  workorderQueue,
} from './workorder.service';

export async function workorderRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workorder'];
  const security = [{ token: [] }];
  const user = auth.requireUser;

  r.post(
    API.workorderCreate,
    { schema: { tags, security, summary: 'Open a work order', body: workorderCreateBody }, preHandler: user },
    async (request) => {
      const u = request.user!.subject;
      const created = await createWorkorder(deps, { id: u.id, agentId: u.agent_id }, request.body, langOf(request));
      return ok(created, okText('WORKORDER_CREATED', langOf(request)));
    },
  );

  const mySummary = 'My work orders, latest activity first';
  r.get(
    API.workorderMy,
    { schema: { tags, security, summary: mySummary, querystring: workorderMyBody }, preHandler: user },
    async (request) => ok(await myWorkorders(deps, request.user!.subjectId, request.query)),
  );
  r.post(
    API.workorderMy,
    {
      schema: { tags, security, summary: mySummary, body: workorderMyBody },
      preValidation: bodyFromQuery,
      preHandler: user,
      config: { readOnly: true },
    },
    async (request) => ok(await myWorkorders(deps, request.user!.subjectId, request.body)),
  );

  // Opening an order marks the staff's replies read: the GET form is guarded like a POST.
  const detailSummary = 'One of my work orders with its thread, oldest first';
  r.get(
    API.workorderDetail,
    {
      schema: { tags, security, summary: detailSummary, querystring: workorderDetailBody },
      preHandler: user,
      config: { stateChanging: true },
    },
    async (request) => ok(await myWorkorder(deps, request.user!.subjectId, request.query.id)),
  );
  r.post(
    API.workorderDetail,
    {
      schema: { tags, security, summary: detailSummary, body: workorderDetailBody },
      preValidation: bodyFromQuery,
      preHandler: user,
      config: { readOnly: true },
    },
    async (request) => ok(await myWorkorder(deps, request.user!.subjectId, request.body.id)),
  );

  r.post(
    API.workorderReply,
    { schema: { tags, security, summary: 'Reply to my work order', body: workorderReplyBody }, preHandler: user },
    async (request) =>
      ok(await replyAsUser(deps, request.user!.subjectId, request.body), okText('SENT', langOf(request))),
  );

  const adminTags = ['admin'];
  const adminSecurity = [{ adminToken: [] }];
  const support = [auth.requireStaffSession, requireRole('support')];

  r.get(
    API.admin.workorderList,
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Work-order queue',
        querystring: adminWorkorderListQuery,
      },
      preHandler: support,
    },
    async (request) => ok(await workorderQueue(deps, request.staffMember!.id, request.query)),
  );

  r.get(
    API.admin.workorderDetail,
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'A work order with its thread',
        querystring: adminWorkorderDetailQuery,
      },
      preHandler: support,
    },
    async (request) => ok(await staffWorkorder(deps, request.query.id)),
  );

  r.post(
    API.admin.workorderReply,
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Reply to a work order (messages the user)',
        body: adminWorkorderReplyBody,
      },
      preHandler: support,
    },
    async (request) =>
      ok(await replyAsStaff(deps, request.staffMember!.id, request.body), okText('SENT', langOf(request))),
  );

  r.post(
    API.admin.workorderAssign,
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Assign a work order',
        body: adminWorkorderAssignBody,
      },
      preHandler: support,
    },
    async (request) => {
      await assignWorkorder(deps, request.body.id, request.body.staff_id);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );

  r.post(
    API.admin.workorderClose,
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Close a work order (messages the user)',
        body: adminWorkorderCloseBody,
      },
      preHandler: support,
    },
    async (request) => ok(await closeWorkorder(deps, request.body.id), okText('CLOSED', langOf(request))),
  );
}
