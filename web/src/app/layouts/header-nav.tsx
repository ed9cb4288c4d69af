import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useWaitCount } from '../../features/works/use-wait-count';
import type { zhCN } from '../../i18n/zh-cn';

interface NavItem {
  label: keyof typeof zhCN.nav;
  to: string;
  /** The path prefix that marks the item as current (a section, not just the landing page). */
  section: string;
}

const SHARED: NavItem[] = [
  { label: 'advisory', to: '/advisory/index', section: '/advisory' },
  { label: 'download', to: '/download/index', section: '/download' },
  { label: 'hotPlan', to: '/hot-plan/index', section: '/hot-plan' },
  { label: 'helpCenter', to: '/help-center/index', section: '/help-center' },
];

/** Spec §2: what visitors and logged-in users see in the header. */
const VISITOR_ITEMS: NavItem[] = [
  { label: 'home', to: '/guest/index', section: '/guest/index' },
  { label: 'publish', to: '/guest/publish', section: '/guest/publish' },
  ...SHARED,
];

const USER_ITEMS: NavItem[] = [
  { label: 'workPublish', to: '/work-publish/entry', section: '/work-publish' },
  { label: 'workManagement', to: '/work-management/list', section: '/work-management' },
  ...SHARED,
];

/** Works waiting for the musician (drafts, rejected) on the work-publishing item; nothing when none. */
function WorkWaitBadge() {
  const { t } = useTranslation();
  const wait = useWaitCount();
  const count = wait ? wait.drafts + wait.rejected : 0;
  if (count === 0) return null;
  return (
    <span className="header-nav__badge" data-testid="work-wait-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('works.waitBadge', { count })}</span>
    </span>
  );
}

function isCurrent(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

export function HeaderNav({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = loggedIn ? USER_ITEMS : VISITOR_ITEMS;
  return (
    <nav className="header-nav" aria-label={t('nav.main')}>
      <ul className="header-nav__list">
        {items.map((item) => {
          const current = isCurrent(pathname, item.section);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={current ? 'header-nav__link header-nav__link--current' : 'header-nav__link'}
                aria-current={current ? 'page' : undefined}
              >
                {t(`nav.${item.label}`)}
                {item.label === 'workPublish' && <WorkWaitBadge />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
