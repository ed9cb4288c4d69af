/**
 * SMS verification codes: six CSPRNG digits, stored as keyed hashes, valid 10 minutes, single use,
 * dead after 5 wrong tries; sends are limited per mobile (1/min, 5/h, 10/day) and per IP.
 */
import type { SmsEvent } from '@trackline/contract/account';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { checkCaptcha } from '../../platform/security/captcha';
import { anyExceeded, hitWithin, type RateRule } from '../../platform/security/rate-limiter';
import { hmac, sameBytes, sixDigitCode } from '../../platform/security/tokens';
import { countSmsAttempt, insertSmsCode, latestSmsCode, useSmsCode } from './account.repository';

export const SMS_TTL_MS = 10 * 60_000;
export const SMS_MAX_TRIES = 5;

export function mobileRules(mobile: string): RateRule[] {
  return [
    { key: `sms:m:${mobile}`, windowSec: 60, max: 1 },
    { key: `sms:m:${mobile}`, windowSec: 3600, max: 5 },
    { key: `sms:m:${mobile}`, windowSec: 86_400, max: 10 },
  ];
}

export function ipRules(ip: string): RateRule[] {
  return [
    { key: `sms:ip:${ip}`, windowSec: 3600, max: 30 },
    { key: `sms:ip:${ip}`, windowSec: 86_400, max: 100 },
  ];
}

/** After this many sends from one IP in an hour, each further send needs a picture code. */
export const IP_CAPTCHA_AFTER = 5;

function codeHash(secret: string, mobile: string, event: string, code: string): Buffer {
  return hmac(secret, 'sms', mobile, event, code);
}

export async function issueSmsCode(
  deps: Deps,
  args: { mobile: string; event: SmsEvent; ip: string; captchaId?: string; captcha?: string },
): Promise<void> {
  const { db } = deps.database;
  const mRules = mobileRules(args.mobile);
  const iRules = ipRules(args.ip);
  if (await anyExceeded(deps.limiter, [...mRules, ...iRules])) throw new AppError('RATE_LIMITED');
  const ipHour = await deps.limiter.peek(`sms:ip:${args.ip}`, 3600);
  if (ipHour >= IP_CAPTCHA_AFTER) {
    if (!args.captchaId || !args.captcha) throw new AppError('CAPTCHA_REQUIRED', { captcha_required: true });
    if (!(await checkCaptcha(db, deps.secret, args.captchaId, args.captcha)))
      throw new AppError('CAPTCHA_WRONG', { captcha_required: true });
  }
  if (!(await hitWithin(deps.limiter, [...mRules, ...iRules]))) throw new AppError('RATE_LIMITED');
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

/** Consumes a code or throws the reason it cannot be used. */
export async function consumeSmsCode(deps: Deps, mobile: string, event: SmsEvent, code: string): Promise<void> {
  const { db } = deps.database;
  const row = await latestSmsCode(db, mobile, event);
  if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) throw new AppError('SMS_CODE_EXPIRED');
  if (row.attempts >= SMS_MAX_TRIES) throw new AppError('SMS_CODE_EXHAUSTED');
  if (!sameBytes(row.code_hash, codeHash(deps.secret, mobile, event, code))) {
    const attempts = await countSmsAttempt(db, row.id);
    throw new AppError(attempts >= SMS_MAX_TRIES ? 'SMS_CODE_EXHAUSTED' : 'SMS_CODE_WRONG');
  }
  if (!(await useSmsCode(db, row.id))) throw new AppError('SMS_CODE_EXPIRED');
}
