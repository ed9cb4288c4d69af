/**
 * The unmatched queue (a row per ISRC/UPC of a report that matched nothing, with its lines' totals; matched or
 * dismissed as a whole), reconciliation per store and month, and the ledger's invariants.
 */
import { Alert, Button, Descriptions, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatFen } from '../../lib/format';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import {
  dismissKey,
  matchKey,
  type ReconRow,
  saveRemittance,
  type UnmatchedKey,
  useLedgerReport,
  useReconciliation,
  useRefreshRoyalties,
  useUnmatched,
} from './royalties-api';

function MatchCell({ item, onDone }: { item: UnmatchedKey; onDone: () => void }) {
  const { t } = useAdminT();
  const [isrc, setIsrc] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Input
        aria-label={t('royalties.matchTo')}
        placeholder={t('royalties.matchTo')}
        value={isrc}
        onChange={(e) => setIsrc(e.target.value.trim().toUpperCase())}
        style={{ width: 150 }}
      />
      <Button
        disabled={!/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc)}
        loading={busy}
        onClick={() => void run(() => matchKey(item.id, isrc))}
      >
        {t('royalties.match')}
      </Button>
      <Popconfirm title={t('royalties.notOursConfirm')} onConfirm={() => run(() => dismissKey(item.id))}>
        <Button danger loading={busy}>
          {t('royalties.notOurs')}
        </Button>
      </Popconfirm>
    </Space.Compact>
  );
}

export function UnmatchedTab() {
  const { t } = useAdminT();
  const [page, setPage] = useState(1);
  const queue = useUnmatched(page);
  const refresh = useRefreshRoyalties();
  if (queue.isError) return <LoadFailed onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  return (
    <Table<UnmatchedKey>
      rowKey="id"
      size="small"
      loading={queue.isPending}
      dataSource={queue.data?.list}
      locale={{ emptyText: t('royalties.queueEmpty') }}
      scroll={{ x: 1000 }}
      pagination={{ current: page, pageSize: queue.data?.page_size ?? 50, total: queue.data?.total, onChange: setPage }}
      columns={[
        { title: t('royalties.id'), dataIndex: 'import_id' },
        { title: t('royalties.store'), dataIndex: 'platform_code' },
        { title: t('royalties.isrc'), dataIndex: 'isrc' },
        { title: t('royalties.upc'), dataIndex: 'upc' },
        { title: t('royalties.titleCol'), dataIndex: 'title' },
        {
          title: t('royalties.saleMonths'),
          key: 'm',
          render: (_, l) => (l.first_month === l.last_month ? l.first_month : `${l.first_month} – ${l.last_month}`),
        },
        { title: t('royalties.lines'), dataIndex: 'lines', align: 'right' },
        { title: t('royalties.quantity'), dataIndex: 'quantity', align: 'right' },
        { title: t('royalties.net'), key: 'n', align: 'right', render: (_, l) => formatFen(l.net_fen) },
        { title: '', key: 'act', render: (_, l) => <MatchCell item={l} onDone={() => void refresh()} /> },
      ]}
    />
  );
}

function RemitCell({ row, onDone }: { row: ReconRow; onDone: () => void }) {
  const { t } = useAdminT();
  const [fen, setFen] = useState(row.remitted_fen ?? '');
  return (
    <Space.Compact>
      <Input
        aria-label={t('royalties.remitAmount')}
        placeholder={t('royalties.remitAmount')}
        value={fen}
        onChange={(e) => setFen(e.target.value.trim())}
        style={{ width: 130 }}
      />
      <Button
        disabled={!/^-?\d{1,15}$/.test(fen)}
        onClick={() => void saveRemittance(row.platform_code, row.month, fen).then(onDone)}
      >
        {t('royalties.remitSave')}
      </Button>
    </Space.Compact>
  );
}

export function ReconciliationTab() {
  const { t } = useAdminT();
  const rows = useReconciliation();
  const refresh = useRefreshRoyalties();
  if (rows.isError) return <LoadFailed onRetry={() => void rows.refetch()} retrying={rows.isFetching} />;
  return (
    <Table<ReconRow>
      rowKey={(r) => `${r.platform_code}|${r.month}`}
      size="small"
      loading={rows.isPending}
      dataSource={rows.data}
      scroll={{ x: 800 }}
      pagination={{ pageSize: 24 }}
      columns={[
        { title: t('royalties.store'), dataIndex: 'platform_code' },
        { title: t('royalties.month'), dataIndex: 'month' },
        {
          title: t('royalties.imported'),
          key: 'i',
          align: 'right',
          render: (_, r) =>
            r.missing ? <Tag color="warning">{t('royalties.missing')}</Tag> : formatFen(r.imported_fen),
        },
        { title: t('royalties.remitted'), key: 'r', align: 'right', render: (_, r) => formatFen(r.remitted_fen) },
        { title: t('royalties.difference'), key: 'd', align: 'right', render: (_, r) => formatFen(r.difference_fen) },
        { title: '', key: 'act', render: (_, r) => <RemitCell row={r} onDone={() => void refresh()} /> },
      ]}
    />
  );
}

export function LedgerTab() {
  const { t } = useAdminT();
  const report = useLedgerReport();
  if (report.isError) return <LoadFailed onRetry={() => void report.refetch()} retrying={report.isFetching} />;
  const r = report.data;
  if (!r) return null;
  return (
    <>
      <Alert
        type={r.ok ? 'success' : 'error'}
        showIcon
        message={r.ok ? t('royalties.ledgerOk') : t('royalties.ledgerBad')}
      />
      <Descriptions size="small" column={3} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('royalties.transactions')}>{r.transactions}</Descriptions.Item>
        <Descriptions.Item label={t('royalties.entries')}>{r.entries}</Descriptions.Item>
        <Descriptions.Item label={t('royalties.accounts')}>{r.accounts}</Descriptions.Item>
      </Descriptions>
      <h2 className="royalty-section-title">{t('royalties.platformAccounts')}</h2>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={r.platform}
        columns={[
          { title: 'key', dataIndex: 'key' },
          { title: t('royalties.balance'), key: 'b', align: 'right', render: (_, a) => formatFen(a.balance) },
        ]}
      />
      <h2 className="royalty-section-title">{t('royalties.deficits')}</h2>
      <Table
        rowKey="user_id"
        size="small"
        pagination={false}
        dataSource={r.deficits}
        columns={[
          { title: 'user_id', dataIndex: 'user_id' },
          { title: t('royalties.balance'), key: 'b', align: 'right', render: (_, a) => formatFen(a.balance) },
        ]}
      />
    </>
  );
}
