/** Registration, login (password or SMS code), the session user, logout and password reset. */

import type { LoginBody, RegisterBody, ResetPwdBody, SmsSendQuery, UserInfo } from '@trackline/contract/account';
import { GROUP_ENTERPRISE } from '@trackline/contract/account-groups';
import { compactMobile, isMainlandMobile } from '@trackline/contract/identifiers';
import { templated } from '@trackline/contract/message-templates';
import { isStrongPassword } from '@trackline/contract/password';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { createSession, revokeSession, revokeSubjectSessions } from '../../platform/http/sessions';
import { countLoginAttempt, forgetLoginFailures } from '../../platform/security/login-guard';
import { hashPassword, verifyPassword } from '../../platform/security/passwords';
import { sendToUser } from '../messages/messages.service';
import { availableBalance } from '../royalties/ledger';
import { agentForDomain } from '../site/site.service';
import {
  findUserById,
  findUserByMobile,
  insertUser,
  type SessionUser,
  type UserRow,
  updatePasswordHash,
} from './account.repository';
import { insertEvent } from './centre.repository';
import { cancelDeletionOnLogin } from './leaving.service';
import { consumeSmsCode, issueSmsCode } from './sms-codes';

export interface RequestMeta {
  ip: string;
  userAgent: string;
  hostname: string;
  lang: 'zh-CN' | 'en';
}

function mobileOf(raw: string): string {
  const mobile = compactMobile(raw);
  if (!isMainlandMobile(mobile)) throw new AppError('MOBILE_INVALID');
  return mobile;
}

/** Events whose code goes only to the logged-in caller's own mobile (old number, deletion, a card, a withdrawal). */
const OWN_MOBILE_EVENTS = new Set(['oldmobile', 'logoutaccount', 'bankcard', 'withdraw']);

export async function sendSms(
  deps: Deps,
  query: SmsSendQuery,
  meta: RequestMeta,
  callerMobile?: string,
): Promise<void> {
  if (OWN_MOBILE_EVENTS.has(query.event) && !callerMobile) throw new AppError('LOGIN_INVALID');
  const mobile = mobileOf(query.mobile);
  if (OWN_MOBILE_EVENTS.has(query.event) && mobile !== callerMobile) throw new AppError('SMS_NOT_YOUR_MOBILE');
  const existing = await findUserByMobile(deps.database.db, mobile);
  if ((query.event === 'register' || query.event === 'changemobile') && existing) throw new AppError('MOBILE_TAKEN');
  const needsAccount = ['mobilelogin', 'resetpwd', 'bankcard', 'withdraw'].includes(query.event);
  if (needsAccount && !existing) throw new AppError('MOBILE_UNKNOWN');
  await issueSmsCode(deps, {
    mobile,
    event: query.event,
    ip: meta.ip,
    captchaId: query.captcha_id,
    captcha: query.captcha,
  });
}

export function imagePrefix(deps: Deps): string {
  return `${deps.config.publicBaseUrl ?? ''}/files/`;
}

export function toUserInfo(
  deps: Deps,
  user: NonNullable<UserRow>,
  token: string,
  balanceFen: string | null = null,
): UserInfo {
  return {
    id: user.id,
    token,
    avatar: user.avatar,
    nickname: user.nickname,
    username: user.mobile,
    real_name: user.real_name,
    domain: imagePrefix(deps),
    is_verify: user.is_verify === 1 ? 1 : 0,
    group_id: user.group_id,
    user_account_info: {
      // The available balance on the ledger (royalties module); null (shown as --) until money first moves.
      balance_fen: balanceFen,
      currency: 'CNY',
      company_name: user.company_name,
      created_at: user.created_at.toISOString(),
    },
    rate: user.rate,
  };
}

async function startSession(
  deps: Deps,
  user: NonNullable<UserRow>,
  meta: RequestMeta,
  event: 'login' | 'register' = 'login',
) {
  const token = await createSession(deps.database.db, 'user', user.id, deps.config.sessionIdleMs, meta);
  // The account centre's security events (recent sign-ins); a login during a deletion's cooling-off cancels it.
  await insertEvent(deps.database.db, user.id, event, meta);
  const deletionCancelled = event === 'login' && (await cancelDeletionOnLogin(deps, user.id, meta));
  return {
    token,
    userinfo: toUserInfo(deps, user, token, await availableBalance(deps.database.db, user.id)),
    deletionCancelled,
  };
}

