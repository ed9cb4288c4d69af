/** The account calls (spec §7) with the shapes fixed in contract/account.ts. */
import type { LoginBody, RegisterBody, ResetPwdBody, SmsSendQuery, UserInfo } from '@trackline/contract/account';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost } from '../../api/client';

export interface CaptchaData {
  captcha_id: string;
  /** A data URL for an <img>. */
  image: string;
}

/** The login page, registration and the SMS button handle captcha codes themselves, hence `silent`. */
export function fetchCaptcha() {
  return apiGet<CaptchaData>(API.captcha, undefined, { silent: true });
}

export function sendSmsCode(query: SmsSendQuery) {
  return apiGet<null>(API.smsSend, { ...query }, { silent: true });
}

export function loginRequest(body: LoginBody) {
  // deletion_cancelled: the login ended a pending account deletion (account centre).
  return apiPost<{ userinfo: UserInfo; deletion_cancelled?: boolean }>(API.login, body, { silent: true });
}

export function registerRequest(body: RegisterBody) {
  return apiPost<{ userinfo: UserInfo }>(API.register, body);
}

export function resetPasswordRequest(body: ResetPwdBody) {
  return apiPost<null>(API.resetPwd, body);
}

export function fetchUserInfo(signal?: AbortSignal) {
  return apiGet<{ userinfo: UserInfo }>(API.userInfo, undefined, { silent: true, signal });
}

export function logoutRequest() {
  return apiGet<null>(API.logout, undefined, { silent: true });
}
