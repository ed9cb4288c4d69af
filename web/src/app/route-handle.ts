import type { zhCN } from '../i18n/zh-cn';

/** What a route tells the shell: its title (spec §2: page title = route title + site title) and header style. */
export interface RouteHandle {
  title?: keyof typeof zhCN.routes;
  header?: 'default' | 'transparent';
}
