/**
 * What a route shows when it cannot: a page chunk that failed or timed out (spec §9) gets a load-error
 * state with Retry; anything else a system error. Kept free of antd (plain markup and the shell's link
 * buttons) because this page is part of the first download.
 * Retry reloads the document: browsers remember a failed module import, so importing again is not enough.
 */
import { ExclamationCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-loading';

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);

  return (
    <div className="page-section page-narrow status-panel" role="alert">
      <span className={chunkFailed ? 'status-panel__icon status-panel__icon--warning' : 'status-panel__icon'}>
        {chunkFailed ? <WarningOutlined aria-hidden="true" /> : <ExclamationCircleOutlined aria-hidden="true" />}
      </span>
      <h1 className="result-title">{chunkFailed ? t('load.title') : t('common.systemError')}</h1>
      {chunkFailed && <p className="status-panel__text">{t('load.description')}</p>}
      <div className="status-panel__actions">
        <button type="button" className="link-button link-button--primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
        <Link to="/" className="link-button" reloadDocument>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
