/**
 * The only code touching messages and message_reads. A message reaches one user, one agent's users or everyone;
 * broadcasts are one row, and a user's read state is a row in message_reads.
 *
 * Visibility (one rule, used by every query here): a direct message to the user, or a broadcast to everyone or to
 * the user's agent sent no earlier than the user registered.
 */
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** The visibility predicate on messages aliased `m`, for user `userId`. */
function visibleTo(userId: number) {
  return sql<SqlBool>`(
    (m.audience = 'user' AND m.user_id = ${userId})
    OR (
      m.audience <> 'user'
      AND m.created_at >= (SELECT u.created_at FROM users u WHERE u.id = ${userId})
      AND (m.audience = 'all' OR m.agent_id = (SELECT u.agent_id FROM users u WHERE u.id = ${userId}))
    )
  )`;
}

function unreadBy(userId: number) {
  return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = ${userId})`;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(visibleTo(userId))
    .where(unreadBy(userId))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listVisible(
  db: Db,
  userId: number,
  opts: { offset: number; limit: number; unreadOnly: boolean },
) {
  let base = db.selectFrom('messages as m').where(visibleTo(userId));
  if (opts.unreadOnly) base = base.where(unreadBy(userId));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('message_reads as r', (join) => join.onRef('r.message_id', '=', 'm.id').on('r.user_id', '=', userId))
      .select(['m.id', 'm.kind', 'm.title', 'm.content', 'm.template', 'm.params', 'm.link', 'm.created_at'])
      .select(sql<boolean>`r.message_id IS NOT NULL`.as('read'))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Marks one message read if the user can see it; answers false when they cannot (or it does not exist). */
export async function markRead(db: Db, userId: number, messageId: number): Promise<boolean> {
  const result = await sql<{ found: string }>`
    WITH target AS (SELECT m.id FROM messages m WHERE m.id = ${messageId} AND ${visibleTo(userId)}),
    ins AS (
      INSERT INTO message_reads (message_id, user_id) SELECT id, ${userId} FROM target ON CONFLICT DO NOTHING
    )
    SELECT count(*) AS found FROM target`.execute(db);
  return Number(result.rows[0]?.found ?? 0) > 0;
}

/** Marks every visible unread message read in one statement; answers how many were marked. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const result = await sql`
    INSERT INTO message_reads (message_id, user_id)
    SELECT m.id, ${userId} FROM messages m WHERE ${visibleTo(userId)} AND ${unreadBy(userId)}
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function agentExists(db: Db, agentId: number): Promise<boolean> {
  const row = await db.selectFrom('agents').select('id').where('id', '=', agentId).executeTakeFirst();
  return row !== undefined;
}

export async function listBroadcasts(db: Db, opts: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.audience', 'm.agent_id', 'm.user_id', 'u.mobile', 'm.title', 'm.content', 'm.created_at'])
      .select(sql<string>`(SELECT count(*) FROM message_reads r WHERE r.message_id = m.id)`.as('read_count'))
      .where('m.kind', '=', 'broadcast')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    db
      .selectFrom('messages as m')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('m.kind', '=', 'broadcast')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export async function insertMessage(
  db: Db,
  values: {
    audience: 'user' | 'agent' | 'all';
    user_id?: number;
    agent_id?: number;
    kind?: string;
    title: string;
    content: string;
    link?: string | null;
    template?: string | null;
    /** JSON text of the template's parameters. */
    params?: string | null;
  },
): Promise<number> {
  const row = await db.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** One message to many users in one statement (an import's "new bill" to each musician it paid). */
export async function insertUserMessages(
  db: Db,
  userIds: number[],
  values: { kind: string; title: string; content: string; link: string | null; template: string; params: string },
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('messages')
    .values(userIds.map((user_id) => ({ audience: 'user' as const, user_id, ...values })))
    .execute();
}
