/**
 * Failed-login limits, per account and per IP, shared by musicians and staff: a picture code after a few failures,
 * a temporary lock (until the 15-minute window ends) after many.
 */
import type { Deps } from '../deps';
import { AppError } from '../http/app-error';
import { checkCaptcha } from './captcha';

const WINDOW_SEC = 15 * 60;
export const CAPTCHA_AFTER_ACCOUNT_FAILURES = 3;
export const LOCK_AFTER_ACCOUNT_FAILURES = 10;
export const CAPTCHA_AFTER_IP_FAILURES = 10;
export const BLOCK_AFTER_IP_FAILURES = 100;

export interface LoginAttempt {
  scope: 'user' | 'staff';
  account: string;
  ip: string;
  captchaId?: string;
  captcha?: string;
}

const accountKey = (a: LoginAttempt) => `login:${a.scope}:acct:${a.account.toLowerCase()}`;
const ipKey = (a: LoginAttempt) => `login:ip:${a.ip}`;

/** Throws when the attempt may not even be checked: locked, blocked, or a picture code is due and wrong. */
export async function beforeLogin(deps: Deps, attempt: LoginAttempt): Promise<void> {
  const [acct, ip] = await Promise.all([
    deps.limiter.peek(accountKey(attempt), WINDOW_SEC),
    deps.limiter.peek(ipKey(attempt), WINDOW_SEC),
  ]);
  if (acct >= LOCK_AFTER_ACCOUNT_FAILURES) throw new AppError('ACCOUNT_LOCKED');
  if (ip >= BLOCK_AFTER_IP_FAILURES) throw new AppError('RATE_LIMITED');
  if (acct >= CAPTCHA_AFTER_ACCOUNT_FAILURES || ip >= CAPTCHA_AFTER_IP_FAILURES) {
    if (!attempt.captchaId || !attempt.captcha) throw new AppError('CAPTCHA_REQUIRED', { captcha_required: true });
    if (!(await checkCaptcha(deps.database.db, deps.secret, attempt.captchaId, attempt.captcha)))
      throw new AppError('CAPTCHA_WRONG', { captcha_required: true });
  }
}

/** Counts a failure; answers whether the next attempt will need a picture code. */
export async function loginFailed(deps: Deps, attempt: LoginAttempt): Promise<{ captcha_required: boolean }> {
  const [acct, ip] = await Promise.all([
    deps.limiter.hit(accountKey(attempt), WINDOW_SEC),
    deps.limiter.hit(ipKey(attempt), WINDOW_SEC),
  ]);
  return { captcha_required: acct >= CAPTCHA_AFTER_ACCOUNT_FAILURES || ip >= CAPTCHA_AFTER_IP_FAILURES };
}

export async function loginSucceeded(deps: Deps, attempt: Pick<LoginAttempt, 'scope' | 'account'>): Promise<void> {
  await deps.limiter.reset(accountKey(attempt as LoginAttempt), WINDOW_SEC);
}
