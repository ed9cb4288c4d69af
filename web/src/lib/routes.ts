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
/** Work orders (spec §2 /gongdan/*): the user's list, the form that opens one, and one order's thread. */
export const WORKORDER_LIST_ROUTE = '/gongdan/list';
export const WORKORDER_ADD_ROUTE = '/gongdan/add';

export function workorderDetailRoute(id: number): string {
  return `/gongdan/detail?id=${id}`;
}

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

/** Works (spec §2): the three publishing steps (?id= once the work exists), album editing, materials, the list. */
export const WORK_LIST_ROUTE = '/work-management/list';

export function workStepRoute(step: 1 | 2 | 3, id?: number): string {
  return `/work-publish/step/step-${step}${id ? `?id=${id}` : ''}`;
}

/** Step 1 of a work not created yet: the draft is made by its first save. */
export function newWorkRoute(kind: 'single' | 'album'): string {
  return `/work-publish/step/step-1?kind=${kind}`;
}

export function updateMusicRoute(id: number): string {
  return `/work-publish/update-music?id=${id}`;
}

export function addMaterialRoute(id: number): string {
  return `/work-publish/add-material?id=${id}`;
}
