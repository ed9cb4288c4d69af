/**
 * Lets only a logged-in staff member through: asks the server who is logged in (GET /api/admin/auth/me),
 * shows a spinner meanwhile, and sends anyone else to /admin/login. A network failure is not a logout:
 * it shows a retry instead of throwing the member out.
 */
import { Button, Result, Spin } from 'antd';
import { Navigate, Outlet } from 'react-router';
import { CODE_TRANSPORT, isApiError } from '../../api/client';
import { useAdminT } from '../i18n';
import { ADMIN_LOGIN } from '../paths';
import { CurrentStaffContext } from './current-staff';
import { useCurrentStaffQuery } from './session-api';

export function AdminSpinner({ label }: { label: string }) {
  return (
    <div className="admin-spinner" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function StaffGuard() {
  const { t } = useAdminT();
  const query = useCurrentStaffQuery();

  if (query.isPending) return <AdminSpinner label={t('common.loading')} />;

  if (query.isError) {
    const transport = !isApiError(query.error) || query.error.code === CODE_TRANSPORT;
    if (!transport) return <Navigate to={ADMIN_LOGIN} replace />;
    return (
      <Result
        status="warning"
        title={<h1 className="admin-result-title">{t('shell.sessionCheckFailed')}</h1>}
        subTitle={t('shell.sessionCheckFailedHint')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <CurrentStaffContext.Provider value={query.data}>
      <Outlet />
    </CurrentStaffContext.Provider>
  );
}
