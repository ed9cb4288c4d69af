/** Payout batches (create, the bank file and its result), the monthly withholding report, banks and BINs. */
import { Button, Form, Input, message, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDate, formatFen } from '../../lib/format';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import {
  type Batch,
  batchFileHref,
  createBatch,
  saveBin,
  uploadResult,
  useBanks,
  useBatches,
  useRefresh,
  useTaxReport,
} from './withdrawals-api';

function ResultUpload({ batch, onDone }: { batch: Batch; onDone: () => void }) {
  const { t } = useAdminT();
  const read = async (file: File) => {
    try {
      const answer = await uploadResult(batch.id, await file.text());
      void message.success(
        t('withdrawals.resultDone', { rows: String(answer.data.rows), changed: String(answer.data.changed) }),
      );
      onDone();
    } catch {
      // shown by the client
    }
  };
  return (
    <label className="ant-btn ant-btn-default ant-btn-sm" title={t('withdrawals.resultHelp')}>
      {t('withdrawals.result')}
      <input
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}

export function BatchesTab() {
  const { t } = useAdminT();
  const batches = useBatches();
  const refresh = useRefresh();
  const [provider, setProvider] = useState('devlog');
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const answer = await createBatch(provider);
      if (answer.data.batch_id === null) void message.info(t('withdrawals.batchNone'));
      else
        void message.success(
          t('withdrawals.batchCreated', { id: String(answer.data.batch_id), count: String(answer.data.count) }),
        );
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  if (batches.isError) return <LoadFailed onRetry={() => void batches.refetch()} retrying={batches.isFetching} />;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('withdrawals.provider')}
          value={provider}
          onChange={setProvider}
          style={{ width: 300 }}
          options={(['devlog', 'bankfile'] as const).map((p) => ({ value: p, label: t(`withdrawals.providers.${p}`) }))}
        />
        <Button type="primary" loading={busy} onClick={() => void create()}>
          {t('withdrawals.createBatch')}
        </Button>
      </Space>
      <Table<Batch>
        rowKey="id"
        size="small"
        loading={batches.isPending}
        dataSource={batches.data}
        scroll={{ x: 800 }}
        columns={[
          { title: t('withdrawals.batch'), dataIndex: 'id' },
          { title: t('withdrawals.provider'), dataIndex: 'provider' },
          { title: t('withdrawals.status'), dataIndex: 'status', render: (s: string) => <Tag>{s}</Tag> },
          { title: t('withdrawals.count'), dataIndex: 'count', align: 'right' },
          { title: t('withdrawals.net'), key: 'n', align: 'right', render: (_, b) => formatFen(b.net_fen) },
          { title: t('withdrawals.created'), key: 'c', render: (_, b) => formatDate(b.created_at, true) },
          { title: t('withdrawals.sentAt'), key: 's', render: (_, b) => formatDate(b.sent_at, true) },
          {
            title: '',
            key: 'act',
            render: (_, b) =>
              b.provider === 'bankfile' && b.status !== 'open' ? (
                <Space>
                  <a href={batchFileHref(b.id)}>{t('withdrawals.download')}</a>
                  <ResultUpload batch={b} onDone={() => void refresh()} />
                </Space>
              ) : null,
          },
        ]}
      />
    </>
  );
}

function chinaMonth(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
}

export function TaxTab() {
  const { t } = useAdminT();
  const [month, setMonth] = useState(chinaMonth());
  const report = useTaxReport(month);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <label htmlFor="tax-month">{t('withdrawals.month')}</label>
        <Input id="tax-month" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
      </Space>
      {report.isError ? (
        <LoadFailed onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <Table
          rowKey="user_id"
          size="small"
          loading={report.isPending}
          dataSource={report.data?.list}
          pagination={false}
          scroll={{ x: 700 }}
          columns={[
            { title: t('withdrawals.name'), dataIndex: 'name' },
            {
              title: t('withdrawals.idMasked'),
              key: 'id',
              render: (_, r) =>
                r.id_masked || <span className="withdraw-admin-note">{t('withdrawals.noIdOnFile')}</span>,
            },
            { title: t('withdrawals.payee'), dataIndex: 'payee_name' },
            { title: t('withdrawals.withdrawals'), dataIndex: 'withdrawals', align: 'right' },
            { title: t('withdrawals.gross'), key: 'g', align: 'right', render: (_, r) => formatFen(r.gross_fen) },
            { title: t('withdrawals.tax'), key: 'x', align: 'right', render: (_, r) => formatFen(r.tax_fen) },
          ]}
          summary={() =>
            report.data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  {t('withdrawals.total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {formatFen(report.data.total_gross_fen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {formatFen(report.data.total_tax_fen)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </>
  );
}

export function BanksTab() {
  const { t } = useAdminT();
  const banks = useBanks();
  const refresh = useRefresh();
  const [form] = Form.useForm<{ bin: string; bank_code: string; card_type: string }>();
  if (banks.isError) return <LoadFailed onRetry={() => void banks.refetch()} retrying={banks.isFetching} />;
  return (
    <>
      <Table
        rowKey="code"
        size="small"
        loading={banks.isPending}
        dataSource={banks.data?.banks}
        pagination={false}
        columns={[
          { title: t('withdrawals.code'), dataIndex: 'code' },
          { title: t('withdrawals.bankName'), key: 'n', render: (_, b) => `${b.name} / ${b.name_en}` },
          {
            title: t('withdrawals.debitOnly'),
            key: 'd',
            render: (_, b) => (b.debit_only ? t('withdrawals.yes') : t('withdrawals.no')),
          },
          {
            title: t('withdrawals.enabled'),
            key: 'e',
            render: (_, b) => (b.enabled ? t('withdrawals.yes') : t('withdrawals.no')),
          },
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t('withdrawals.addBin')}</h3>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          void saveBin(v)
            .then(() => {
              void message.success(t('withdrawals.saved'));
              form.resetFields();
              return refresh();
            })
            .catch(() => undefined)
        }
      >
        <Form.Item name="bin" label={t('withdrawals.bin')} rules={[{ required: true, pattern: /^\d{6,10}$/ }]}>
          <Input inputMode="numeric" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="bank_code" label={t('withdrawals.code')} rules={[{ required: true }]}>
          <Select
            style={{ width: 120 }}
            options={(banks.data?.banks ?? []).map((b) => ({ value: b.code, label: b.code }))}
          />
        </Form.Item>
        <Form.Item name="card_type" label={t('withdrawals.cardType')} initialValue="debit">
          <Select style={{ width: 120 }} options={[{ value: 'debit' }, { value: 'credit' }]} />
        </Form.Item>
        <Button htmlType="submit">{t('withdrawals.addBin')}</Button>
      </Form>
      <Table
        rowKey="bin"
        size="small"
        style={{ marginTop: 16 }}
        dataSource={banks.data?.bins}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('withdrawals.bin'), dataIndex: 'bin' },
          { title: t('withdrawals.code'), dataIndex: 'bank_code' },
          { title: t('withdrawals.cardType'), dataIndex: 'card_type' },
          { title: t('withdrawals.length'), dataIndex: 'card_length' },
        ]}
      />
    </>
  );
}
