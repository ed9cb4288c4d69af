/**
 * SMS verification codes: six CSPRNG digits, stored as keyed hashes, valid 10 minutes, single use,
 * dead after 5 wrong tries; sends are limited per mobile (1/min, 5/h, 10/day) and per IP.
 */
import type { SmsEvent } from '@trackline/contract/account';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { checkCaptcha } from '../../platform/security/captcha';
import { type RateRule, takeAll } from '../../platform/security/rate-limiter';
import { hmac, sameBytes, sixDigitCode } from '../../platform/security/tokens';
import { insertSmsCode, latestSmsCode, takeSmsTry, useSmsCode } from './account.repository';

export const SMS_TTL_MS = 10 * 60_000;
export const SMS_MAX_TRIES = 5;

export function mobileRules(mobile: string): RateRule[] {
  return [
    { key: `sms:m:${mobile}`, windowSec: 60, max: 1 },
    { key: `sms:m:${mobile}`, windowSec: 3600, max: 5 },
    { key: `sms:m:${mobile}`, windowSec: 86_400, max: 10 },
  ];
}

/** After this many sends from one IP in an hour, each further send needs a picture code. */
export const IP_CAPTCHA_AFTER = 5;
const IP_HOUR_MAX = 30;

/**
 * Sends from one IP: the hour's count decides the picture code and is taken first (a send without a picture code
 * may take one of the first 5 places, one with a picture code one of the first 30); the day's is a plain limit.
 */
export function ipHourRule(ip: string, withCaptcha = true): RateRule {
  return { key: `sms:ip:${ip}`, windowSec: 3600, max: withCaptcha ? IP_HOUR_MAX : IP_CAPTCHA_AFTER };
}
export function ipDayRule(ip: string): RateRule {
  return { key: `sms:ip:${ip}`, windowSec: 86_400, max: 100 };
}

function codeHash(secret: string, mobile: string, event: string, code: string): Buffer {
  return hmac(secret, 'sms', mobile, event, code);
}

export async function issueSmsCode(
  deps: Deps,
  args: { mobile: string; event: SmsEvent; ip: string; captchaId?: string; captcha?: string },
): Promise<void> {
  const { db } = deps.database;
  // Every decision is on a count taken atomically (rate-limiter.ts), never on one read earlier: of 40 sends at once
  // from one address without a picture code, 5 can take a place in the hour (the rest are asked for the picture code);
  // with one, 30 can, each past the 5th checking its picture code.
  const withCaptcha = Boolean(args.captchaId && args.captcha);
  const hourRule = ipHourRule(args.ip, withCaptcha);
  const ipHour = await deps.limiter.take(hourRule);
  if (!ipHour.allowed || ipHour.hit === null) {
    if (ipHour.count >= IP_HOUR_MAX) throw new AppError('RATE_LIMITED');
    throw new AppError('CAPTCHA_REQUIRED', { captcha_required: true });
  }
  const giveBackHour = () => deps.limiter.giveBack(hourRule, ipHour.hit!);
  if (ipHour.count > IP_CAPTCHA_AFTER && !(await checkCaptcha(db, deps.secret, args.captchaId!, args.captcha!))) {
    await giveBackHour();
    throw new AppError('CAPTCHA_WRONG', { captcha_required: true });
  }
  if (!(await takeAll(deps.limiter, [...mobileRules(args.mobile), ipDayRule(args.ip)]))) {
    await giveBackHour();
    throw new AppError('RATE_LIMITED');
  }
  const code = sixDigitCode();
  await insertSmsCode(db, {
    mobile: args.mobile,
    event: args.event,
    code_hash: codeHash(deps.secret, args.mobile, args.event, code),
    expires_at: new Date(Date.now() + SMS_TTL_MS),
  });
  try {
    await deps.sms.send({ mobile: args.mobile, event: args.event, code });
  } catch {
    throw new AppError('SMS_SEND_FAILED');
  }
}

/**
 * Consumes a code or throws the reason it cannot be used. A try is spent before the code is compared (takeSmsTry),
 * so however many guesses arrive together, at most SMS_MAX_TRIES are compared.
 */
export async function consumeSmsCode(deps: Deps, mobile: string, event: SmsEvent, code: string): Promise<void> {
  const { db } = deps.database;
  const row = await takeSmsTry(db, mobile, event, SMS_MAX_TRIES);
  if (!row) {
    const latest = await latestSmsCode(db, mobile, event);
    if (!latest || latest.used_at || latest.expires_at.getTime() <= Date.now()) throw new AppError('SMS_CODE_EXPIRED');
    throw new AppError('SMS_CODE_EXHAUSTED');
  }
  if (!sameBytes(row.code_hash, codeHash(deps.secret, mobile, event, code)))
    throw new AppError(row.attempts >= SMS_MAX_TRIES ? 'SMS_CODE_EXHAUSTED' : 'SMS_CODE_WRONG');
  if (!(await useSmsCode(db, row.id))) throw new AppError('SMS_CODE_EXPIRED');
}
