/**
 * The console's sections: one list drives the menu, the routes and the permission check, so a later
 * issue adds its section (review queue for editors, finance, support, content) with one entry here.
 * A section is shown to members with any of its roles; `roles: null` means every member.
 */
import {
  AuditOutlined,
  BankOutlined,
  BgColorsOutlined,
  CloudUploadOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { StaffInfo, StaffRole } from '@trackline/contract/staff';
import type { ReactElement } from 'react';
import ContentPage from './content/content-page';
import CoversPage from './covers/covers-page';
import DeliveryOpsPage from './distribution/delivery-ops-page';
import type { AdminKey } from './i18n';
import BroadcastsPage from './messages/broadcasts-page';
import { ADMIN_BASE } from './paths';
import EnterpriseQueuePage from './realname/enterprise-queue-page';
import RoyaltiesPage from './royalties/royalties-page';
import { hasAnyRole } from './shell/current-staff';
import DashboardPage from './shell/dashboard-page';
import AgentsPage from './site/agents-page';
import StaffPage from './staff/staff-page';
import FeedbackPage from './support/feedback-page';
import WorkordersPage from './support/workorders-page';
import WithdrawalsPage from './withdrawals/withdrawals-page';
import ReviewPage from './works/review-page';

export interface AdminSection {
  key: string;
  /** Relative to /admin; '' is the index (dashboard). */
  path: string;
  label: AdminKey;
  /** Decorative: the label names the item, so the icon is hidden from screen readers. */
  icon: ReactElement;
  roles: readonly StaffRole[] | null;
  /** A function, so pages that read this list (the dashboard) can import it without a cycle at load. */
  render: () => ReactElement;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    key: 'dashboard',
    path: '',
    label: 'menu.dashboard',
    icon: <DashboardOutlined aria-hidden="true" />,
    roles: null,
    render: () => <DashboardPage />,
  },
  {
    key: 'staff',
    path: 'staff',
    label: 'menu.staff',
    icon: <TeamOutlined aria-hidden="true" />,
    roles: ['admin'],
    render: () => <StaffPage />,
  },
  {
    key: 'agents',
    path: 'agents',
    label: 'menu.agents',
    icon: <GlobalOutlined aria-hidden="true" />,
    roles: ['admin'],
    render: () => <AgentsPage />,
  },
  {
    key: 'broadcasts',
    path: 'broadcasts',
    label: 'menu.broadcasts',
    icon: <NotificationOutlined aria-hidden="true" />,
    roles: ['admin', 'support', 'content'],
    render: () => <BroadcastsPage />,
  },
  {
    key: 'review',
    path: 'review',
    label: 'menu.review',
    icon: <AuditOutlined aria-hidden="true" />,
    roles: ['admin', 'editor'],
    render: () => <ReviewPage />,
  },
  {
    key: 'distribution',
    path: 'distribution',
    label: 'menu.distribution',
    icon: <CloudUploadOutlined aria-hidden="true" />,
    roles: ['admin', 'editor'],
    render: () => <DeliveryOpsPage />,
  },
  {
    key: 'royalties',
    path: 'royalties',
    label: 'menu.royalties',
    icon: <MoneyCollectOutlined aria-hidden="true" />,
    roles: ['admin', 'finance'],
    render: () => <RoyaltiesPage />,
  },
  {
    key: 'withdrawals',
    path: 'withdrawals',
    label: 'menu.withdrawals',
    icon: <BankOutlined aria-hidden="true" />,
    roles: ['admin', 'finance'],
    render: () => <WithdrawalsPage />,
  },
  {
    key: 'workorders',
    path: 'workorders',
    label: 'menu.workorders',
    icon: <CustomerServiceOutlined aria-hidden="true" />,
    roles: ['admin', 'support'],
    render: () => <WorkordersPage />,
  },
  {
    key: 'feedback',
    path: 'feedback',
    label: 'menu.feedback',
    icon: <CommentOutlined aria-hidden="true" />,
    roles: ['admin', 'support'],
    render: () => <FeedbackPage />,
  },
  {
    key: 'realname',
    path: 'realname',
    label: 'menu.realname',
    icon: <SafetyCertificateOutlined aria-hidden="true" />,
    roles: ['admin', 'support'],
    render: () => <EnterpriseQueuePage />,
  },

  {
    key: 'content',
    path: 'content',
    label: 'menu.content',
    icon: <FileTextOutlined aria-hidden="true" />,
    roles: ['admin', 'content'],
    render: () => <ContentPage />,
  },
  {
    key: 'covers',
    path: 'covers',
    label: 'menu.covers',
    icon: <BgColorsOutlined aria-hidden="true" />,
    roles: ['admin', 'content'],
    render: () => <CoversPage />,
  },
];

export function sectionHref(section: AdminSection): string {
  return section.path ? `${ADMIN_BASE}/${section.path}` : ADMIN_BASE;
}

export function visibleSections(staff: StaffInfo): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => hasAnyRole(staff, section.roles));
}

/** The section a console path belongs to (by its first segment), for the menu's selected item. */
export function sectionForPath(pathname: string): AdminSection | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return ADMIN_SECTIONS.find((section) => section.path === rest);
}
