/** Staff accounts: login to the console, who may do what (roles), and the admins' management of staff. */

import { isStrongPassword } from '@trackline/contract/password';
import type { StaffInfo, StaffRole } from '@trackline/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { markGuard } from '../../platform/http/auth';
import { createSession, revokeSession, revokeSubjectSessions, subjectChanged } from '../../platform/http/sessions';
import { countLoginAttempt } from '../../platform/security/login-guard';
import { hashPassword, verifyPassword } from '../../platform/security/passwords';
import {
  countOtherActiveAdmins,
  countStaff,
  findStaffById,
  findStaffByUsername,
  insertStaff,
  listStaff,
  type StaffRow,
  updateStaff,
} from './staff.repository';

declare module 'fastify' {
  interface FastifyRequest {
    staffMember?: StaffInfo;
  }
}

declare module '../../platform/http/auth' {
  interface SessionSubjects {
    staff: StaffRow;
  }
}

export function toStaffInfo(row: StaffRow): StaffInfo {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    roles: row.roles as StaffRole[],
    disabled: row.disabled,
    created_at: row.created_at.toISOString(),
  };
}

export async function staffLogin(
  deps: Deps,
  body: { username: string; password: string; captcha_id?: string; captcha?: string },
  meta: { ip: string; userAgent: string },
) {
  const { db } = deps.database;
  const attempt = {
    scope: 'staff' as const,
    account: body.username,
    ip: meta.ip,
    captchaId: body.captcha_id,
    captcha: body.captcha,
  };
  // Counted before the password is checked (login-guard.ts).
  const counted = await countLoginAttempt(deps, attempt);
  const row = await findStaffByUsername(db, body.username);
  if (!(await verifyPassword(row?.password_hash, body.password)) || !row) {
    throw new AppError('LOGIN_FAILED', counted.failed());
  }
  if (row.disabled) throw new AppError('ACCOUNT_DISABLED');
  await counted.succeeded();
  const token = await createSession(db, 'staff', row.id, deps.config.sessionIdleMs, meta);
  return { token, staff: toStaffInfo(row) };
}

export async function staffLogout(deps: Deps, sessionId: number): Promise<void> {
  await revokeSession(deps.database.db, sessionId);
}

/** preHandler after the staff session hook: loads the member and checks one of the roles (admin may do anything). */
export function requireRole(...roles: StaffRole[]) {
  // Marked as a guard: it runs right after the staff session check, before the body is read (auth.ts guardsFirst).
  return markGuard('role', async (request: FastifyRequest) => {
    const row = request.staff!.subject;
    if (row.disabled) throw new AppError('LOGIN_INVALID');
    const member = toStaffInfo(row);
    if (roles.length > 0 && !member.roles.includes('admin') && !member.roles.some((r) => roles.includes(r)))
      throw new AppError('FORBIDDEN');
    request.staffMember = member;
  });
}

export async function allStaff(deps: Deps): Promise<StaffInfo[]> {
  return (await listStaff(deps.database.db)).map(toStaffInfo);
}

export async function createStaff(
  deps: Deps,
  body: { username: string; name: string; password: string; roles: StaffRole[] },
) {
  const { db } = deps.database;
  if (!isStrongPassword(body.password)) throw new AppError('PASSWORD_WEAK');
  if (await findStaffByUsername(db, body.username)) throw new AppError('STAFF_USERNAME_TAKEN');
  const id = await insertStaff(db, {
    username: body.username,
    name: body.name,
    roles: [...new Set(body.roles)],
    password_hash: await hashPassword(body.password),
  });
  return toStaffInfo((await findStaffById(db, id))!);
}

export async function changeStaff(
  deps: Deps,
  actor: { id: number; sessionId: number },
  body: { id: number; name?: string; roles?: StaffRole[]; disabled?: boolean; password?: string },
) {
  const { db } = deps.database;
  const row = await findStaffById(db, body.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (body.password !== undefined && !isStrongPassword(body.password)) throw new AppError('PASSWORD_WEAK');
  const losesAdmin = (body.roles && !body.roles.includes('admin')) || body.disabled === true;
  if (row.roles.includes('admin') && !row.disabled && losesAdmin && (await countOtherActiveAdmins(db, row.id)) === 0)
    throw new AppError('LAST_ADMIN');
  await updateStaff(db, body.id, {
    name: body.name,
    roles: body.roles ? [...new Set(body.roles)] : undefined,
    disabled: body.disabled,
    password_hash: body.password ? await hashPassword(body.password) : undefined,
  });
  // A disabled member, or one whose password changed, is logged out everywhere (but for the session making the change).
  if (body.disabled || body.password)
    await revokeSubjectSessions(db, 'staff', body.id, body.id === actor.id ? actor.sessionId : undefined);
  else await subjectChanged(db, 'staff', body.id); // new roles or name take effect on the next call everywhere
  return toStaffInfo((await findStaffById(db, body.id))!);
}

/** The first staff admin, created when there is no staff at all. Answers the credentials when it created one. */
export async function ensureFirstAdmin(deps: Deps, password: string): Promise<boolean> {
  if ((await countStaff(deps.database.db)) > 0) return false;
  await insertStaff(deps.database.db, {
    username: 'admin',
    name: 'Administrator',
    roles: ['admin'],
    password_hash: await hashPassword(password),
  });
  return true;
}
