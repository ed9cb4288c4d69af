import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path the app does not know (the spec's routes only; never a fake page). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page-section page-narrow">
      <Result
        status="404"
        title={<h1 className="result-title">{t('routes.notFound')}</h1>}
        subTitle={t('notFound.description')}
        extra={
          <Link to="/" className="link-button link-button--primary">
            {t('common.backHome')}
          </Link>
        }
      />
    </div>
  );
}
