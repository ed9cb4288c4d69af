/**
 * The only code touching work_orders and work_order_replies. The console's queue reads the user's mobile and
 * nickname and the assignee's name in the same query (a join, not a call per row).
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { StoredAttachment, WorkOrderStatusColumn } from '../../platform/db/schema';

const orderColumns = [
  'o.id',
  'o.user_id',
  'o.agent_id',
  'o.type',
  'o.title',
  'o.status',
  'o.work_id',
  'o.assignee_staff_id',
  'o.lang',
  'o.created_at',
  'o.updated_at',
  'o.last_reply_at',
  'o.last_reply_by',
  'o.user_read_at',
  'o.closed_at',
] as const;

const replyCount = sql<number>`(SELECT count(*) FROM work_order_replies r WHERE r.order_id = o.id)`;

/** A staff reply the user has not seen: the staff wrote last, after the user last opened the order. */
const unreadByUser = sql<boolean>`(o.last_reply_by = 'staff' AND (o.user_read_at IS NULL OR o.user_read_at < o.last_reply_at))`;

export async function insertOrder(
  db: Db,
  values: {
    user_id: number;
    agent_id: number | null;
    type: number;
    title: string;
    work_id: number | null;
    lang: 'zh-CN' | 'en';
  },
): Promise<{ id: number; created_at: Date }> {
  return db
    .insertInto('work_orders')
    .values({ ...values, status: 'open', last_reply_by: 'user' })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function insertReply(
  db: Db,
  values: {
    order_id: number;
    author: 'user' | 'staff';
    user_id: number | null;
    staff_id: number | null;
    content: string;
    attachments: StoredAttachment[];
  },
): Promise<{ id: number; created_at: Date }> {
  return db
    .insertInto('work_order_replies')
    .values({ ...values, attachments: JSON.stringify(values.attachments) })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export interface UserOrderFilter {
  status?: WorkOrderStatusColumn;
}

export async function pageUserOrders(
  db: Db,
  userId: number,
  filter: UserOrderFilter,
  page: { offset: number; limit: number },
) {
  let base = db.selectFrom('work_orders as o').where('o.user_id', '=', userId);
  if (filter.status) base = base.where('o.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .select(orderColumns)
      .select(replyCount.as('reply_count'))
      .select(unreadByUser.as('unread'))
      .orderBy('o.last_reply_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * One order, by id; with `userId`, only when it is that user's (another user's order is as absent as an unknown
 * one). `forUpdate` locks the row for the rest of the caller's transaction, so concurrent replies apply in turn.
 */
export function findOrder(db: Db, id: number, opts: { userId?: number; forUpdate?: boolean } = {}) {
  let q = db.selectFrom('work_orders as o').select(orderColumns).where('o.id', '=', id);
  if (opts.userId !== undefined) q = q.where('o.user_id', '=', opts.userId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The thread, oldest first, with the names of the staff who wrote in it. */
export function listReplies(db: Db, orderId: number) {
  return db
    .selectFrom('work_order_replies as r')
    .leftJoin('staff as s', 's.id', 'r.staff_id')
    .select(['r.id', 'r.author', 'r.user_id', 'r.staff_id', 'r.content', 'r.attachments', 'r.created_at'])
    .select('s.name as staff_name')
    .where('r.order_id', '=', orderId)
    .orderBy('r.id', 'asc')
    .execute();
}

export async function markReadByUser(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('work_orders').set({ user_read_at: at }).where('id', '=', id).execute();
}

/** After the user's reply: open again (from any status), and everything before it counts as read. */
export async function reopenAfterUserReply(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('work_orders')
    .set({
      status: 'open',
      closed_at: null,
      last_reply_at: at,
      last_reply_by: 'user',
      user_read_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** After a staff reply: the status the staff chose; an unassigned order becomes the replier's. */
export async function markStaffReply(
  db: Db,
  id: number,
  values: { status: 'answered' | 'awaiting_user'; staffId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('work_orders')
    .set({
      status: values.status,
      last_reply_at: values.at,
      last_reply_by: 'staff',
      updated_at: values.at,
      assignee_staff_id: sql<number>`coalesce(assignee_staff_id, ${values.staffId})`,
    })
    .where('id', '=', id)
    .execute();
}

export async function setAssignee(db: Db, id: number, staffId: number | null): Promise<boolean> {
  const res = await db
    .updateTable('work_orders')
    .set({ assignee_staff_id: staffId, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export async function closeOrder(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('work_orders')
    .set({ status: 'closed', closed_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export interface QueueFilter {
  status?: WorkOrderStatusColumn;
  type?: number;
  /** null: unassigned; a number: that staff member's. */
  assignee?: number | null;
}

function queueBase(db: Db) {
  return db
    .selectFrom('work_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('staff as a', 'a.id', 'o.assignee_staff_id');
}

const queueColumns = ['u.mobile as user_mobile', 'u.nickname as user_nickname', 'a.name as assignee_name'] as const;

export async function pageQueue(db: Db, filter: QueueFilter, page: { offset: number; limit: number }) {
  let base = queueBase(db);
  if (filter.status) base = base.where('o.status', '=', filter.status);
  if (filter.type !== undefined) base = base.where('o.type', '=', filter.type);
  if (filter.assignee === null) base = base.where('o.assignee_staff_id', 'is', null);
  else if (filter.assignee !== undefined) base = base.where('o.assignee_staff_id', '=', filter.assignee);
  const [rows, count] = await Promise.all([
    base
      .select(orderColumns)
      .select(queueColumns)
      .select(replyCount.as('reply_count'))
      .orderBy('o.last_reply_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findQueueItem(db: Db, id: number) {
  return queueBase(db)
    .select(orderColumns)
    .select(queueColumns)
    .select(replyCount.as('reply_count'))
    .where('o.id', '=', id)
    .executeTakeFirst();
}
export type QueueRow = NonNullable<Awaited<ReturnType<typeof findQueueItem>>>;
