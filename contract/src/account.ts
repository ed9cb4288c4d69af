/**
 * Accounts (spec §1–3, §7): the request and response shapes of the account calls.
 * The spec leaves most payloads out; the ones here are fixed by the foundation issue so other clients can rely on them.
 */
import { z } from 'zod';

/**
 * `oldmobile` (changing the mobile: the code to the current number) and `logoutaccount` (confirming deletion) go
 * only to the logged-in caller's own mobile; `bankcard` and `withdraw` (issue 12): adding a card or confirming a
 * withdrawal, to the caller's own mobile too; `guardian`: the code a minor's guardian receives at /register/children
 * and for the supplement (issue 10).
 */
export const SMS_EVENTS = [
  'register',
  'mobilelogin',
  'resetpwd',
  'changemobile',
  'oldmobile',
  'logoutaccount',
  'bankcard',
  'withdraw',
  'guardian',
] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];

const mobile = z.string().trim().min(1).max(20);
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
const captchaFields = {
  captcha_id: z.string().max(64).optional(),
  captcha: z.string().max(12).optional(),
};

export const captchaData = z.object({ captcha_id: z.string(), image: z.string() });

export const smsSendQuery = z.object({ mobile, event: z.enum(SMS_EVENTS), ...captchaFields });
export type SmsSendQuery = z.infer<typeof smsSendQuery>;

export const registerBody = z.object({
  mobile,
  code: smsCode,
  password: z.string().min(1).max(128),
  nickname: z.string().trim().max(32).optional(),
  group_id: z.union([z.literal(1), z.literal(2)]),
  company_name: z.string().trim().max(100).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const passwordLoginBody = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  ...captchaFields,
});
export const smsLoginBody = z.object({ mobile, code: smsCode, ...captchaFields });
export const loginBody = z.union([passwordLoginBody, smsLoginBody]);
export type LoginBody = z.infer<typeof loginBody>;

export const resetPwdBody = z.object({ mobile, code: smsCode, newpassword: z.string().min(1).max(128) });
export type ResetPwdBody = z.infer<typeof resetPwdBody>;

/** What a logged-in user's account holds; money is in fen, as a string (bigint-safe). */
export const userAccountInfo = z.object({
  /** null until the account has a ledger (shown as --). */
  balance_fen: z.string().nullable(),
  currency: z.literal('CNY'),
  company_name: z.string().nullable(),
  created_at: z.string(),
});

/** The session user of spec §3. `rate` is the share of income the musician keeps, in percent. */
export const userInfo = z.object({
  id: z.number(),
  token: z.string(),
  avatar: z.string(),
  nickname: z.string(),
  username: z.string(),
  real_name: z.string(),
  domain: z.string(),
  is_verify: z.union([z.literal(0), z.literal(1)]),
  group_id: z.number(),
  user_account_info: userAccountInfo,
  rate: z.number(),
});
export type UserInfo = z.infer<typeof userInfo>;
export const userInfoData = z.object({ userinfo: userInfo });

export const messageCountData = z.object({ count: z.number() });
export type CaptchaData = z.infer<typeof captchaData>;
