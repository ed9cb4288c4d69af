/** Upload a store report (store, format, mapping, accounting month, rate) and watch the imports' progress. */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Progress, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatFen } from '../../lib/format';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { type ImportItem, uploadReport, useImports, useMappings, useRefreshRoyalties } from './royalties-api';

const STATE_COLOR: Record<ImportItem['state'], string> = {
  queued: 'default',
  running: 'processing',
  posted: 'success',
  failed: 'error',
  replaced: 'warning',
  part: 'default',
};

interface UploadValues {
  platform_code: string;
  format: 'dsr' | 'csv';
  mapping_code?: string;
  accounting_month: string;
  fx_rate?: string;
}

export function ImportsTab() {
  const { t, language } = useAdminT();
  const { message } = App.useApp();
  const imports = useImports();
  const options = useMappings();
  const refresh = useRefreshRoyalties();
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const format = Form.useWatch('format', form);

  const submit = async (values: UploadValues) => {
    if (!file) return;
    const data = new FormData();
    // fields first: the server reads them before the file's bytes
    for (const [k, v] of Object.entries(values)) if (v) data.append(k, v);
    data.append('file', file, file.name);
    setSent(0);
    try {
      await uploadReport(data, setSent);
      message.success(t('royalties.uploaded'));
      setFile(null);
      await refresh();
    } finally {
      setSent(null);
    }
  };

  const progress = (i: ImportItem) => {
    if (i.state === 'posted') return <Progress percent={100} size="small" />;
    if (i.state === 'running') return <span>{i.rows_done.toLocaleString()}</span>;
    return null;
  };

  return (
    <>
      <h2 className="royalty-section-title">{t('royalties.upload')}</h2>
      <Form
        form={form}
        layout="inline"
        className="royalty-upload"
        initialValues={{ format: 'dsr', accounting_month: new Date().toISOString().slice(0, 7) }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="platform_code" label={t('royalties.store')} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 160 }}
            data-testid="royalty-store"
            showSearch
            optionFilterProp="label"
            options={options.data?.stores.map((s) => ({
              value: s.code,
              label: language === 'en' ? s.name_en : s.name_zh,
            }))}
          />
        </Form.Item>
        <Form.Item name="format" label={t('royalties.format')} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 200 }}
            options={(['dsr', 'csv'] as const).map((f) => ({ value: f, label: t(`royalties.formats.${f}`) }))}
          />
        </Form.Item>
        {format === 'csv' && (
          <Form.Item name="mapping_code" label={t('royalties.mapping')} rules={[{ required: true }]}>
            <Select
              style={{ minWidth: 200 }}
              options={options.data?.list.map((m) => ({ value: m.code, label: m.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="accounting_month"
          label={t('royalties.month')}
          rules={[{ required: true, pattern: /^\d{4}-(0[1-9]|1[0-2])$/ }]}
        >
          <Input style={{ width: 110 }} placeholder="YYYY-MM" />
        </Form.Item>
        <Form.Item name="fx_rate" label={t('royalties.fxRate')} rules={[{ pattern: /^\d{1,9}(\.\d{1,10})?$/ }]}>
          <Input style={{ width: 110 }} />
        </Form.Item>
        <Form.Item label={t('royalties.file')} required>
          <label className="royalty-upload__file">
            <UploadOutlined aria-hidden="true" /> {file ? file.name : t('royalties.chooseFile')}
            <input
              type="file"
              data-testid="royalty-file"
              accept=".tsv,.csv,.txt,text/csv,text/tab-separated-values"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" disabled={!file} loading={sent !== null}>
            {t('royalties.submit')}
          </Button>
        </Form.Item>
      </Form>
      {sent !== null && <Progress percent={sent} aria-label={t('royalties.progress')} />}

      <h2 className="royalty-section-title">{t('royalties.imports')}</h2>
      {imports.isError ? (
        <LoadFailed onRetry={() => void imports.refetch()} retrying={imports.isFetching} />
      ) : (
        <Table<ImportItem>
          rowKey="id"
          size="small"
          loading={imports.isPending}
          dataSource={imports.data}
          scroll={{ x: 900 }}
          pagination={false}
          columns={[
            { title: t('royalties.id'), dataIndex: 'id' },
            { title: t('royalties.store'), dataIndex: 'platform_code' },
            { title: t('royalties.month'), key: 'm', render: (_, i) => i.accounting_month.slice(0, 7) },
            {
              title: t('royalties.fileName'),
              key: 'file_name',
              render: (_, i) => (
                <>
                  {i.file_name}
                  {i.number_of_files > 1 && (
                    <Tag style={{ marginInlineStart: 8 }}>
                      {i.file_number}/{i.number_of_files}
                      {i.part_of ? ` → #${i.part_of}` : ''}
                    </Tag>
                  )}
                </>
              ),
            },
            {
              title: t('royalties.state'),
              key: 'state',
              render: (_, i) => (
                <Tag color={STATE_COLOR[i.state]} data-testid={`import-state-${i.id}`}>
                  {t(`royalties.states.${i.state}`)}
                </Tag>
              ),
            },
            { title: t('royalties.progress'), key: 'p', render: (_, i) => progress(i) },
            { title: t('royalties.lines'), dataIndex: 'lines', align: 'right' },
            { title: t('royalties.unmatchedLines'), dataIndex: 'unmatched_lines', align: 'right' },
            { title: t('royalties.total'), key: 'total', align: 'right', render: (_, i) => formatFen(i.total_fen) },
            { title: t('royalties.share'), key: 'share', align: 'right', render: (_, i) => formatFen(i.share_fen) },
            { title: t('royalties.suspense'), key: 'sus', align: 'right', render: (_, i) => formatFen(i.suspense_fen) },
            { title: t('royalties.error'), dataIndex: 'error' },
          ]}
        />
      )}
    </>
  );
}
