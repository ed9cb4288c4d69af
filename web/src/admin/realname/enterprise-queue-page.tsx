/**
 * Company verification (support; admins too; issue 10): the enterprises waiting for review, oldest first, and the
 * approved and refused ones; a request opens in a drawer with its licence (a short-lived link); approving asks for a
 * confirmation, refusing for the reason the account will see.
 */
import { formatDate } from '@trackline/contract/format';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Popconfirm, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import {
  ENTERPRISE_PAGE_SIZE,
  type EnterpriseState,
  useDecideEnterprise,
  useEnterpriseDetail,
  useEnterpriseQueue,
} from './realname-api';

const STATES: readonly EnterpriseState[] = ['pending', 'verified', 'refused'];
const COLOURS = { pending: 'processing', verified: 'success', refused: 'error' } as const;

function DetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const detail = useEnterpriseDetail(userId);
  const decide = useDecideEnterprise();
  const [refusing, setRefusing] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const d = detail.data;

  const approve = () =>
    decide.mutateAsync({ user_id: userId!, decision: 'approve' }).then(
      () => {
        message.success(t('realname.approved'));
        onClose();
      },
      () => undefined,
    );
  const refuse = async () => {
    const { reason } = await form.validateFields();
    try {
      await decide.mutateAsync({ user_id: userId!, decision: 'refuse', reason });
      message.success(t('realname.refused'));
      setRefusing(false);
      form.resetFields();
      onClose();
    } catch {
      // the client showed why
    }
  };

  return (
    <Drawer open={userId !== null} onClose={onClose} title={t('realname.detail')} width={560} destroyOnHidden>
      {detail.isError ? (
        <LoadFailed onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !d ? null : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('realname.company')}>{d.company_name}</Descriptions.Item>
            <Descriptions.Item label={t('realname.creditCode')}>{d.credit_code}</Descriptions.Item>
            <Descriptions.Item label={t('realname.account')}>
              {d.nickname} · {d.mobile}
            </Descriptions.Item>
            <Descriptions.Item label={t('realname.contact')}>
              {d.contact_name} · {d.contact_mobile}
            </Descriptions.Item>
            <Descriptions.Item label={t('realname.submittedAt')}>{formatDate(d.submitted_at, true)}</Descriptions.Item>
            {d.refuse_reason && <Descriptions.Item label={t('realname.reason')}>{d.refuse_reason}</Descriptions.Item>}
          </Descriptions>
          <h3 style={{ marginTop: 16 }}>{t('realname.licence')}</h3>
          <a href={d.licence_url} target="_blank" rel="noopener noreferrer">
            <img
              src={d.licence_url}
              alt={t('realname.licence')}
              style={{ maxWidth: '100%', border: '1px solid #eee' }}
            />
          </a>
          <p>
            <a href={d.licence_url} target="_blank" rel="noopener noreferrer">
              {t('realname.openLicence')}
            </a>
          </p>
          {d.state === 'pending' && (
            <div style={{ display: 'flex', gap: 12, marginTop: 16 }}>
              <Popconfirm
                title={t('realname.approveConfirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={approve}
              >
                <Button type="primary" loading={decide.isPending}>
                  {t('realname.approve')}
                </Button>
              </Popconfirm>
              <Button danger onClick={() => setRefusing(true)}>
                {t('realname.refuse')}
              </Button>
            </div>
          )}
          <Modal
            open={refusing}
            title={t('realname.refuseTitle')}
            okText={t('realname.refuse')}
            okButtonProps={{ danger: true, loading: decide.isPending }}
            cancelText={t('common.cancel')}
            onOk={() => void refuse()}
            onCancel={() => setRefusing(false)}
          >
            <Form form={form} layout="vertical">
              <Form.Item
                name="reason"
                label={t('realname.reason')}
                extra={t('realname.refuseHint')}
                rules={[{ required: true, whitespace: true, message: t('realname.refuseRequired') }, { max: 300 }]}
              >
                <Input.TextArea rows={3} />
              </Form.Item>
            </Form>
          </Modal>
        </>
      )}
    </Drawer>
  );
}

export default function EnterpriseQueuePage() {
  const { t } = useAdminT();
  const [params, setParams] = useSearchParams();
  const state = (STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as EnterpriseState)
    : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queue = useEnterpriseQueue(state, page);
  const [open, setOpen] = useState<number | null>(null);

  const go = (next: { state?: EnterpriseState; page?: number }) => {
    const search = new URLSearchParams();
    const s = next.state ?? state;
    if (s !== 'pending') search.set('state', s);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };

  return (
    <div>
      <h1>{t('realname.title')}</h1>
      <Tabs
        activeKey={state}
        onChange={(key) => go({ state: key as EnterpriseState })}
        items={STATES.map((s) => ({ key: s, label: t(`realname.states.${s}`) }))}
      />
      {queue.isError ? (
        <LoadFailed onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : (
        <Table
          rowKey="user_id"
          loading={queue.isFetching}
          dataSource={queue.data?.list ?? []}
          locale={{ emptyText: t('realname.empty') }}
          scroll={{ x: 760 }}
          pagination={{
            current: page,
            pageSize: ENTERPRISE_PAGE_SIZE,
            total: queue.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (p) => go({ page: p }),
          }}
          columns={[
            { title: t('realname.company'), dataIndex: 'company_name', key: 'company' },
            { title: t('realname.creditCode'), dataIndex: 'credit_code', key: 'code' },
            { title: t('realname.account'), dataIndex: 'mobile', key: 'mobile' },
            {
              title: t('realname.submittedAt'),
              dataIndex: 'submitted_at',
              key: 'submitted',
              render: (v: string) => formatDate(v, true),
            },
            {
              title: t('realname.states.pending'),
              dataIndex: 'state',
              key: 'state',
              render: (v: EnterpriseState) => <Tag color={COLOURS[v]}>{t(`realname.states.${v}`)}</Tag>,
            },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_: unknown, row) => (
                <Button type="link" onClick={() => setOpen(row.user_id)}>
                  {t('realname.view')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <DetailDrawer userId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
