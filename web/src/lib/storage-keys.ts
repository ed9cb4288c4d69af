/**
 * Every key the app keeps in browser storage, in one place, so logout can clear "everything but the
 * language" without guessing.
 */
export const STORAGE_KEYS = {
  /** The musician session token, sent as the `token` header (the HttpOnly cookie carries the same). */
  token: 'token',
  /** The last known session user (JSON), so the header can show the nickname before /api/user/info answers. */
  userinfo: 'userinfo',
  /** The chosen UI language; survives logout. */
  language: 'lang',
} as const;
