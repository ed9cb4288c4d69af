/** Route paths that code outside the router needs (guard, login, logout). */
export const LOGGED_IN_HOME = '/work-publish/entry';
export const GUEST_HOME = '/guest/index';
export const LOGIN_ROUTE = '/login';
/** Spec §2 footer: the platform agreement is this help-center detail. */
export const PLATFORM_AGREEMENT_ROUTE = '/help-center/index?id=5&type=2&tid=0';
