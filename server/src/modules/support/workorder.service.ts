/**
 * Work orders: a musician opens one (type, title, the first message and up to five of their own uploaded files),
 * follows it and replies; support staff (and admins) work the queue, take orders, reply choosing whether the user
 * is asked for something, and close them. Every staff reply and every close writes one system message to the
 * user, in the same transaction, so the bell and the thread never disagree.
 *
 * Status (contract workorder-types.ts): the user's reply always sets 'open' — from answered, awaiting_user and
 * closed alike; a staff reply sets 'answered' or 'awaiting_user' and is refused on a closed order (2072).
 * A user only ever sees their own orders: another user's id answers 2070 exactly like an unknown one.
 */
import { maskMobile } from '@trackline/contract/identifiers';
import type {
  AdminWorkorderDetailData,
  AdminWorkorderItem,
  AdminWorkorderListData,
  WorkorderAttachment,
  WorkorderDetail,
  WorkorderDetailData,
  WorkorderListData,
  WorkorderReply,
} from '@trackline/contract/workorder-types';
import type { adminWorkorderListQuery, workorderCreateBody, workorderMyBody } from '@trackline/contract/workorders';
import type { z } from 'zod';
import type { StoredAttachment } from '../../platform/db/schema';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hitWithin } from '../../platform/security/rate-limiter';
import { sendToUser } from '../messages/messages.service';
import { findStaffById } from '../staff/staff.repository';
import { readableFileUrl } from '../storage/file-access';
import { consoleImages, type OwnedFile, ownedFiles } from '../storage/storage.service';
import { isOwnWork } from '../works/work-reads';
import {
  closeOrder,
  findOrder,
  findQueueItem,
  insertOrder,
  insertReply,
  listReplies,
  markReadByUser,
  markStaffReply,
  type OrderRow,
  pageQueue,
  pageUserOrders,
  type QueueRow,
  reopenAfterUserReply,
  setAssignee,
} from './workorder.repository';
import { closedMessage, staffReplyMessage } from './workorder-messages';

export const WORKORDER_LIMITS = {
  createPerUserPerHour: 10,
  createPerUserPerDay: 30,
  replyPerUserPerHour: 60,
} as const;

type Lang = 'zh-CN' | 'en';

async function limit(deps: Deps, rules: Array<{ key: string; windowSec: number; max: number }>): Promise<void> {
  if (!(await hitWithin(deps.limiter, rules))) throw new AppError('RATE_LIMITED');
}

/** The user's own uploads among the keys, or 2071 naming the first key that is not theirs. */
async function userAttachments(deps: Deps, userId: number, keys: readonly string[]): Promise<OwnedFile[]> {
  const { files, missing } = await ownedFiles(deps, userId, keys);
  if (missing.length > 0) throw new AppError('WORKORDER_ATTACHMENT_INVALID', { key: missing[0] });
  return files;
}

function toDetail(o: OrderRow): WorkorderDetail {
  return {
    id: o.id,
    type: o.type,
    title: o.title,
    status: o.status,
    work_id: o.work_id === null ? null : Number(o.work_id),
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
    last_reply_at: o.last_reply_at.toISOString(),
    last_reply_by: o.last_reply_by,
    closed_at: o.closed_at ? o.closed_at.toISOString() : null,
  };
}

/**
 * Attachments as shown: the URL comes from the key now, so a move of the store (S3_PUBLIC_URL) keeps links working.
 * A musician's attachment is private: a link that expires, for the reader the caller checked (the order's owner,
 * or support staff); the console's images are public.
 */
function showAttachments(deps: Deps, stored: StoredAttachment[]): Promise<WorkorderAttachment[]> {
  return Promise.all(stored.map(async (a) => ({ ...a, url: await readableFileUrl(deps, a.key) })));
}

async function thread(deps: Deps, orderId: number, withStaffNames: boolean): Promise<WorkorderReply[]> {
  const rows = await listReplies(deps.database.db, orderId);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      author: r.author,
      ...(withStaffNames ? { staff_name: r.author === 'staff' ? (r.staff_name ?? null) : null } : {}),
      content: r.content,
      attachments: await showAttachments(deps, r.attachments),
      created_at: r.created_at.toISOString(),
    })),
  );
}

// The musician's calls.

export async function createWorkorder(
  deps: Deps,
  user: { id: number; agentId: number | null },
  body: z.output<typeof workorderCreateBody>,
  lang: Lang,
): Promise<{ id: number }> {
  await limit(deps, [
    { key: `workorder:create:${user.id}:h`, windowSec: 3600, max: WORKORDER_LIMITS.createPerUserPerHour },
    { key: `workorder:create:${user.id}:d`, windowSec: 86_400, max: WORKORDER_LIMITS.createPerUserPerDay },
  ]);
  const attachments = await userAttachments(deps, user.id, body.attachments);
  // An order may name one of the user's own works; another user's work is as unknown as a missing one.
  if (body.work_id != null && !(await isOwnWork(deps, user.id, body.work_id))) throw new AppError('WORK_NOT_FOUND');
  return deps.database.db.transaction().execute(async (trx) => {
    const order = await insertOrder(trx, {
      user_id: user.id,
      agent_id: user.agentId,
      type: body.type,
      title: body.title,
      work_id: body.work_id ?? null,
      lang,
    });
    await insertReply(trx, {
      order_id: order.id,
      author: 'user',
      user_id: user.id,
      staff_id: null,
      content: body.content,
      attachments,
    });
    // The user has seen their own opening text.
    await markReadByUser(trx, order.id, order.created_at);
    return { id: order.id };
  });
}

