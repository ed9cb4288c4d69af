import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useSiteTitle } from '../features/site/use-agent-info';
import type { RouteHandle } from './route-handle';

/** The merged handles of the matched routes; the deepest route wins. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) Object.assign(merged, match.handle as RouteHandle | undefined);
  return merged;
}

/** Spec §2: the page title is the route title plus the site title, e.g. "登录 - 乐轨音乐". */
export function usePageTitle(): void {
  const { title } = useRouteHandle();
  const siteTitle = useSiteTitle();
  const { t } = useTranslation();
  const routeTitle = title ? t(`routes.${title}`) : '';
  useEffect(() => {
    document.title = routeTitle ? `${routeTitle} - ${siteTitle}` : siteTitle;
  }, [routeTitle, siteTitle]);
}
