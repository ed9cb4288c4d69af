/**
 * Permanent removal (admins only) on /admin/distribution: an admin looks a work up by its id, sees what a purge would
 * do at each store (sent, refused by the store's rules, sent before, not taken down there yet), and sends it after a
 * confirmation that names the work and the stores. Only a work taken down from every store (992) can be purged.
 */
import type { PurgeOutcome } from '@trackline/contract/distribution-types';
import { Alert, App, Button, Empty, InputNumber, List, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { type AdminKey, useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { purgeWork, usePurgePlan, useRefreshDelivery } from './distribution-api';

const OUTCOME: Record<PurgeOutcome, { text: AdminKey; color: string }> = {
  send: { text: 'distribution.purgeSend', color: 'warning' },
  sent: { text: 'distribution.purgeSent', color: 'processing' },
  already: { text: 'distribution.purgeAlready', color: 'default' },
  refused: { text: 'distribution.purgeRefused', color: 'default' },
  not_taken_down: { text: 'distribution.purgeNotTakenDownStore', color: 'error' },
  manual: { text: 'distribution.purgeManual', color: 'default' },
};

export function PurgePanel() {
  const { t, language } = useAdminT();
  const { message, modal } = App.useApp();
  const [input, setInput] = useState<number | null>(null);
  const [workId, setWorkId] = useState<number | null>(null);
  const plan = usePurgePlan(workId);
  const refresh = useRefreshDelivery();
  const data = plan.data;
  const list = (names: string[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(names);

  const confirm = () => {
    if (!data) return;
    const toSend = data.stores.filter((s) => s.outcome === 'send').map((s) => s.name);
    const refused = data.stores.filter((s) => s.outcome === 'refused').map((s) => s.name);
    modal.confirm({
      title: t('distribution.purgeConfirmTitle', { title: data.title, id: data.work_id }),
      content: (
        <div data-testid="purge-confirm">
          <p>{t('distribution.purgeConfirmText', { stores: list(toSend) })}</p>
          {refused.length > 0 && <p>{t('distribution.purgeConfirmRefused', { stores: list(refused) })}</p>}
        </div>
      ),
      okText: t('distribution.purgeOk'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await purgeWork(data.work_id);
          void message.success(t('distribution.purgeDone'));
        } finally {
          await refresh();
        }
      },
    });
  };

  return (
    <section data-testid="purge-panel">
      <h2 className="ops-heading">{t('distribution.purgeHeading')}</h2>
      <p className="ops-note">{t('distribution.purgeIntro')}</p>
      <Space>
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('distribution.purgeWorkId')}
          aria-label={t('distribution.purgeWorkId')}
          value={input}
          onChange={(v) => setInput(typeof v === 'number' ? v : null)}
          onPressEnter={() => setWorkId(input)}
        />
        <Button onClick={() => setWorkId(input)} disabled={input === null}>
          {t('distribution.purgeLoad')}
        </Button>
      </Space>
      {workId !== null && (
        <div className="ops-purge">
          {plan.isError ? (
            <LoadFailed onRetry={() => void plan.refetch()} retrying={plan.isFetching} />
          ) : !data ? (
            <Skeleton active />
          ) : (
            <>
              <p>
                <strong>{`#${data.work_id} 《${data.title}》`}</strong>
              </p>
              {data.status !== '992' && (
                <Alert type="warning" showIcon message={t('distribution.purgeNotTakenDown', { status: data.status })} />
              )}
              {data.stores.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribution.purgeNoStores')} />
              ) : (
                <List
                  size="small"
                  dataSource={data.stores}
                  renderItem={(s) => (
                    <List.Item data-testid={`purge-store-${s.code}`}>
                      <span>{s.name}</span>
                      <Tag color={OUTCOME[s.outcome].color} data-outcome={s.outcome}>
                        {t(OUTCOME[s.outcome].text)}
                      </Tag>
                    </List.Item>
                  )}
                />
              )}
              <Button danger disabled={!data.can_purge} onClick={confirm} data-testid="purge-button">
                {t('distribution.purgeButton')}
              </Button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
