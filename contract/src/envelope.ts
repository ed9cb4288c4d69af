/**
 * The response envelope every call answers with (spec §7–8): `{ code, msg, data }`.
 * The client reads `code`, not the HTTP status, so business refusals are HTTP 200 with their own code.
 */
export const SUCCESS_CODES = [1, 100] as const;
export const CODE_OK = 1;
export const CODE_LOGIN_INVALID = 1000;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function isSuccessCode(code: unknown): boolean {
  return code === 1 || code === 100;
}
