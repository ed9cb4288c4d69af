/**
 * The account centre's tables (migration 0015): security events, deletion requests, data exports, and the reads of
 * the caller's own sessions. Only the account module touches them.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AccountEventKind } from '../../platform/db/schema-account';

export const EVENTS_PAGE_SIZE = 20;

export async function insertEvent(
  db: Db,
  userId: number,
  kind: AccountEventKind,
  meta: { ip?: string; userAgent?: string } = {},
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('account_events')
    .values({
      user_id: userId,
      kind,
      ip: (meta.ip ?? '').slice(0, 64),
      user_agent: (meta.userAgent ?? '').slice(0, 300),
      detail: JSON.stringify(detail),
    })
    .execute();
}

export async function listEvents(db: Db, userId: number, page: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('account_events')
      .select(['id', 'kind', 'ip', 'user_agent', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(EVENTS_PAGE_SIZE)
      .offset((page - 1) * EVENTS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('account_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function liveSessions(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('subject_kind', '=', 'user')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .execute();
}

/** Revokes one live session of this user; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('subject_kind', '=', 'user')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export function pendingDeletion(db: Db, userId: number) {
  return db
    .selectFrom('account_deletions')
    .select(['id', 'requested_at', 'erase_at'])
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
}

/** A new pending request, or undefined when one is pending already (the partial unique index decides). */
export async function insertDeletion(db: Db, userId: number, eraseAt: Date) {
  return (
    db
      .insertInto('account_deletions')
      .values({ user_id: userId, erase_at: eraseAt })
      // The index predicate as a literal: a parameter would not match the partial index in a generic plan.
      .onConflict((oc) => oc.column('user_id').where('state', '=', sql.lit('pending')).doNothing())
      .returning(['id', 'requested_at', 'erase_at'])
      .executeTakeFirst()
  );
}

/** Ends a pending request (cancelled by a login, or erased); false when none was pending. */
export async function endDeletion(db: Db, id: number, state: 'cancelled' | 'erased', reason: string): Promise<boolean> {
  const res = await db
    .updateTable('account_deletions')
    .set({ state, ended_at: new Date(), end_reason: reason })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export async function cancelPendingDeletion(db: Db, userId: number, reason: string) {
  return db
    .updateTable('account_deletions')
    .set({ state: 'cancelled', ended_at: new Date(), end_reason: reason })
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .returning(['id'])
    .executeTakeFirst();
}

export function deletionById(db: Db, id: number) {
  return db.selectFrom('account_deletions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Works that are live, on their way to the stores, or in review: deletion waits until they are taken down. */
export const LIVE_WORK_STATUSES = ['01', '11', '101', '200', '201', '300', '301', '401', '990', '991'] as const;

export async function countLiveWorks(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('works')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', [...LIVE_WORK_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function latestExport(db: Db, userId: number) {
  return db
    .selectFrom('account_exports')
    .select(['id', 'state', 'file_key', 'size_bytes', 'created_at', 'ready_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertExport(db: Db, userId: number) {
  return (
    db
      .insertInto('account_exports')
      .values({ user_id: userId })
      // The index predicate as a literal: a parameter would not match the partial index in a generic plan.
      .onConflict((oc) => oc.column('user_id').where('state', '=', sql.lit('pending')).doNothing())
      .returning(['id'])
      .executeTakeFirst()
  );
}
