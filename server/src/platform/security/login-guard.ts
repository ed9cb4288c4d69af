/**
 * Failed-login limits, per account and per IP over 15 minutes, shared by musicians and staff: a picture code after
 * 3 failures of an account (or 10 from an IP), the account locked after 10 (until the oldest leaves the window), the
 * IP refused after 100.
 *
 * Each attempt is counted before its password (or SMS code) is checked, by the limiter's atomic take, and the count
 * it gets decides: N parallel attempts see N counts, so a burst is checked no more often than the same attempts one
 * by one. An attempt refused before the check (picture code wrong, IP full) gives its count back; a success
 * forgets the account's failures.
 */
import type { Deps } from '../deps';
import { AppError } from '../http/app-error';
import { checkCaptcha } from './captcha';
import type { RateRule } from './rate-limiter';

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

/** An attempt that may be checked: tell it how the check went. */
export interface CountedAttempt {
  /** Keeps the attempt counted; answers whether the next attempt will need a picture code. */
  failed(): { captcha_required: boolean };
  /** Forgets the account's failures (and does not count this attempt against the IP). */
  succeeded(): Promise<void>;
}

const accountRule = (a: Pick<LoginAttempt, 'scope' | 'account'>, withCaptcha = true): RateRule => ({
  key: `login:${a.scope}:acct:${a.account.toLowerCase()}`,
  windowSec: WINDOW_SEC,
  max: withCaptcha ? LOCK_AFTER_ACCOUNT_FAILURES : CAPTCHA_AFTER_ACCOUNT_FAILURES,
});
const ipRule = (a: Pick<LoginAttempt, 'ip'>, withCaptcha: boolean): RateRule => ({
  key: `login:ip:${a.ip}`,
  windowSec: WINDOW_SEC,
  max: withCaptcha ? BLOCK_AFTER_IP_FAILURES : CAPTCHA_AFTER_IP_FAILURES,
});

/**
 * Counts the attempt; throws when it may not be checked: locked, blocked, or a picture code due and not right.
 * An attempt without a picture code may only take one of the first 3 places of its account (10 of its IP), one with
 * a picture code one of the first 10 (100): so a burst without picture codes is answered "picture code required"
 * past the 3rd, never "locked" by attempts that were not checked.
 */
export async function countLoginAttempt(deps: Deps, attempt: LoginAttempt): Promise<CountedAttempt> {
  const { limiter } = deps;
  const withCaptcha = Boolean(attempt.captchaId && attempt.captcha);
  const acctRule = accountRule(attempt, withCaptcha);
  const addrRule = ipRule(attempt, withCaptcha);
  const acct = await limiter.take(acctRule);
  if (!acct.allowed) {
    if (acct.count >= LOCK_AFTER_ACCOUNT_FAILURES) throw new AppError('ACCOUNT_LOCKED');
    throw new AppError('CAPTCHA_REQUIRED', { captcha_required: true });
  }
  const ip = await limiter.take(addrRule);
  const giveBack = async () => {
    await Promise.all([acct.hit && limiter.giveBack(acctRule, acct.hit), ip.hit && limiter.giveBack(addrRule, ip.hit)]);
  };
  if (!ip.allowed) {
    await giveBack();
    if (ip.count >= BLOCK_AFTER_IP_FAILURES) throw new AppError('RATE_LIMITED');
    throw new AppError('CAPTCHA_REQUIRED', { captcha_required: true });
  }
  // The counts include this attempt: the 4th attempt of an account is the first that needs its picture code checked.
  if (acct.count > CAPTCHA_AFTER_ACCOUNT_FAILURES || ip.count > CAPTCHA_AFTER_IP_FAILURES) {
    if (!(await checkCaptcha(deps.database.db, deps.secret, attempt.captchaId!, attempt.captcha!))) {
      await giveBack();
      throw new AppError('CAPTCHA_WRONG', { captcha_required: true });
    }
  }
  return {
    failed: () => ({
      captcha_required: acct.count >= CAPTCHA_AFTER_ACCOUNT_FAILURES || ip.count >= CAPTCHA_AFTER_IP_FAILURES,
    }),
    async succeeded() {
      await Promise.all([limiter.reset(acctRule.key, WINDOW_SEC), ip.hit && limiter.giveBack(addrRule, ip.hit)]);
    },
  };
}

/** Forgets an account's failures (a password reset proves the owner). */
export async function forgetLoginFailures(deps: Deps, account: Pick<LoginAttempt, 'scope' | 'account'>) {
  await deps.limiter.reset(accountRule(account).key, WINDOW_SEC);
}
