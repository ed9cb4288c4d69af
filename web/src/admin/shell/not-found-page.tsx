import { Result } from 'antd';
import { Link } from 'react-router';
import { useAdminT } from '../i18n';
import { ADMIN_BASE } from '../paths';
import { useAdminTitle } from './use-admin-title';

/** Any /admin path the console does not know. */
export default function ConsoleNotFoundPage() {
  const { t } = useAdminT();
  useAdminTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={<h1 className="admin-result-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.subtitle')}
      extra={
        <Link to={ADMIN_BASE} className="admin-link-button">
          {t('common.backToDashboard')}
        </Link>
      }
    />
  );
}
