/** The console's cover backgrounds (role content; admins pass): list all, add one, retire or restore one. */
import { backgroundAddBody, backgroundRetireBody } from '@trackline/contract/covers';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { addBackground, allBackgrounds, retireBackground } from './covers.admin-service';

export async function coversAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const preHandler = [auth.requireStaffSession, requireRole('content')];
  const paths = API.admin.covers;

  r.get(paths.backgrounds, { schema: { tags, security, summary: 'Cover backgrounds' }, preHandler }, async () =>
    ok(await allBackgrounds(deps)),
  );
  r.post(
    paths.add,
    { schema: { tags, security, summary: 'Add a cover background', body: backgroundAddBody }, preHandler },
    async (request) =>
      ok(await addBackground(deps, request.staffMember!.id, request.body), okText('SAVED', langOf(request))),
  );
  r.post(
    paths.retire,
    {
      schema: { tags, security, summary: 'Retire or restore a cover background', body: backgroundRetireBody },
      preHandler,
    },
    async (request) => {
      await retireBackground(deps, request.body.id, request.body.retired);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );
}
