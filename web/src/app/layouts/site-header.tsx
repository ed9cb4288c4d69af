/**
 * The header of spec §2: brand, main navigation, and either login/register links (visitors) or the
 * work-order link, message bell and user menu (logged in). In the page flow, never position: fixed.
 */
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserMenu } from '../../features/account/user-menu';
import { MessageBell } from '../../features/messages/message-bell';
import { useAgentInfo, useSiteTitle } from '../../features/site/use-agent-info';
import { useSessionToken } from '../../lib/session';
import type { RouteHandle } from '../route-handle';
import { BrandMark } from './brand-mark';
import { HeaderNav } from './header-nav';
import { LanguageSwitch } from './language-switch';
import './site-header.css';

export function SiteHeader({ variant }: { variant: NonNullable<RouteHandle['header']> }) {
  const { t } = useTranslation();
  const loggedIn = useSessionToken() !== null;
  const { data: agent } = useAgentInfo();
  const siteTitle = useSiteTitle();

  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="shell-width site-header__inner">
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
            <>
              <Link to="/gongdan/list" className="header-icon-button">
                <FileTextOutlined aria-hidden="true" />
                <span>{t('user.workOrders')}</span>
              </Link>
              <MessageBell />
              <LanguageSwitch />
              <UserMenu />
            </>
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
