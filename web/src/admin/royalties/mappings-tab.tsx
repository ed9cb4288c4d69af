/**
 * Store statement column mappings: the shipped ones (read only) and finance's own, added or edited in a form that
 * names, for each field the import reads, the header of the store's column.
 */
import type { MappingSaveBody } from '@trackline/contract/royalties';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { type MappingItem, saveMapping, useMappings, useRefreshRoyalties } from './royalties-api';

type Columns = MappingSaveBody['mapping']['columns'];
const FIELDS: Array<{ key: keyof Columns; required?: boolean }> = [
  { key: 'sale_month', required: true },
  { key: 'territory' },
  { key: 'isrc' },
  { key: 'upc' },
  { key: 'title' },
  { key: 'quantity', required: true },
  { key: 'amount', required: true },
  { key: 'currency' },
  { key: 'fx_rate' },
];
const DELIMITERS = [',', '\t', ';'] as const;

interface FormValues {
  code: string;
  name: string;
  delimiter: (typeof DELIMITERS)[number];
  currency?: string;
  columns: Partial<Columns>;
}

function MappingForm({ initial, onClose }: { initial: MappingItem | 'new'; onClose: () => void }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const refresh = useRefreshRoyalties();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const editing = initial !== 'new';
  const submit = async (v: FormValues) => {
    const columns = Object.fromEntries(
      Object.entries(v.columns).filter(([, name]) => typeof name === 'string' && name.trim() !== ''),
    ) as Columns;
    setBusy(true);
    try {
      const res = await saveMapping({
        code: v.code,
        name: v.name,
        mapping: { delimiter: v.delimiter, ...(v.currency ? { currency: v.currency } : {}), columns },
      });
      message.success(res.msg || t('royalties.mappings.saved'));
      await refresh();
      onClose();
    } catch {
      // the refusal (an incomplete mapping, a shipped one) is shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={editing ? t('royalties.mappings.edit') : t('royalties.mappings.add')}
      onCancel={onClose}
      okText={t('royalties.mappings.save')}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'mapping-form' }}
      destroyOnHidden
    >
      <Form<FormValues>
        id="mapping-form"
        form={form}
        layout="vertical"
        scrollToFirstError={{ focus: true }}
        initialValues={
          editing
            ? {
                code: initial.code,
                name: initial.name,
                delimiter: initial.mapping.delimiter,
                currency: initial.mapping.currency,
                columns: initial.mapping.columns,
              }
            : { delimiter: ',', columns: {} }
        }
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="code"
          label={t('royalties.mappings.code')}
          extra={t('royalties.mappings.codeHint')}
          rules={[{ required: true, pattern: /^[a-z0-9_-]{1,40}$/, message: t('royalties.mappings.codeHint') }]}
        >
          <Input disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('royalties.mappings.name')} rules={[{ required: true, max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="delimiter" label={t('royalties.mappings.delimiter')} rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              options={DELIMITERS.map((d) => ({
                value: d,
                label: t(`royalties.mappings.delimiters.${d === '\t' ? 'tab' : d === ',' ? 'comma' : 'semicolon'}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="currency"
            label={t('royalties.mappings.fixedCurrency')}
            rules={[{ pattern: /^[A-Z]{3}$/, message: 'USD / EUR / CNY' }]}
            normalize={(v: string) => v?.toUpperCase() || undefined}
          >
            <Input style={{ width: 120 }} placeholder="USD" autoComplete="off" />
          </Form.Item>
        </Space>
        <p className="royalty-hint">{t('royalties.mappings.columnsHint')}</p>
        {FIELDS.map((f) => (
          <Form.Item
            key={f.key}
            name={['columns', f.key]}
            label={t(`royalties.mappings.fields.${f.key}`)}
            rules={[{ required: f.required, whitespace: true, max: 100 }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

export function MappingsTab() {
  const { t } = useAdminT();
  const mappings = useMappings();
  const [editing, setEditing] = useState<MappingItem | 'new' | null>(null);
  if (mappings.isError) return <LoadFailed onRetry={() => void mappings.refetch()} retrying={mappings.isFetching} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('royalties.mappings.add')}
        </Button>
      </Space>
      <Table<MappingItem>
        rowKey="code"
        loading={mappings.isLoading}
        dataSource={mappings.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('royalties.mappings.empty') }}
        columns={[
          { title: t('royalties.mappings.code'), dataIndex: 'code' },
          {
            title: t('royalties.mappings.name'),
            key: 'name',
            render: (_, m) => (
              <Space>
                {m.name}
                {m.builtin && <Tag>{t('royalties.mappings.builtin')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('royalties.mappings.columns'),
            key: 'columns',
            render: (_, m) =>
              FIELDS.filter((f) => m.mapping.columns[f.key])
                .map((f) => `${t(`royalties.mappings.fields.${f.key}`)}: ${m.mapping.columns[f.key]}`)
                .join(' · '),
          },
          {
            title: '',
            key: 'actions',
            render: (_, m) =>
              m.builtin ? null : (
                <Button
                  size="small"
                  onClick={() => setEditing(m)}
                  aria-label={`${t('royalties.mappings.edit')} ${m.code}`}
                >
                  {t('royalties.mappings.edit')}
                </Button>
              ),
          },
        ]}
      />
      {editing && <MappingForm initial={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
