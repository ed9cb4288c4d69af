/**
 * The header of spec §2: brand, main navigation, and either login/register links (visitors) or the
 * work-order link, message bell and user menu (logged in). In the page flow, never position: fixed.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgentInfo, useSiteTitle } from '../../features/site/use-agent-info';
import { useLoggedIn } from '../../lib/session';
import { withChunkTimeout } from '../chunk-loading';
import type { RouteHandle } from '../route-handle';
import { BrandMark } from './brand-mark';
import { HeaderNav } from './header-nav';
import { LanguageSwitch } from './language-switch';
import './site-header.css';

const UserActions = lazy(() => withChunkTimeout(() => import('./user-actions')));

export function SiteHeader({ variant }: { variant: NonNullable<RouteHandle['header']> }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const { data: agent } = useAgentInfo();
  const siteTitle = useSiteTitle();

  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={t('nav.homeLink', { site: siteTitle })}>
          {agent?.site_logo ? (
            <img className="site-header__logo" src={agent.site_logo} alt="" height={32} />
          ) : (
            <BrandMark />
          )}
          <span className="site-header__title">{siteTitle}</span>
        </Link>
        <HeaderNav loggedIn={loggedIn} />
        <div className="site-header__actions">
          {loggedIn ? (
            <Suspense fallback={<LanguageSwitch />}>
              <UserActions />
            </Suspense>
          ) : (
            <>
              <LanguageSwitch />
              <Link to="/login" className="link-button site-header__login">
                {t('nav.login')}
              </Link>
              <Link to="/register" className="link-button link-button--primary">
                {t('nav.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
