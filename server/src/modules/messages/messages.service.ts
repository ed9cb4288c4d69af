/**
 * Messages to users: the bell's unread count, the user's message list and read state, and staff broadcasts.
 * A system message is sent as a template with parameters and rendered for each reader in their language when read
 * (issue 9); staff broadcasts are written text, shown as written.
 */
import { compactMobile, isMainlandMobile, maskMobile } from '@trackline/contract/identifiers';
import { type MessageLang, renderMessage, type TemplatedMessage } from '@trackline/contract/message-templates';
import type { BroadcastBody } from '@trackline/contract/messages';
import type { BroadcastItem, MessageItem, MessageListData } from '@trackline/contract/messages-types';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { findUserByMobile } from '../account/account.repository';
import {
  agentExists,
  insertMessage,
  insertUserMessages,
  listBroadcasts,
  listVisible,
  markAllRead,
  markRead,
  unreadCount,
} from './messages.repository';

export function countUnread(deps: Deps, userId: number): Promise<number> {
  return unreadCount(deps.database.db, userId);
}

/**
 * Used by other modules (welcome message, work-order replies, work status changes, deliveries, bills). A templated
 * message is stored with its template and parameters, and with its zh-CN rendering as title and content (what the
 * console lists, and the fallback should a later version drop the template). `link` is where the message leads in
 * the portal; `db` lets a caller write the message in its own transaction.
 */
export function sendToUser(
  deps: Deps,
  userId: number,
  message: TemplatedMessage | { kind: string; title: string; content: string; link?: string | null },
  db: Db = deps.database.db,
): Promise<number> {
  return writeUserMessage(db, userId, message);
}

/** One templated message to each of `userIds`, written in one statement (in the caller's transaction if given). */
export async function sendToUsers(
  deps: Deps,
  userIds: number[],
  message: TemplatedMessage,
  db: Db = deps.database.db,
): Promise<void> {
  await insertUserMessages(db, userIds, templatedRow(message));
}

/** A templated message as stored: rendered in zh-CN (what a reader without a language sees), template and params. */
function templatedRow(message: TemplatedMessage) {
  const stored = renderMessage(message.template, message.params, 'zh-CN');
  if (!stored) throw new Error(`unknown message template ${message.template}`);
  return {
    kind: message.kind,
    link: message.link ?? null,
    ...stored,
    template: message.template,
    params: JSON.stringify(message.params),
  };
}

/** sendToUser for a caller that has only its transaction (withdrawals' ledger steps). */
export function writeUserMessage(
  db: Db,
  userId: number,
  message: TemplatedMessage | { kind: string; title: string; content: string; link?: string | null },
): Promise<number> {
  if (!('template' in message)) return insertMessage(db, { audience: 'user', user_id: userId, ...message });
  return insertMessage(db, { audience: 'user', user_id: userId, ...templatedRow(message) });
}

/** What the reader sees: a templated message in their language, any other as it was written. */
function shown(row: { title: string; content: string; template: string | null; params: unknown }, lang: MessageLang) {
  const rendered = row.template ? renderMessage(row.template, row.params, lang) : undefined;
  return rendered ?? { title: row.title, content: row.content };
}

export async function listMessages(
  deps: Deps,
  userId: number,
  query: { page: number; limit: number; unread?: number },
  lang: MessageLang = 'zh-CN',
): Promise<MessageListData> {
  const { db } = deps.database;
  const [{ rows, total }, unread] = await Promise.all([
    listVisible(db, userId, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
      unreadOnly: query.unread === 1,
    }),
    unreadCount(db, userId),
  ]);
  const list: MessageItem[] = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    ...shown(r, lang),
    link: r.link,
    created_at: r.created_at.toISOString(),
    read: r.read ? 1 : 0,
  }));
  return { list, total, page: query.page, limit: query.limit, unread };
}

/** Marks one message read; a message the user cannot see is NOT_FOUND, like one that does not exist. */
export async function readMessage(deps: Deps, userId: number, messageId: number): Promise<{ unread: number }> {
  const { db } = deps.database;
  if (!(await markRead(db, userId, messageId))) throw new AppError('NOT_FOUND');
  return { unread: await unreadCount(db, userId) };
}

export async function readAllMessages(deps: Deps, userId: number): Promise<{ marked: number; unread: 0 }> {
  return { marked: await markAllRead(deps.database.db, userId), unread: 0 };
}

/** One messages row, whatever the audience; read state is added per user only when they read it. */
export async function broadcast(deps: Deps, body: BroadcastBody): Promise<{ id: number }> {
  const { db } = deps.database;
  const text = { kind: 'broadcast', title: body.title, content: body.content };
  if (body.audience === 'all') return { id: await insertMessage(db, { audience: 'all', ...text }) };
  if (body.audience === 'agent') {
    if (body.agent_id === undefined) throw new AppError('VALIDATION', { field: 'agent_id' });
    if (!(await agentExists(db, body.agent_id))) throw new AppError('NOT_FOUND');
    return { id: await insertMessage(db, { audience: 'agent', agent_id: body.agent_id, ...text }) };
  }
  if (!body.mobile) throw new AppError('VALIDATION', { field: 'mobile' });
  const mobile = compactMobile(body.mobile);
  if (!isMainlandMobile(mobile)) throw new AppError('MOBILE_INVALID');
  const user = await findUserByMobile(db, mobile);
  if (!user) throw new AppError('MOBILE_UNKNOWN');
  return { id: await insertMessage(db, { audience: 'user', user_id: user.id, ...text }) };
}

export async function broadcastList(
  deps: Deps,
  query: { page: number; limit: number },
): Promise<{ list: BroadcastItem[]; total: number; page: number; limit: number }> {
  const { rows, total } = await listBroadcasts(deps.database.db, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const list: BroadcastItem[] = rows.map((r) => ({
    id: Number(r.id),
    audience: r.audience,
    agent_id: r.agent_id === null ? null : Number(r.agent_id),
    user_id: r.user_id === null ? null : Number(r.user_id),
    user_mobile: r.audience === 'user' && r.mobile ? maskMobile(r.mobile) : null,
    title: r.title,
    content: r.content,
    created_at: r.created_at.toISOString(),
    read_count: Number(r.read_count),
  }));
  return { list, total, page: query.page, limit: query.limit };
}
