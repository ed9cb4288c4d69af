/**
 * The musician shell: header, page, footer and the floating Q&A button (spec §2). It also re-applies the
 * route guard when the session ends in place (a 1000 answer, logout in another tab), sets the page title,
 * and shows a thin progress bar while the next page chunk loads.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { clearReturnTo, peekReturnTo } from '../../lib/return-to';
import { useLoggedIn } from '../../lib/session';
import { guardRedirect } from '../guard';
import { usePageTitle, useRouteHandle } from '../use-route-handle';
import { QaFloatButton } from './qa-float-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/** The title in a component of its own: the site configuration arriving re-renders this, not the page. */
function PageTitle() {
  usePageTitle();
  return null;
}

export function SiteLayout() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const { header = 'default' } = useRouteHandle();
  // Back, logged in, on the page an ended session left: it has served its purpose.
  useEffect(() => {
    if (loggedIn && peekReturnTo() === `${pathname}${search}`) clearReturnTo();
  }, [loggedIn, pathname, search]);

  const target = guardRedirect(pathname, loggedIn, peekReturnTo() ?? undefined);
  if (target) return <Navigate to={target} replace />;

  return (
    <div className={`site site--header-${header}`}>
      <PageTitle />
      {/* A new page opens at its top; Back and Forward return to where the page was scrolled (issue 9). */}
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {navigation.state === 'loading' && <div className="navigation-progress" aria-hidden="true" />}
      <SiteHeader variant={header} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <QaFloatButton />
    </div>
  );
}
