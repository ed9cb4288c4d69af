import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while the first page of a visit loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <Spin size="large" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
