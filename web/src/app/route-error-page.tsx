/**
 * What a route shows when it cannot: a page chunk that failed or timed out (spec §9) gets a load-error
 * state with Retry; a 404 from the router gets the Not Found page; anything else a system error.
 * Retry reloads the document: browsers remember a failed module import, so importing again is not enough.
 */
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-loading';
import NotFoundPage from './not-found-page';

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (!notFound) console.error('Route failed', error);
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;
  return (
    <div className="page-section page-narrow" role="alert">
      <Result
        status={chunkFailed ? 'warning' : 'error'}
        title={<h1 className="result-title">{chunkFailed ? t('load.title') : t('common.systemError')}</h1>}
        subTitle={chunkFailed ? t('load.description') : undefined}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
