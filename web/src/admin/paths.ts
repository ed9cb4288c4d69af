/** Where the console lives; the main router mounts it at /admin/*. */
export const ADMIN_BASE = '/admin';
export const ADMIN_LOGIN = `${ADMIN_BASE}/login`;
