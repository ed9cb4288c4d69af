/**
 * A work's stores, for its musician: a row per store with where it stands and since when, when it should be live
 * (delivered is not live: stores publish on their own schedule), and for a refusal the store's reason, what happens
 * next and who must act, in the musician's language. From here a takedown is asked for (all stores or some, after a
 * confirmation naming them) and a taken-down work is restored. The rows refresh while the drawer is open.
 */
import type { StoreRow, WorkDistribution } from '@trackline/contract/distribution-types';
import { Alert, App, Button, Checkbox, Drawer, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../api/client';
import { formatDate } from '../../lib/format';
import { restore, takeDown, useInvalidateStores, useWorkStores } from './distribution-api';
import { StoreStateTag } from './store-state-tag';
import './distribution.css';

interface WorkStoresDrawerProps {
  work: { id: number; title: string } | null;
  onClose: () => void;
}

function StoreItem({ row }: { row: StoreRow }) {
  const { t } = useTranslation();
  return (
    <li className="store-row" data-testid={`store-row-${row.code}`}>
      <div className="store-row__head">
        <span className="store-row__name">{row.name}</span>
        <StoreStateTag state={row.state} />
      </div>
      <div className="store-row__meta">
        {row.since && <span>{t('distribution.since', { time: formatDate(row.since, true) })}</span>}
        {row.expected_live && (
          <span>{t('distribution.expected', { date: row.expected_live, days: row.lead_days })}</span>
        )}
        {row.state === 'live' && row.live_by && <span>{t(`distribution.liveBy.${row.live_by}`)}</span>}
      </div>
      {(row.state === 'delivered' || row.state === 'acknowledged') && (
        <p className="store-row__hint">{t(`distribution.notLiveYet.${row.confirms}`)}</p>
      )}
      {row.state === 'manual' && <p className="store-row__hint">{t('distribution.manualHint')}</p>}
      {row.failure && (
        <Alert
          type={row.failure.who === 'musician' ? 'warning' : 'info'}
          showIcon
          data-testid="store-failure"
          message={row.failure.reason}
          description={
            <>
              <div>{row.failure.next}</div>
              <div className="store-row__who">{t(`distribution.who.${row.failure.who}`)}</div>
            </>
          }
        />
      )}
    </li>
  );
}

function TakedownPicker({ data, onDone }: { data: WorkDistribution; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidateStores();
  const [chosen, setChosen] = useState<string[]>(data.can_take_down);
  const names = new Map(data.stores.map((s) => [s.code, s.name]));
  const all = chosen.length === data.can_take_down.length;

  const confirm = () =>
    modal.confirm({
      title: t(all ? 'distribution.takedown.confirmAll' : 'distribution.takedown.confirmSome'),
      // The stores as a list in the reader's language ("QQ音乐和Spotify", "QQ Music and Spotify").
      content: t('distribution.takedown.text', {
        stores: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
          chosen.map((c) => names.get(c) ?? c),
        ),
      }),
      okText: t('distribution.takedown.ok'),
      okButtonProps: { danger: true },
      cancelText: t('works.cancel'),
      onOk: async () => {
        try {
          await takeDown(data.work_id, all ? 'all' : chosen);
          await invalidate();
          void message.success(t('distribution.takedown.done'));
          onDone();
        } catch (error) {
          showApiError(error);
        }
      },
    });

  return (
    <section className="store-takedown" aria-labelledby="store-takedown-title">
      <h3 id="store-takedown-title">{t('distribution.takedown.title')}</h3>
      <p>{t('distribution.takedown.intro')}</p>
      <Checkbox.Group
        value={chosen}
        onChange={(v) => setChosen(v as string[])}
        options={data.can_take_down.map((c) => ({ value: c, label: names.get(c) ?? c }))}
      />
      <Button danger disabled={chosen.length === 0} onClick={confirm} data-testid="takedown-button">
        {t('distribution.takedown.button')}
      </Button>
    </section>
  );
}

export function WorkStoresDrawer({ work, onClose }: WorkStoresDrawerProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const stores = useWorkStores(work?.id ?? null);
  const invalidate = useInvalidateStores();
  const [picking, setPicking] = useState(false);
  const data = stores.data;

  const askRestore = () =>
    modal.confirm({
      title: t('distribution.restore.confirm'),
      content: t('distribution.restore.text'),
      okText: t('distribution.restore.ok'),
      cancelText: t('works.cancel'),
      onOk: async () => {
        try {
          await restore(work!.id);
          await invalidate();
          void message.success(t('distribution.restore.done'));
        } catch (error) {
          showApiError(error);
        }
      },
    });

  return (
    <Drawer
      open={work !== null}
      onClose={() => {
        setPicking(false);
        onClose();
      }}
      width={520}
      title={t('distribution.title', { title: work?.title || t('works.untitled') })}
    >
      {stores.isPending ? (
        <Skeleton active />
      ) : stores.isError || !data ? (
        <div role="alert">
          <p className="rule-issue rule-issue--error">{t('works.loadFailed')}</p>
          <Button onClick={() => void stores.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : data.stores.length === 0 ? (
        <Empty description={t('distribution.empty')} />
      ) : (
        <>
          <p className="store-intro">{t('distribution.intro')}</p>
          <ul className="store-list" aria-label={t('distribution.listLabel')}>
            {data.stores.map((row) => (
              <StoreItem key={row.code} row={row} />
            ))}
          </ul>
          {data.can_restore.length > 0 && (
            <Button type="primary" onClick={askRestore} data-testid="restore-button">
              {t('distribution.restore.button')}
            </Button>
          )}
          {data.can_take_down.length > 0 &&
            (picking ? (
              <TakedownPicker data={data} onDone={() => setPicking(false)} />
            ) : (
              <Button danger type="link" onClick={() => setPicking(true)} data-testid="takedown-open">
                {t('distribution.takedown.open')}
              </Button>
            ))}
        </>
      )}
    </Drawer>
  );
}
