/**
 * Account security (issue 10): changing the password (with the old one or an SMS code to one's own mobile), changing
 * the mobile (codes to the old and the new number), the signed-in sessions and signing them out, security events.
 * Signing a session out revokes it in the database and evicts it from every server process's session cache at once
 * (platform/http/sessions.ts, pg_notify), so the other device's next call is refused.
 */
import type { SecurityEvent, SessionItem } from '@trackline/contract/account-centre';
import { describeDevice } from '@trackline/contract/account-centre';
import { compactMobile, isMainlandMobile } from '@trackline/contract/identifiers';
import { isStrongPassword } from '@trackline/contract/password';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import {
  evictSubjectHere,
  revokeSession,
  revokeSubjectSessions,
  subjectChangedAtCommit,
} from '../../platform/http/sessions';
import { forgetLoginFailures } from '../../platform/security/login-guard';
import { hashPassword, verifyPassword } from '../../platform/security/passwords';
import { findUserById, updatePasswordHash } from './account.repository';
import { EVENTS_PAGE_SIZE, insertEvent, listEvents, liveSessions, revokeOwnSession } from './centre.repository';
import { consumeSmsCode } from './sms-codes';

export interface Meta {
  ip: string;
  userAgent: string;
}

/** Password changes with the old password, per account: this many in any 15 minutes, counted before checking. */
export const PASSWORD_CHANGE_MAX = 5;
const PASSWORD_WINDOW_SEC = 900;

/** Where an address is, as far as the server can tell without a geo database: this machine, a private network, or the internet. */
export function placeOf(ip: string): 'loopback' | 'private' | 'public' | 'unknown' {
  const v4 = ip.replace(/^::ffff:/, '');
  if (!v4) return 'unknown';
  if (v4 === '::1' || v4.startsWith('127.')) return 'loopback';
  if (
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^f[cd]/i.test(v4) ||
    /^fe80:/i.test(v4)
  )
    return 'private';
  return 'public';
}

async function liveUser(deps: Deps, userId: number) {
  const user = await findUserById(deps.database.db, userId);
  if (!user || user.disabled) throw new AppError('LOGIN_INVALID');
  return user;
}

/**
 * A logged-in password change: proved by the old password (counted per account before it is checked, so a burst of
 * guesses gets PASSWORD_CHANGE_MAX comparisons) or by an SMS code sent to the account's own mobile (event resetpwd,
 * 5 tries per code as everywhere). The caller's session stays; every other one ends.
 */
export async function changePassword(
  deps: Deps,
  caller: { userId: number; sessionId: number },
  proof: { oldpassword: string } | { code: string },
  newPassword: string,
  meta: Meta,
): Promise<void> {
  const user = await liveUser(deps, caller.userId);
  if ('oldpassword' in proof) {
    const taken = await deps.limiter.take({
      key: `pwd:u:${user.id}`,
      windowSec: PASSWORD_WINDOW_SEC,
      max: PASSWORD_CHANGE_MAX,
    });
    if (!taken.allowed) throw new AppError('PASSWORD_CHANGE_LIMITED');
    if (!(await verifyPassword(user.password_hash, proof.oldpassword))) throw new AppError('PASSWORD_OLD_WRONG');
  }
  if (!isStrongPassword(newPassword)) throw new AppError('PASSWORD_WEAK');
  if ('code' in proof) await consumeSmsCode(deps, user.mobile, 'resetpwd', proof.code);
  await updatePasswordHash(deps.database.db, user.id, await hashPassword(newPassword));
  await revokeSubjectSessions(deps.database.db, 'user', user.id, caller.sessionId);
  await forgetLoginFailures(deps, { scope: 'user', account: user.mobile });
  await insertEvent(deps.database.db, user.id, 'password_changed', meta, {
    by: 'oldpassword' in proof ? 'password' : 'sms',
  });
}

/** The mobile (the login account) changes once both numbers proved themselves with a code each. */
export async function changeMobile(
  deps: Deps,
  userId: number,
  body: { old_code: string; mobile: string; code: string },
  meta: Meta,
): Promise<string> {
  const { db } = deps.database;
  const user = await liveUser(deps, userId);
  const mobile = compactMobile(body.mobile);
  if (!isMainlandMobile(mobile)) throw new AppError('MOBILE_INVALID');
  if (mobile === user.mobile) throw new AppError('MOBILE_SAME');
  const taken = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  if (taken) throw new AppError('MOBILE_TAKEN');
  await consumeSmsCode(deps, user.mobile, 'oldmobile', body.old_code);
  await consumeSmsCode(deps, mobile, 'changemobile', body.code);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ mobile, updated_at: new Date() })
        .where('id', '=', userId)
        .where('mobile', '=', user.mobile)
        .execute();
      await insertEvent(trx, userId, 'mobile_changed', meta, { from: maskTail(user.mobile), to: maskTail(mobile) });
      await subjectChangedAtCommit(trx, 'user', userId);
    });
  } catch (err) {
    // Another account took the number between the check and the update: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw new AppError('MOBILE_TAKEN');
    throw err;
  }
  evictSubjectHere(db, 'user', userId);
  return mobile;
}

function maskTail(mobile: string): string {
  return `****${mobile.slice(-4)}`;
}

export async function sessionsOf(deps: Deps, userId: number, currentSessionId: number): Promise<SessionItem[]> {
  const rows = await liveSessions(deps.database.db, userId);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.user_agent),
    ip: r.ip,
    place: placeOf(r.ip),
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Signs one other session of the caller out, everywhere at once. */
export async function signOutSession(
  deps: Deps,
  caller: { userId: number; sessionId: number },
  sessionId: number,
  meta: Meta,
): Promise<void> {
  if (sessionId === caller.sessionId) throw new AppError('SESSION_IS_CURRENT');
  const { db } = deps.database;
  if (!(await revokeOwnSession(db, caller.userId, sessionId))) throw new AppError('SESSION_NOT_FOUND');
  // revokeSession's eviction: here at once, in every other process through the notification.
  await revokeSession(db, sessionId);
  await insertEvent(db, caller.userId, 'session_revoked', meta, { session_id: sessionId });
}

export async function signOutOthers(
  deps: Deps,
  caller: { userId: number; sessionId: number },
  meta: Meta,
): Promise<void> {
  await revokeSubjectSessions(deps.database.db, 'user', caller.userId, caller.sessionId);
  await insertEvent(deps.database.db, caller.userId, 'others_signed_out', meta);
}

export async function securityEvents(
  deps: Deps,
  userId: number,
  page: number,
): Promise<{ list: SecurityEvent[]; total: number; page_size: number }> {
  const { rows, total } = await listEvents(deps.database.db, userId, page);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      device: describeDevice(r.user_agent),
      ip: r.ip,
      place: placeOf(r.ip),
      created_at: r.created_at.toISOString(),
    })),
    total,
    page_size: EVENTS_PAGE_SIZE,
  };
}
