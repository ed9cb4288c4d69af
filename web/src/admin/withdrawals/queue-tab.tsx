/** The withdrawal queue: filters, age, risk flags; approve (maker–checker when large) or refuse with a reason. */
import { Button, Descriptions, Drawer, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDate, formatFen } from '../../lib/format';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { approve, type QueueItem, refuse, setFreeze, useDetail, useQueue, useRefresh } from './withdrawals-api';

const STATUS_FILTERS = ['active', 'requested', 'approved', 'sent', 'paid', 'refused', 'failed'] as const;

function DetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useAdminT();
  const detail = useDetail(id);
  const refresh = useRefresh();
  const d = detail.data;
  return (
    <Drawer open title={`#${id}`} onClose={onClose} width={560}>
      {detail.isError ? (
        <LoadFailed onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !d ? null : (
        <>
          <Descriptions size="small" column={1} bordered title={t('withdrawals.balances')}>
            <Descriptions.Item label={t('withdrawals.available')}>
              ¥{formatFen(d.balances.available_fen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.withdrawing')}>
              ¥{formatFen(d.balances.withdrawing_fen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.withdrawn')}>
              ¥{formatFen(d.balances.withdrawn_fen)}
            </Descriptions.Item>
          </Descriptions>
          <p>
            {d.frozen && <Tag color="red">{t('withdrawals.frozen')}</Tag>}
            <Button
              size="small"
              danger={!d.frozen}
              onClick={() => void setFreeze(d.user_id, !d.frozen).then(() => refresh())}
            >
              {d.frozen ? t('withdrawals.unfreeze') : t('withdrawals.freeze')}
            </Button>
          </p>
          {d.withdrawal.invoice_required && (
            <p>
              {d.invoice_url ? (
                <a href={d.invoice_url} target="_blank" rel="noreferrer">
                  {t('withdrawals.invoice')}
                </a>
              ) : (
                <Tag color="orange">{t('withdrawals.invoiceMissing')}</Tag>
              )}
            </p>
          )}
          {d.receipt_url && (
            <p>
              <a href={d.receipt_url} target="_blank" rel="noreferrer">
                {t('withdrawals.receipt')}
              </a>
            </p>
          )}
          <h3>{t('withdrawals.history')}</h3>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.history}
            columns={[
              { title: t('withdrawals.id'), dataIndex: 'id' },
              { title: t('withdrawals.gross'), key: 'g', align: 'right', render: (_, w) => formatFen(w.gross_fen) },
              { title: t('withdrawals.status'), key: 's', render: (_, w) => t(`withdrawals.statuses.${w.status}`) },
              { title: t('withdrawals.created'), key: 'c', render: (_, w) => formatDate(w.created_at, true) },
            ]}
          />
          <h3>{t('withdrawals.details')}</h3>
          <ul>
            {d.withdrawal.timeline.map((e) => (
              <li key={e.status}>
                {t(`withdrawals.statuses.${e.status}` as 'withdrawals.statuses.paid')} · {formatDate(e.at, true)}
                {e.note ? ` · ${e.note}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}

export function QueueTab() {
  const { t } = useAdminT();
  const [status, setStatus] = useState<string>('active');
  const [mobile, setMobile] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const queue = useQueue({ status: status === 'active' ? undefined : status, mobile: search, page });
  const refresh = useRefresh();
  const [open, setOpen] = useState<number | null>(null);
  const [refusing, setRefusing] = useState<QueueItem | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  const run = async (id: number, action: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await action();
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  if (queue.isError) return <LoadFailed onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('withdrawals.status')}
          value={status}
          style={{ width: 160 }}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`withdrawals.statuses.${s}`) }))}
        />
        <Input.Search
          aria-label={t('withdrawals.mobile')}
          placeholder={t('withdrawals.mobile')}
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          enterButton={t('withdrawals.search')}
          style={{ width: 260 }}
        />
      </Space>
      <Table<QueueItem>
        rowKey="id"
        size="small"
        loading={queue.isPending}
        dataSource={queue.data?.list}
        locale={{ emptyText: t('withdrawals.empty') }}
        scroll={{ x: 1100 }}
        pagination={{ current: page, pageSize: queue.data?.size ?? 20, total: queue.data?.total, onChange: setPage }}
        columns={[
          { title: t('withdrawals.id'), dataIndex: 'id' },
          {
            title: t('withdrawals.musician'),
            key: 'm',
            render: (_, w) => (
              <>
                {w.payee_name}
                <div className="withdraw-admin-note">{w.mobile}</div>
              </>
            ),
          },
          { title: t('withdrawals.gross'), key: 'g', align: 'right', render: (_, w) => formatFen(w.gross_fen) },
          { title: t('withdrawals.tax'), key: 'x', align: 'right', render: (_, w) => formatFen(w.tax_fen) },
          { title: t('withdrawals.net'), key: 'n', align: 'right', render: (_, w) => formatFen(w.net_fen) },
          { title: t('withdrawals.bank'), key: 'b', render: (_, w) => `${w.bank_code} ${w.card_no.slice(-4)}` },
          {
            title: t('withdrawals.age'),
            key: 'a',
            render: (_, w) => t('withdrawals.hours', { n: String(w.age_hours) }),
          },
          {
            title: t('withdrawals.risk'),
            key: 'r',
            render: (_, w) =>
              w.risk.map((r) => (
                <Tag key={r} color={r === 'large' ? 'red' : 'orange'}>
                  {t(`withdrawals.risks.${r}` as 'withdrawals.risks.large')}
                </Tag>
              )),
          },
          {
            title: t('withdrawals.status'),
            key: 's',
            render: (_, w) =>
              w.status === 'requested' && w.approved_by !== null
                ? t('withdrawals.statuses.approved_first')
                : t(`withdrawals.statuses.${w.status}`),
          },
          {
            title: '',
            key: 'act',
            render: (_, w) => (
              <Space>
                <Button size="small" onClick={() => setOpen(w.id)}>
                  {t('withdrawals.details')}
                </Button>
                {w.status === 'requested' && (
                  <Button
                    size="small"
                    type="primary"
                    loading={busy === w.id}
                    onClick={() => void run(w.id, () => approve(w.id))}
                  >
                    {w.approved_by !== null ? t('withdrawals.approveSecond') : t('withdrawals.approve')}
                  </Button>
                )}
                {(w.status === 'requested' || (w.status === 'approved' && w.batch_id === null)) && (
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setReason('');
                      setRefusing(w);
                    }}
                  >
                    {t('withdrawals.refuse')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {open !== null && <DetailDrawer id={open} onClose={() => setOpen(null)} />}
      {refusing && (
        <Modal
          open
          title={t('withdrawals.refuseTitle', { id: String(refusing.id) })}
          okText={t('withdrawals.refuse')}
          okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy === refusing.id }}
          onCancel={() => setRefusing(null)}
          onOk={() => void run(refusing.id, () => refuse(refusing.id, reason.trim())).then(() => setRefusing(null))}
        >
          <label htmlFor="refuse-reason">{t('withdrawals.reason')}</label>
          <Input.TextArea
            id="refuse-reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Modal>
      )}
    </>
  );
}
