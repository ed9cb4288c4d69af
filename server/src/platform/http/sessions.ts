/**
 * Sessions: opaque 256-bit tokens, stored only as SHA-256 hashes, with a sliding idle expiry, revocable one by one
 * or all at once. Musicians ('user') and staff ('staff') have separate sessions and separate cookies.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { newToken, sha256 } from '../security/tokens';
import { SESSION_CHANNEL, type SessionCache } from './session-cache';

export type SubjectKind = 'user' | 'staff';

// The expiry slides at most once a minute per session, so a busy client does not write on every call.
const SLIDE_EVERY_MS = 60_000;

// The session cache that goes with a database handle (set up by boot.ts; absent in a process without one).
const caches = new WeakMap<Db, SessionCache>();
export function attachSessionCache(db: Db, cache: SessionCache): void {
  caches.set(db, cache);
}

/**
 * Inside a transaction: every instance (this one too, through its listening connection) evicts the subject's cached
 * sessions when the transaction commits, and none if it rolls back (PostgreSQL delivers NOTIFY at commit).
 */
export async function subjectChangedAtCommit(trx: Db, kind: SubjectKind, subjectId: number): Promise<void> {
  await sql`select pg_notify(${SESSION_CHANNEL}, ${`k:${kind}:${subjectId}`})`.execute(trx);
}

/** This process only, at once (after a commit that also notified the others: no wait for the notification). */
export function evictSubjectHere(db: Db, kind: SubjectKind, subjectId: number): void {
  caches.get(db)?.evict(`k:${kind}:${subjectId}`);
}

/** Evicts here at once, and in every other instance through the notification channel. */
async function evictEverywhere(db: Db, message: string): Promise<void> {
  caches.get(db)?.evict(message);
  await sql`select pg_notify(${SESSION_CHANNEL}, ${message})`.execute(db);
}

export async function createSession(
  db: Db,
  kind: SubjectKind,
  subjectId: number,
  idleMs: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      subject_kind: kind,
      subject_id: subjectId,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 300),
      expires_at: new Date(Date.now() + idleMs),
    })
    .execute();
  return token;
}

/** A live session as its owner module looked it up, with the subject (user, staff member) joined in the same query. */
export interface SessionWith<S> {
  sessionId: number;
  subjectId: number;
  lastSeenAt: Date;
  subject: S;
}

/**
 * How a module finds a live session of its kind by token hash, joining its subject row, so a call that needs the
 * caller costs one round trip. It must apply: this token hash, this subject kind, not revoked, not expired.
 */
export type SessionLookup<S> = (db: Db, tokenHash: Buffer) => Promise<SessionWith<S> | undefined>;

export async function resolveSession<S>(
  db: Db,
  kind: SubjectKind,
  lookup: SessionLookup<S>,
  token: string,
  idleMs: number,
): Promise<SessionWith<S> | null> {
  if (!token || token.length > 128) return null;
  const hash = sha256(token);
  const cache = caches.get(db);
  const key = hash.toString('base64');
  let found = cache?.get<S>(kind, key);
  if (!found) {
    found = await lookup(db, hash);
    if (!found) return null;
    cache?.set(kind, key, found);
  }
  if (Date.now() - found.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    const now = new Date();
    found.lastSeenAt = now;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + idleMs) })
      .where('id', '=', found.sessionId)
      .execute();
  }
  return found;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
  await evictEverywhere(db, `s:${sessionId}`);
}

/** For modules that change a subject's row (roles, disabled...): cached copies of it are dropped everywhere. */
export function subjectChanged(db: Db, kind: SubjectKind, subjectId: number): Promise<void> {
  return evictEverywhere(db, `k:${kind}:${subjectId}`);
}

/** Revokes every live session of a subject, but the one given (the caller's own, when it stays logged in). */
export async function revokeSubjectSessions(
  db: Db,
  kind: SubjectKind,
  subjectId: number,
  exceptSessionId?: number,
): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '<>', exceptSessionId);
  await q.execute();
  await subjectChanged(db, kind, subjectId);
}
