import { Button, Result } from 'antd';
import { useAdminT } from '../i18n';

/** A list that could not be loaded (the client has already shown why): say so and offer a retry. */
export function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useAdminT();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={
        <Button onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
