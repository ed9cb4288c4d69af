import { useTranslation } from 'react-i18next';

/** Shown while the first page of a visit loads. Plain CSS: this is part of the first download. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <span className="page-spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
