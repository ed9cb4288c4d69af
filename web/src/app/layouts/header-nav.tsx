/**
 * The header's main navigation (spec §2). Items that do not fit the room left by the brand and the actions go
 * under a "more" menu at the end, instead of being cut off or scrolled out of sight (issue 9: "Help center" was
 * clipped in English at 1366 and 1440 px); how many fit is measured (use-fitting-count.ts), so it holds in any
 * language and on phones, where the navigation has a row of its own.
 */
import { DownOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useWaitCount } from '../../features/works/use-wait-count';
import type { zhCN } from '../../i18n/zh-cn';
import { useFittingCount } from './use-fitting-count';

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

/** The gap between items, as .header-nav__list sets it. */
const ITEM_GAP = 4;

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

function ItemText({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`nav.${item.label}`)}
      {item.label === 'workPublish' && <WorkWaitBadge />}
    </>
  );
}

/** The items that did not fit, behind a disclosure button; closes on Escape, a click outside, or navigating. */
function MoreMenu({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = items.some((item) => isCurrent(pathname, item.section));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the menu
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li ref={root} className="header-nav__more">
      <button
        ref={button}
        type="button"
        className={current ? 'header-nav__link header-nav__link--current' : 'header-nav__link'}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('nav.more')} <DownOutlined aria-hidden="true" className="header-nav__more-icon" />
      </button>
      <ul id={menuId} className="header-nav__menu" hidden={!open}>
        {items.map((item) => {
          const here = isCurrent(pathname, item.section);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={here ? 'header-nav__menu-link header-nav__menu-link--current' : 'header-nav__menu-link'}
                aria-current={here ? 'page' : undefined}
              >
                <ItemText item={item} />
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export function HeaderNav({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = loggedIn ? USER_ITEMS : VISITOR_ITEMS;
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLUListElement>(null);
  const shown = useFittingCount(nav, measure, items.length, ITEM_GAP);
  return (
    <nav ref={nav} className="header-nav" aria-label={t('nav.main')}>
      <ul className="header-nav__list">
        {items.slice(0, shown).map((item) => {
          const current = isCurrent(pathname, item.section);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={current ? 'header-nav__link header-nav__link--current' : 'header-nav__link'}
                aria-current={current ? 'page' : undefined}
              >
                <ItemText item={item} />
              </Link>
            </li>
          );
        })}
        {shown < items.length && <MoreMenu items={items.slice(shown)} pathname={pathname} />}
      </ul>
      {/* The same items, unseen and out of the accessibility tree, to measure how many fit. */}
      <div className="header-nav__measure-box" aria-hidden="true">
        <ul ref={measure} className="header-nav__list header-nav__measure">
          {items.map((item) => (
            <li key={item.to}>
              <span className="header-nav__link">
                <ItemText item={item} />
              </span>
            </li>
          ))}
          <li>
            <span className="header-nav__link">
              {t('nav.more')} <DownOutlined className="header-nav__more-icon" />
            </span>
          </li>
        </ul>
      </div>
    </nav>
  );
}
