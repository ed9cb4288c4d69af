/** Route paths that code outside the router needs (guard, login, logout). */
export const LOGGED_IN_HOME = '/work-publish/entry';
export const GUEST_HOME = '/guest/index';
export const LOGIN_ROUTE = '/login';
/** Spec §2 footer: the platform agreement is this help-center detail. */
export const PLATFORM_AGREEMENT_ROUTE = '/help-center/index?id=5&type=2&tid=0';
export const REGISTER_ROUTE = '/register/single';
/** The public content pages (spec §2); details are addressed by query parameters so their URLs are stable. */
export const NEWS_LIST_ROUTE = '/advisory/index';
export const HELP_CENTER_ROUTE = '/help-center/index';
export const HELP_QA_ROUTE = '/help-center/q-a';
export const HOT_PLAN_ROUTE = '/hot-plan/index';
/** The user's system messages (the header bell links here). */
export const SYSTEM_MESSAGE_ROUTE = '/system-message';

export function newsDetailRoute(id: number): string {
  return `/advisory/detail?id=${id}`;
}

export function helpArticleRoute(anchor: { id: number; type: number; tid: number }): string {
  return `${HELP_CENTER_ROUTE}?id=${anchor.id}&type=${anchor.type}&tid=${anchor.tid}`;
}

/** A help category's article list, addressed by the category id from webAnchorConfig. */
export function helpSubListRoute(categoryId: number): string {
  return `/help-center/sub-list?category=${categoryId}`;
}

export function hotPlanDetailRoute(id: number): string {
  return `/hot-plan/detail?id=${id}`;
}
