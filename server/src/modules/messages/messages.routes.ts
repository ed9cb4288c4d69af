/**
 * The message calls of spec §7 — count (the bell), getlist, read, readall — and the console's broadcasts.
 * read and readall are GETs that change state, so they are guarded like POSTs (cookie + cross-site → 2041).
 */
import { broadcastBody, broadcastListQuery, messageListQuery, messageReadQuery } from '@trackline/contract/messages';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { broadcast, broadcastList, countUnread, listMessages, readAllMessages, readMessage } from './messages.service';

export async function messagesRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  r.get(
    API.messageCount,
    { schema: { tags, summary: 'Unread message count' }, preHandler: auth.requireUser },
    async (request) => ok({ count: await countUnread(deps, request.user!.subjectId) }),
  );

  r.get(
    API.messageList,
    {
      schema: { tags, summary: 'My messages, newest first', querystring: messageListQuery },
      preHandler: auth.requireUser,
    },
    // rendered in the reader's language (Accept-Language, which the portal sets to its UI language)
    async (request) => ok(await listMessages(deps, request.user!.subjectId, request.query, langOf(request))),
  );

  r.get(
    API.messageRead,
    {
      schema: { tags, summary: 'Mark one message read', querystring: messageReadQuery },
      preHandler: auth.requireUser,
      config: { stateChanging: true },
    },
    async (request) => ok(await readMessage(deps, request.user!.subjectId, request.query.id)),
  );

  r.get(
    API.messageReadAll,
    {
      schema: { tags, summary: 'Mark all my messages read' },
      preHandler: auth.requireUser,
      config: { stateChanging: true },
    },
    async (request) => ok(await readAllMessages(deps, request.user!.subjectId)),
  );

  const adminTags = ['admin'];
  const security = [{ adminToken: [] }];
  const staff = [auth.requireStaffSession, requireRole('support', 'content')];

  r.post(
    API.admin.broadcast,
    { schema: { tags: adminTags, security, summary: 'Send a message', body: broadcastBody }, preHandler: staff },
    async (request) => ok(await broadcast(deps, request.body), okText('SENT', langOf(request))),
  );

  r.get(
    API.admin.broadcastList,
    {
      schema: { tags: adminTags, security, summary: 'Sent messages', querystring: broadcastListQuery },
      preHandler: staff,
    },
    async (request) => ok(await broadcastList(deps, request.query)),
  );
}
