/**
 * The musician's delivery calls (logged in): GET /api/distribution/stores?id= (a row per store of their work),
 * POST /api/distribution/takedown { id, platforms, confirm: true }, POST /api/distribution/restore { id }. Another
 * musician's work answers 2100 exactly like an unknown one.
 */
import { restoreBody, storesQuery, takedownBody } from '@trackline/contract/distribution';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requestTakedown, restoreWork } from './distribution.service';
import { workDistribution } from './distribution.view';

export async function distributionRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['distribution'];
  const security = [{ token: [] }];
  const preHandler = auth.requireUser;
  const paths = API.distribution;

  r.get(
    paths.stores,
    {
      schema: { tags, security, summary: "A row per store of the musician's work", querystring: storesQuery },
      preHandler,
    },
    async (request) =>
      ok(await workDistribution(deps.database.db, request.query.id, langOf(request), request.user!.subjectId)),
  );
  r.post(
    paths.takedown,
    {
      schema: { tags, security, summary: 'Take the work down from all or some stores', body: takedownBody },
      preHandler,
    },
    async (request) =>
      ok(await requestTakedown(deps, request.user!.subjectId, request.body), okText('SAVED', langOf(request))),
  );
  r.post(
    paths.restore,
    {
      schema: { tags, security, summary: 'Bring a taken-down work back to its stores', body: restoreBody },
      preHandler,
    },
    async (request) =>
      ok(await restoreWork(deps, request.user!.subjectId, request.body.id), okText('SAVED', langOf(request))),
  );
}
