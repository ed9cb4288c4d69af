import type { StaffRole } from '@trackline/contract/staff';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminT } from '../i18n';
import { ADMIN_BASE } from '../paths';
import { hasAnyRole, useCurrentStaff } from './current-staff';

/** A section opened by a member without its role (a typed or bookmarked URL) shows 403, not the page. */
export function RequireRole({ roles, children }: { roles: readonly StaffRole[] | null; children: ReactNode }) {
  const staff = useCurrentStaff();
  const { t } = useAdminT();
  if (hasAnyRole(staff, roles)) return children;
  return (
    <Result
      status="403"
      title={<h1 className="admin-result-title">{t('forbidden.title')}</h1>}
      subTitle={t('forbidden.subtitle')}
      extra={
        <Link to={ADMIN_BASE} className="admin-link-button">
          {t('common.backToDashboard')}
        </Link>
      }
    />
  );
}