export async function myWorkorders(
  deps: Deps,
  userId: number,
  query: z.output<typeof workorderMyBody>,
): Promise<WorkorderListData> {
  const { rows, total } = await pageUserOrders(
    deps.database.db,
    userId,
    { status: query.status },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      status: r.status,
      created_at: r.created_at.toISOString(),
      last_reply_at: r.last_reply_at.toISOString(),
      last_reply_by: r.last_reply_by,
      reply_count: Number(r.reply_count),
      unread: r.unread ? 1 : 0,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** The order and its thread; opening it marks the staff's replies read. */
export async function myWorkorder(deps: Deps, userId: number, id: number): Promise<WorkorderDetailData> {
  const { db } = deps.database;
  const order = await findOrder(db, id, { userId });
  if (!order) throw new AppError('WORKORDER_NOT_FOUND');
  await markReadByUser(db, id, new Date());
  return { order: toDetail(order), replies: await thread(deps, id, false) };
}

export async function replyAsUser(
  deps: Deps,
  userId: number,
  body: { id: number; content: string; attachments: string[] },
): Promise<{ id: number; status: 'open' }> {
  await limit(deps, [
    { key: `workorder:reply:${userId}:h`, windowSec: 3600, max: WORKORDER_LIMITS.replyPerUserPerHour },
  ]);
  const attachments = await userAttachments(deps, userId, body.attachments);
  return deps.database.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, body.id, { userId, forUpdate: true });
    if (!order) throw new AppError('WORKORDER_NOT_FOUND');
    const reply = await insertReply(trx, {
      order_id: order.id,
      author: 'user',
      user_id: userId,
      staff_id: null,
      content: body.content,
      attachments,
    });
    await reopenAfterUserReply(trx, order.id, reply.created_at);
    return { id: reply.id, status: 'open' as const };
  });
}

// The console's calls (support role).

function toQueueItem(r: QueueRow): AdminWorkorderItem {
  return {
    ...toDetail(r),
    user_id: r.user_id,
    user_mobile: maskMobile(r.user_mobile),
    user_nickname: r.user_nickname,
    agent_id: r.agent_id === null ? null : Number(r.agent_id),
    assignee_staff_id: r.assignee_staff_id === null ? null : Number(r.assignee_staff_id),
    assignee_name: r.assignee_name ?? null,
    reply_count: Number(r.reply_count),
  };
}

export async function workorderQueue(
  deps: Deps,
  staffId: number,
  query: z.output<typeof adminWorkorderListQuery>,
): Promise<AdminWorkorderListData> {
  const assignee =
    query.assignee === undefined
      ? undefined
      : query.assignee === 'me'
        ? staffId
        : query.assignee === 'none'
          ? null
          : Number(query.assignee);
  const { rows, total } = await pageQueue(
    deps.database.db,
    { status: query.status, type: query.type, assignee },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { list: rows.map(toQueueItem), total, page: query.page, limit: query.limit };
}

export async function staffWorkorder(deps: Deps, id: number): Promise<AdminWorkorderDetailData> {
  const row = await findQueueItem(deps.database.db, id);
  if (!row) throw new AppError('WORKORDER_NOT_FOUND');
  return { order: toQueueItem(row), replies: await thread(deps, id, true) };
}

/** Staff attach images from the console's upload (images/ keys that exist in storage), not users' files. */
async function staffAttachments(deps: Deps, keys: readonly string[]): Promise<OwnedFile[]> {
  const { files, missing } = await consoleImages(deps, keys);
  if (missing.length > 0) throw new AppError('WORKORDER_ATTACHMENT_INVALID', { key: missing[0] });
  return files;
}

export async function replyAsStaff(
  deps: Deps,
  staffId: number,
  body: { id: number; content: string; attachments: string[]; status: 'answered' | 'awaiting_user' },
): Promise<{ id: number; status: 'answered' | 'awaiting_user'; message_id: number }> {
  const attachments = await staffAttachments(deps, body.attachments);
  return deps.database.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, body.id, { forUpdate: true });
    if (!order) throw new AppError('WORKORDER_NOT_FOUND');
    if (order.status === 'closed') throw new AppError('WORKORDER_CLOSED');
    const reply = await insertReply(trx, {
      order_id: order.id,
      author: 'staff',
      user_id: null,
      staff_id: staffId,
      content: body.content,
      attachments,
    });
    await markStaffReply(trx, order.id, { status: body.status, staffId, at: reply.created_at });
    const messageId = await sendToUser(
      deps,
      order.user_id,
      staffReplyMessage(order, { content: body.content, status: body.status }),
      trx,
    );
    return { id: reply.id, status: body.status, message_id: messageId };
  });
}

export async function assignWorkorder(deps: Deps, id: number, staffId: number | null): Promise<void> {
  const { db } = deps.database;
  if (staffId !== null) {
    const member = await findStaffById(db, staffId);
    const canSupport = member && !member.disabled && member.roles.some((r) => r === 'support' || r === 'admin');
    if (!canSupport) throw new AppError('WORKORDER_ASSIGNEE_INVALID');
  }
  if (!(await setAssignee(db, id, staffId))) throw new AppError('WORKORDER_NOT_FOUND');
}

/** Closes the order and tells the user; closing a closed order changes nothing and sends nothing. */
export async function closeWorkorder(deps: Deps, id: number): Promise<{ closed: boolean }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, id, { forUpdate: true });
    if (!order) throw new AppError('WORKORDER_NOT_FOUND');
    if (order.status === 'closed') return { closed: false };
    await closeOrder(trx, id, new Date());
    await sendToUser(deps, order.user_id, closedMessage(order), trx);
    return { closed: true };
  });
}
