/** Admins manage the agents (sites): domain, title, logo, company, filing number, contact, QR images. */
import { API } from '@trackline/contract/paths';
import { agentSaveBody } from '@trackline/contract/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { allAgents, saveAgent } from './site.service';

export async function siteAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const admins = [auth.requireStaffSession, requireRole('admin')];
  // Reading the sites is also for the roles that broadcast to one site's users (the broadcast form picks a site);
  // changing them stays with admins.
  const broadcasters = [auth.requireStaffSession, requireRole('admin', 'support', 'content')];

  r.get(API.admin.agentList, { schema: { tags, security, summary: 'All sites' }, preHandler: broadcasters }, async () =>
    ok({ list: await allAgents(deps) }),
  );

  r.post(
    API.admin.agentSave,
    { schema: { tags, security, body: agentSaveBody }, preHandler: admins },
    async (request) => ok({ agent: await saveAgent(deps, request.body) }, okText('SAVED', langOf(request))),
  );
}
