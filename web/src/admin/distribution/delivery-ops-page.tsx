/**
 * /admin/distribution (roles editor and admin): delivery operations. Stores with their messages per state and their
 * failures by rule, holding a store (nothing leaves for it until released); recent batches with their messages, and
 * each batch's files in a drawer (batch-files-drawer.tsx); failed messages with a full or metadata-only redelivery
 * and the diff of the release's last two messages at that store; for admins, the permanent removal of a taken-down
 * work (purge-panel.tsx). Refreshes every 15 s.
 */
import type { OpsBatch, OpsMessage, OpsStoreRow } from '@trackline/contract/distribution-types';
import { App, Button, Modal, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { useAdminT } from '../i18n';
import { useCurrentStaff } from '../shell/current-staff';
import { LoadFailed } from '../shell/load-failed';
import { PageHeader } from '../shell/page-header';
import { BatchFilesDrawer } from './batch-files-drawer';
import { holdStore, redeliver, useDeliveryOverview, useMessageDiff, useRefreshDelivery } from './distribution-api';
import { PurgePanel } from './purge-panel';
import './distribution.css';

function DiffModal({ target, onClose }: { target: { workId: number; code: string } | null; onClose: () => void }) {
  const { t } = useAdminT();
  const diff = useMessageDiff(target);
  const changed = diff.data?.lines.filter((l) => l.op !== ' ') ?? [];
  return (
    <Modal open={target !== null} onCancel={onClose} footer={null} width={900} title={t('distribution.diffTitle')}>
      {diff.isError ? (
        <LoadFailed onRetry={() => void diff.refetch()} retrying={diff.isFetching} />
      ) : !diff.data ? (
        <Skeleton active />
      ) : (
        <>
          <p>
            {diff.data.older?.message_id ?? '—'} → {diff.data.newer?.message_id ?? '—'}
          </p>
          {changed.length === 0 ? (
            <p>{t('distribution.diffSame')}</p>
          ) : (
            <pre className="ops-diff" data-testid="ops-diff">
              {changed.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
                <div key={i} className={l.op === '+' ? 'ops-diff__add' : 'ops-diff__del'}>
                  {l.op} {l.text}
                </div>
              ))}
            </pre>
          )}
        </>
      )}
    </Modal>
  );
}

