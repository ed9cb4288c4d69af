/** Building envelopes and picking the reply language (zh-CN by default, en by Accept-Language). */
import { CODE_OK, type Envelope } from '@trackline/contract/envelope';
import { type ErrorKey, errorCatalogue, errorText, type Lang } from '@trackline/contract/errors';
import type { FastifyRequest } from 'fastify';

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: CODE_OK, msg, data };
}

export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

export function failure(key: ErrorKey, lang: Lang, data: unknown = null, extra?: string): Envelope<unknown> {
  const text = errorText(key, lang);
  return { code: errorCatalogue[key].code, msg: extra ? `${text}${lang === 'en' ? ': ' : '：'}${extra}` : text, data };
}

/** Localized success texts the services answer with. */
const okTexts = {
  SMS_SENT: { zh: '验证码已发送', en: 'The code has been sent' },
  LOGGED_IN: { zh: '登录成功', en: 'Logged in' },
  REGISTERED: { zh: '注册成功', en: 'Registered' },
  LOGGED_OUT: { zh: '退出成功', en: 'Logged out' },
  PASSWORD_RESET: { zh: '密码已重置，请重新登录', en: 'Your password has been reset; please log in' },
  SAVED: { zh: '保存成功', en: 'Saved' },
  PROBLEM_RECEIVED: { zh: '提交成功，我们会尽快处理', en: 'Thanks — we will look into it soon' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
  SENT: { zh: '发送成功', en: 'Sent' },
  DELETED: { zh: '已删除', en: 'Deleted' },
  WORKORDER_CREATED: { zh: '工单已提交，客服会尽快回复', en: 'Work order sent; support will reply soon' },
  WORK_SUBMITTED: { zh: '已签署授权书并提交审核', en: 'Authorization signed; the work is submitted for review' },
} as const;
export type OkKey = keyof typeof okTexts;

export function okText(key: OkKey, lang: Lang): string {
  return lang === 'en' ? okTexts[key].en : okTexts[key].zh;
}
