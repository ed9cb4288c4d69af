/**
 * Sessions: opaque 256-bit tokens, stored only as SHA-256 hashes, with a sliding idle expiry, revocable one by one
 * or all at once. Musicians ('user') and staff ('staff') have separate sessions and separate cookies.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { newToken, sha256 } from '../security/tokens';

export type SubjectKind = 'user' | 'staff';

export interface ActiveSession {
  sessionId: number;
  subjectId: number;
}

// The expiry slides at most once a minute per session, so a busy client does not write on every call.
const SLIDE_EVERY_MS = 60_000;

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

export async function resolveSession(
  db: Db,
  kind: SubjectKind,
  token: string,
  idleMs: number,
): Promise<ActiveSession | null> {
  if (!token || token.length > 128) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'subject_id', 'last_seen_at'])
    .where('token_hash', '=', sha256(token))
    .where('subject_kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > SLIDE_EVERY_MS) {
    const now = new Date();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + idleMs) })
      .where('id', '=', row.id)
      .execute();
  }
  return { sessionId: row.id, subjectId: row.subject_id };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
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
}
