/**
 * Loading, empty, error and not-found states of the content pages, in plain HTML and CSS (no antd), so the
 * home page can use them without pulling in component code.
 */
import { ExclamationCircleOutlined, FileSearchOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './content.css';

export function ListSkeleton({ rows = 4, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders that never reorder
        <div key={index} className="content-skeleton__item" aria-hidden="true">
          <span className="content-skeleton__line content-skeleton__line--title" />
          <span className="content-skeleton__line" />
          <span className="content-skeleton__line content-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-state">
      <InboxOutlined className="content-state__icon" aria-hidden="true" />
      <p className="content-state__text">{text ?? t('content.empty')}</p>
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="content-state" role="alert">
      <ExclamationCircleOutlined className="content-state__icon content-state__icon--error" aria-hidden="true" />
      <p className="content-state__text">{t('content.loadFailed')}</p>
      <button type="button" className="link-button link-button--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** An unknown id (code 2044): a real page with its own heading and a way back. */
export function NotFoundState({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-state content-state--page">
      <FileSearchOutlined className="content-state__icon" aria-hidden="true" />
      <h1 className="content-state__title">{t('content.notFoundTitle')}</h1>
      <p className="content-state__text">{t('content.notFoundText')}</p>
      <Link to={backTo} className="link-button link-button--primary">
        {backLabel}
      </Link>
    </div>
  );
}