export default function DeliveryOpsPage() {
  const { t } = useAdminT();
  const { message, modal } = App.useApp();
  const overview = useDeliveryOverview();
  const isAdmin = useCurrentStaff().roles.includes('admin');
  const refresh = useRefreshDelivery();
  const [diff, setDiff] = useState<{ workId: number; code: string } | null>(null);
  const [filesOf, setFilesOf] = useState<{ id: number; folder: string } | null>(null);

  const act = (run: () => Promise<unknown>) => async () => {
    try {
      await run();
      void message.success(t('distribution.done'));
    } finally {
      await refresh();
    }
  };

  const storeColumns = [
    { key: 'name', title: t('distribution.store'), render: (_: unknown, s: OpsStoreRow) => `${s.name} (${s.code})` },
    { key: 'transport', title: t('distribution.transport'), render: (_: unknown, s: OpsStoreRow) => s.transport },
    { key: 'dpid', title: 'DPID', render: (_: unknown, s: OpsStoreRow) => s.dpid ?? <Tag color="error">—</Tag> },
    {
      key: 'counts',
      title: t('distribution.counts'),
      render: (_: unknown, s: OpsStoreRow) =>
        Object.entries(s.counts).map(([state, n]) => <Tag key={state}>{`${state} ${n}`}</Tag>),
    },
    {
      key: 'failures',
      title: t('distribution.failures'),
      render: (_: unknown, s: OpsStoreRow) =>
        s.failures.map((f) => <Tag key={f.rule} color="error">{`${f.rule} × ${f.count}`}</Tag>),
    },
    {
      key: 'hold',
      title: t('distribution.hold'),
      render: (_: unknown, s: OpsStoreRow) =>
        s.held ? (
          <Button size="small" onClick={act(() => holdStore(s.code, false))}>
            {t('distribution.release')}
          </Button>
        ) : (
          <Button
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: t('distribution.holdConfirm', { name: s.name }),
                onOk: act(() => holdStore(s.code, true, 'console')),
              })
            }
          >
            {t('distribution.hold')}
          </Button>
        ),
    },
  ];

  const batchColumns = [
    {
      key: 'folder',
      title: t('distribution.batch'),
      render: (_: unknown, b: OpsBatch) => `${b.platform_code} / ${b.folder}`,
    },
    { key: 'state', title: t('distribution.state'), render: (_: unknown, b: OpsBatch) => <Tag>{b.state}</Tag> },
    {
      key: 'files',
      title: t('distribution.files'),
      render: (_: unknown, b: OpsBatch) => (
        <Space>
          {`${b.files} · ${(b.bytes / 1048576).toFixed(1)} MiB`}
          <Button
            size="small"
            type="link"
            data-testid={`ops-batch-files-${b.id}`}
            onClick={() => setFilesOf({ id: b.id, folder: b.folder })}
          >
            {t('distribution.viewFiles')}
          </Button>
        </Space>
      ),
    },
    {
      key: 'messages',
      title: t('distribution.messages'),
      render: (_: unknown, b: OpsBatch) => b.messages.map((m) => <Tag key={m.id}>{`${m.message_id} ${m.state}`}</Tag>),
    },
    { key: 'at', title: t('distribution.at'), render: (_: unknown, b: OpsBatch) => formatDate(b.created_at, true) },
  ];

  const failedColumns = [
    {
      key: 'work',
      title: t('distribution.work'),
      render: (_: unknown, m: OpsMessage) => `#${m.work_id} ${m.work_title}`,
    },
    { key: 'store', title: t('distribution.store'), render: (_: unknown, m: OpsMessage) => m.platform_code },
    {
      key: 'rule',
      title: t('distribution.rule'),
      render: (_: unknown, m: OpsMessage) => (
        <span data-testid="ops-failure-rule">
          {m.failure_rule} {m.ack_text && `· ${m.ack_text}`}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('distribution.actions'),
      render: (_: unknown, m: OpsMessage) => (
        <Space wrap>
          <Button size="small" onClick={act(() => redeliver(m.work_id, m.platform_code, 'full'))}>
            {t('distribution.redeliverFull')}
          </Button>
          <Button size="small" onClick={act(() => redeliver(m.work_id, m.platform_code, 'metadata'))}>
            {t('distribution.redeliverMetadata')}
          </Button>
          <Button size="small" type="link" onClick={() => setDiff({ workId: m.work_id, code: m.platform_code })}>
            {t('distribution.diff')}
          </Button>
        </Space>
      ),
    },
  ];

  const data = overview.data;
  return (
    <div className="admin-page">
      <PageHeader title={t('menu.distribution')} />
      {overview.isError && !data ? (
        <LoadFailed onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      ) : (
        <>
          <h2 className="ops-heading">{t('distribution.stores')}</h2>
          <Table
            rowKey="code"
            size="small"
            loading={overview.isPending}
            columns={storeColumns}
            dataSource={data?.stores ?? []}
            pagination={false}
            scroll={{ x: 900 }}
          />
          <h2 className="ops-heading">{t('distribution.failed')}</h2>
          <Table
            rowKey="id"
            size="small"
            loading={overview.isPending}
            columns={failedColumns}
            dataSource={data?.failed ?? []}
            pagination={{ pageSize: 20 }}
            scroll={{ x: 900 }}
          />
          <h2 className="ops-heading">{t('distribution.batches')}</h2>
          <Table
            rowKey="id"
            size="small"
            loading={overview.isPending}
            columns={batchColumns}
            dataSource={data?.batches ?? []}
            pagination={{ pageSize: 10 }}
            scroll={{ x: 900 }}
          />
        </>
      )}
      {isAdmin && <PurgePanel />}
      <DiffModal target={diff} onClose={() => setDiff(null)} />
      <BatchFilesDrawer batch={filesOf} onClose={() => setFilesOf(null)} />
    </div>
  );
}
