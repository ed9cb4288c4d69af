/**
 * The console's delivery operations (role editor; admins pass): overview, a batch with its files, a work's stores,
 * redeliver, hold a store, the XML of a message as sent, the diff of a release's last two messages at a store, and
 * marking a store live; and, for admins only, the permanent removal of a taken-down work (purge_plan, purge).
 */
import {
  batchQuery,
  diffQuery,
  holdBody,
  messageIdQuery,
  purgeBody,
  redeliverBody,
  workStoresQuery,
} from '@trackline/contract/distribution';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import {
  batchDetail,
  hold,
  markLive,
  messageDiff,
  messageXml,
  overview,
  redeliver,
} from './distribution.admin-service';
import { purgePlan, purgeWork } from './distribution.purge';
import { workDistribution } from './distribution.view';

export async function distributionAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const preHandler = [auth.requireStaffSession, requireRole('editor')];
  const paths = API.admin.distribution;

  r.get(
    paths.overview,
    { schema: { tags, security, summary: 'Delivery operations overview' }, preHandler },
    async (request) => ok(await overview(deps, langOf(request))),
  );
  r.get(
    paths.batch,
    { schema: { tags, security, summary: 'One batch with its files', querystring: batchQuery }, preHandler },
    async (request) => ok(await batchDetail(deps, request.query.id, langOf(request))),
  );
  r.get(
    paths.work,
    { schema: { tags, security, summary: "A work's stores", querystring: workStoresQuery }, preHandler },
    async (request) => ok(await workDistribution(deps.database.db, request.query.work_id, langOf(request))),
  );
  r.post(
    paths.redeliver,
    { schema: { tags, security, summary: 'Redeliver a release to a store', body: redeliverBody }, preHandler },
    async (request) =>
      ok(await redeliver(deps, request.staffMember!.id, request.body), okText('SAVED', langOf(request))),
  );
  r.post(
    paths.hold,
    { schema: { tags, security, summary: 'Hold or release a store', body: holdBody }, preHandler },
    async (request) => {
      await hold(deps, request.body);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );
  r.get(
    paths.diff,
    { schema: { tags, security, summary: 'Diff of the last two messages', querystring: diffQuery }, preHandler },
    async (request) => ok(await messageDiff(deps, request.query.work_id, request.query.platform_code)),
  );
  r.get(
    paths.xml,
    { schema: { tags, security, summary: 'The XML of a message, as sent', querystring: messageIdQuery }, preHandler },
    async (request) => ok(await messageXml(deps, request.query.id)),
  );
  // Permanent removal: admins only.
  const adminOnly = [auth.requireStaffSession, requireRole('admin')];
  r.get(
    paths.purgePlan,
    {
      schema: { tags, security, summary: 'What a permanent removal would send', querystring: workStoresQuery },
      preHandler: adminOnly,
    },
    async (request) => ok(await purgePlan(deps.database.db, request.query.work_id, langOf(request))),
  );
  r.post(
    paths.purge,
    {
      schema: {
        tags,
        security,
        summary: 'Remove a taken-down work permanently (PurgeReleaseMessage)',
        body: purgeBody,
      },
      preHandler: adminOnly,
    },
    async (request) =>
      ok(
        await purgeWork(deps, request.staffMember!.id, request.body.work_id, langOf(request)),
        okText('SAVED', langOf(request)),
      ),
  );
  r.post(
    paths.markLive,
    {
      schema: { tags, security, summary: 'Record a store live (one that confirms nothing)', body: messageIdQuery },
      preHandler,
    },
    async (request) => {
      await markLive(deps, request.body.id);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );
}