export async function register(deps: Deps, body: RegisterBody, meta: RequestMeta) {
  const { db } = deps.database;
  const mobile = mobileOf(body.mobile);
  if (!isStrongPassword(body.password)) throw new AppError('PASSWORD_WEAK');
  const company = body.company_name?.trim() || null;
  if (body.group_id === GROUP_ENTERPRISE && !company) throw new AppError('COMPANY_REQUIRED');
  if (await findUserByMobile(db, mobile)) throw new AppError('MOBILE_TAKEN');
  await consumeSmsCode(deps, mobile, 'register', body.code);
  const agent = await agentForDomain(deps, meta.hostname);
  const passwordHash = await hashPassword(body.password);
  let id: number;
  try {
    id = await insertUser(db, {
      agent_id: agent.id,
      mobile,
      password_hash: passwordHash,
      nickname: body.nickname?.trim() || `音乐人${mobile.slice(-4)}`,
      group_id: body.group_id,
      company_name: body.group_id === GROUP_ENTERPRISE ? company : null,
    });
  } catch (err) {
    // Two registrations racing for one mobile: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw new AppError('MOBILE_TAKEN');
    throw err;
  }
  await sendToUser(deps, id, welcomeMessage(agent.site_title));
  return startSession(deps, (await findUserById(db, id))!, meta, 'register');
}

/** A session for an account just made elsewhere (a minor's registration, modules/realname/minors.ts). */
export async function startUserSession(deps: Deps, userId: number, meta: RequestMeta) {
  return startSession(deps, (await findUserById(deps.database.db, userId))!, meta, 'register');
}

function welcomeMessage(siteTitle: string) {
  return templated('welcome', 'welcome', { site: siteTitle });
}

export async function login(deps: Deps, body: LoginBody, meta: RequestMeta) {
  const { db } = deps.database;
  const bySms = 'code' in body;
  const account = compactMobile(bySms ? body.mobile : body.account);
  const attempt = { scope: 'user' as const, account, ip: meta.ip, captchaId: body.captcha_id, captcha: body.captcha };
  // Counted before anything is checked: a burst of guesses is limited by the counts it takes, not by failures seen.
  const counted = await countLoginAttempt(deps, attempt);
  const user = isMainlandMobile(account) ? await findUserByMobile(db, account) : undefined;
  if (bySms) {
    if (!user) throw new AppError('MOBILE_UNKNOWN');
    await consumeSmsCode(deps, account, 'mobilelogin', body.code);
  } else if (!(await verifyPassword(user?.password_hash, body.password)) || !user) {
    throw new AppError('LOGIN_FAILED', counted.failed());
  }
  if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
  await counted.succeeded();
  return startSession(deps, user, meta);
}

declare module '../../platform/http/auth' {
  interface SessionSubjects {
    user: SessionUser;
  }
}

/** The session user of spec §3; the row came with the session (requireUser). */
export async function currentUser(deps: Deps, user: SessionUser, token: string): Promise<UserInfo> {
  if (user.disabled) throw new AppError('LOGIN_INVALID');
  return toUserInfo(deps, user, token, user.balance_fen);
}

export async function logout(deps: Deps, sessionId: number): Promise<void> {
  await revokeSession(deps.database.db, sessionId);
}

/** The spec's forgotten-password flow (no session): a code to the mobile; every session ends. */
export async function resetPassword(deps: Deps, body: ResetPwdBody, meta?: RequestMeta): Promise<void> {
  const { db } = deps.database;
  const mobile = mobileOf(body.mobile);
  if (!isStrongPassword(body.newpassword)) throw new AppError('PASSWORD_WEAK');
  const user = await findUserByMobile(db, mobile);
  if (!user) throw new AppError('MOBILE_UNKNOWN');
  await consumeSmsCode(deps, mobile, 'resetpwd', body.code);
  await updatePasswordHash(db, user.id, await hashPassword(body.newpassword));
  await revokeSubjectSessions(db, 'user', user.id);
  await forgetLoginFailures(deps, { scope: 'user', account: mobile });
  await insertEvent(db, user.id, 'password_reset', meta);
}

/** The demo musician of a fresh start; nothing happens when the mobile is already registered. */
export async function ensureDemoMusician(
  deps: Deps,
  demo: { mobile: string; password: string; nickname: string; agentId: number },
): Promise<boolean> {
  const { db } = deps.database;
  if (await findUserByMobile(db, demo.mobile)) return false;
  const id = await insertUser(db, {
    agent_id: demo.agentId,
    mobile: demo.mobile,
    password_hash: await hashPassword(demo.password),
    nickname: demo.nickname,
    group_id: 1,
    company_name: null,
  });
  await sendToUser(deps, id, welcomeMessage('乐轨音乐'));
  return true;
}
