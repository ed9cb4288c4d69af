/**
 * The error catalogue (spec §8, extended where it says "not shown").
 * Each entry: a stable key, the envelope `code`, the HTTP status, and its text in zh-CN and en.
 * The server localizes `msg` from here; the web may use the same texts for its own checks.
 */
export const errorCatalogue = {
  LOGIN_INVALID: {
    code: 1000,
    status: 200,
    zh: '登录已失效，请重新登录',
    en: 'Your session has expired, please log in again',
  },
  VALIDATION: { code: 2001, status: 200, zh: '提交的信息有误', en: 'Some of the information is not valid' },
  CAPTCHA_REQUIRED: { code: 2002, status: 200, zh: '请输入图形验证码', en: 'Please enter the picture code' },
  CAPTCHA_WRONG: {
    code: 2003,
    status: 200,
    zh: '图形验证码错误或已过期',
    en: 'The picture code is wrong or has expired',
  },
  SMS_CODE_WRONG: { code: 2010, status: 200, zh: '短信验证码错误', en: 'The SMS code is wrong' },
  SMS_CODE_EXPIRED: {
    code: 2011,
    status: 200,
    zh: '短信验证码已过期或已使用，请重新获取',
    en: 'The SMS code has expired or was already used; request a new one',
  },
  SMS_CODE_EXHAUSTED: {
    code: 2012,
    status: 200,
    zh: '短信验证码错误次数过多，请重新获取',
    en: 'Too many wrong SMS codes; request a new one',
  },
  SMS_SEND_FAILED: {
    code: 2013,
    status: 200,
    zh: '短信发送失败，请稍后再试',
    en: 'The SMS could not be sent; try again later',
  },
  MOBILE_INVALID: {
    code: 2014,
    status: 200,
    zh: '请输入正确的手机号码',
    en: 'Enter a valid mainland China mobile number',
  },
  MOBILE_TAKEN: { code: 2020, status: 200, zh: '该手机号已注册', en: 'This mobile number is already registered' },
  MOBILE_UNKNOWN: { code: 2021, status: 200, zh: '该手机号尚未注册', en: 'This mobile number is not registered' },
  PASSWORD_WEAK: {
    code: 2022,
    status: 200,
    zh: '密码至少8位，且需包含字母和数字',
    en: 'The password needs at least 8 characters with letters and digits',
  },
  LOGIN_FAILED: { code: 2023, status: 200, zh: '账号或密码错误', en: 'Wrong account or password' },
  ACCOUNT_LOCKED: {
    code: 2024,
    status: 200,
    zh: '登录失败次数过多，账号已临时锁定，请稍后再试',
    en: 'Too many failed logins; the account is locked for a while',
  },
  ACCOUNT_DISABLED: { code: 2025, status: 200, zh: '账号已停用', en: 'This account is disabled' },
  COMPANY_REQUIRED: {
    code: 2026,
    status: 200,
    zh: '企业用户请填写公司名称',
    en: 'Enterprise accounts need a company name',
  },
  RATE_LIMITED: { code: 2030, status: 429, zh: '操作过于频繁，请稍后再试', en: 'Too many requests; try again later' },
  FORBIDDEN: { code: 2040, status: 403, zh: '没有权限执行此操作', en: 'You are not allowed to do this' },
  CROSS_SITE: { code: 2041, status: 403, zh: '请求来源不被允许', en: 'Requests from other sites are not allowed' },
  NOT_FOUND: { code: 2044, status: 404, zh: '请求的资源不存在', en: 'Not found' },
  AGENT_DOMAIN_TAKEN: {
    code: 2050,
    status: 200,
    zh: '该域名已被其他站点使用',
    en: 'Another site already uses this domain',
  },
  STAFF_USERNAME_TAKEN: { code: 2051, status: 200, zh: '该用户名已存在', en: 'This username is already taken' },
  LAST_ADMIN: {
    code: 2052,
    status: 200,
    zh: '至少需要保留一名启用的管理员',
    en: 'At least one active admin must remain',
  },
  FILE_INVALID: { code: 2060, status: 200, zh: '文件格式或大小不符合要求', en: 'The file type or size is not allowed' },
  MALFORMED: { code: 4000, status: 400, zh: '请求格式错误', en: 'The request is malformed' },
  TOO_LARGE: { code: 4130, status: 413, zh: '请求内容过大', en: 'The request is too large' },
  INTERNAL: { code: 5000, status: 500, zh: '系统错误', en: 'System error' },
  UNAVAILABLE: {
    code: 5030,
    status: 503,
    zh: '服务暂时不可用，请稍后再试',
    en: 'The service is temporarily unavailable; try again later',
  },
} as const satisfies Record<string, { code: number; status: number; zh: string; en: string }>;

export type ErrorKey = keyof typeof errorCatalogue;
export type Lang = 'zh-CN' | 'en';

export function errorText(key: ErrorKey, lang: Lang): string {
  const entry = errorCatalogue[key];
  return lang === 'en' ? entry.en : entry.zh;
}
