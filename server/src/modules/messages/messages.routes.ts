/** GET /api/message/count → data { count }: unread messages, for the header bell. */
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { ok } from '../../platform/http/envelope';
import { countUnread } from './messages.service';

export async function messagesRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API.messageCount,
    { schema: { tags: ['messages'], summary: 'Unread message count' }, preHandler: auth.requireUser },
    async (request) => ok({ count: await countUnread(deps, request.user!.subjectId) }),
  );
}
