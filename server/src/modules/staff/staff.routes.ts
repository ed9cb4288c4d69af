/** The staff console's own calls: login, who am I, logout, and (admins) staff management. */
import { API } from '@trackline/contract/paths';
import { staffCreateBody, staffLoginBody, staffUpdateBody } from '@trackline/contract/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { type AuthHooks, cookieName, cookieOptions, refuseCrossSite } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import * as staff from './staff.service';

export async function staffRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const anyStaff = [auth.requireStaffSession, staff.requireRole()];
  const admins = [auth.requireStaffSession, staff.requireRole('admin')];

  r.post(
    API.admin.login,
    { schema: { tags, summary: 'Staff login', body: staffLoginBody }, onRequest: refuseCrossSite(deps.config) },
    async (request, reply) => {
      const result = await staff.staffLogin(deps, request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      reply.setCookie(cookieName('staff'), result.token, cookieOptions(deps.config, request));
      return ok({ staff: result.staff }, okText('LOGGED_IN', langOf(request)));
    },
  );

  r.get(
    API.admin.me,
    { schema: { tags, security, summary: 'The logged-in staff member' }, preHandler: anyStaff },
    async (request) => ok({ staff: request.staffMember! }),
  );

  r.get(
    API.admin.logout,
    {
      schema: { tags, security, summary: 'Staff logout' },
      preHandler: auth.requireStaffSession,
      config: { stateChanging: true },
    },
    async (request, reply) => {
      await staff.staffLogout(deps, request.staff!.sessionId);
      reply.clearCookie(cookieName('staff'), { path: '/' });
      return ok(null, okText('LOGGED_OUT', langOf(request)));
    },
  );

  r.get(API.admin.staffList, { schema: { tags, security, summary: 'All staff' }, preHandler: admins }, async () =>
    ok({ list: await staff.allStaff(deps) }),
  );

  r.post(
    API.admin.staffCreate,
    { schema: { tags, security, body: staffCreateBody }, preHandler: admins },
    async (request) => ok({ staff: await staff.createStaff(deps, request.body) }, okText('SAVED', langOf(request))),
  );

  r.post(
    API.admin.staffUpdate,
    { schema: { tags, security, body: staffUpdateBody }, preHandler: admins },
    async (request) => {
      const actor = { id: request.staffMember!.id, sessionId: request.staff!.sessionId };
      return ok({ staff: await staff.changeStaff(deps, actor, request.body) }, okText('SAVED', langOf(request)));
    },
  );
}
