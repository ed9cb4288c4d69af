/**
 * Work orders (support, admins): the queue, latest activity first, filtered by status, type and assignee (all,
 * mine, unassigned), with each order's age; an order opens in a drawer (?id= in the URL, so it can be linked).
 * Filters and page live in the URL too.
 */
import { formatDate } from '@trackline/contract/format';
import { type AdminWorkorderItem, WORKORDER_STATUSES, type WorkorderStatus } from '@trackline/contract/workorder-types';
import { Button, Card, Empty, Radio, Select, Space, Table, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { PageHeader } from '../shell/page-header';
import { relativeAge } from '../shell/relative-age';
import { WorkorderDrawer } from './workorder-drawer';
import { WorkorderStatusTag } from './workorder-status-tag';
import { WORKORDER_TYPE_OPTIONS, workorderTypeKey } from './workorder-types';
import { type QueueFilters, useWorkorderQueue, WORKORDER_QUEUE_PAGE_SIZE } from './workorders-api';
import './workorders.css';

function readFilters(params: URLSearchParams): QueueFilters {
  const status = params.get('status');
  const type = Number(params.get('type'));
  const assignee = params.get('assignee');
  return {
    status: (WORKORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as WorkorderStatus) : undefined,
    type: Number.isInteger(type) && type >= 1 && type <= 9 ? type : undefined,
    assignee: assignee === 'me' || assignee === 'none' ? assignee : undefined,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

export default function WorkordersPage() {
  const { t, language } = useAdminT();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const openId = Number.parseInt(params.get('id') ?? '', 10);
  const queue = useWorkorderQueue(filters);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || value === 'all') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const filter = (changes: Record<string, string | number | undefined>) => update({ ...changes, page: undefined });
  const age = (iso: string) => relativeAge(iso, language, t('workorders.justNow'));

  const columns: TableColumnsType<AdminWorkorderItem> = [
    { title: t('workorders.id'), dataIndex: 'id', key: 'id', render: (id: number) => `#${id}` },
    {
      title: t('workorders.subject'),
      key: 'title',
      render: (_, row) => (
        <Button type="link" size="small" className="admin-workorder-title" onClick={() => update({ id: row.id })}>
          {row.title}
        </Button>
      ),
    },
    {
      title: t('workorders.type'),
      key: 'type',
      render: (_, row) => {
        const key = workorderTypeKey(row.type);
        return key ? t(key) : row.type;
      },
    },
    { title: t('workorders.status'), key: 'status', render: (_, row) => <WorkorderStatusTag status={row.status} /> },
    {
      title: t('workorders.user'),
      key: 'user',
      render: (_, row) => (
        <span>
          {row.user_nickname ? `${row.user_nickname} ` : ''}
          <span className="admin-muted">{row.user_mobile}</span>
        </span>
      ),
    },
    {
      title: t('workorders.assignee'),
      key: 'assignee',
      render: (_, row) => row.assignee_name ?? <span className="admin-muted">{t('workorders.unassigned')}</span>,
    },
    {
      title: t('workorders.lastReply'),
      key: 'last_reply',
      render: (_, row) => (
        <time dateTime={row.last_reply_at} title={formatDate(row.last_reply_at, true)}>
          {age(row.last_reply_at)} · {t(`workorders.by.${row.last_reply_by}`)}
        </time>
      ),
    },
    {
      title: t('workorders.age'),
      key: 'age',
      render: (_, row) => (
        <time dateTime={row.created_at} title={formatDate(row.created_at, true)}>
          {age(row.created_at)}
        </time>
      ),
    },
    { title: t('workorders.replies'), dataIndex: 'reply_count', key: 'reply_count', align: 'right' },
  ];

  return (
    <>
      <PageHeader title={t('workorders.title')} />
      <Card>
        <Space wrap size="middle" className="admin-workorder-filters" role="group" aria-label={t('workorders.filters')}>
          <Select
            aria-label={t('workorders.statusFilter')}
            style={{ minWidth: 160 }}
            value={filters.status ?? 'all'}
            onChange={(value: string) => filter({ status: value })}
            options={[
              { value: 'all', label: t('workorders.allStatuses') },
              ...WORKORDER_STATUSES.map((s) => ({ value: s, label: t(`workorders.statuses.${s}`) })),
            ]}
          />
          <Select
            aria-label={t('workorders.typeFilter')}
            style={{ minWidth: 160 }}
            value={filters.type ?? 'all'}
            onChange={(value: number | 'all') => filter({ type: value })}
            options={[
              { value: 'all', label: t('workorders.allTypes') },
              ...WORKORDER_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) })),
            ]}
          />
          <Radio.Group
            aria-label={t('workorders.assigneeFilter')}
            optionType="button"
            value={filters.assignee ?? 'all'}
            onChange={(event) => filter({ assignee: event.target.value as string })}
            options={[
              { value: 'all', label: t('workorders.assigneeAll') },
              { value: 'me', label: t('workorders.assigneeMine') },
              { value: 'none', label: t('workorders.assigneeNone') },
            ]}
          />
        </Space>
        {queue.isError && !queue.data ? (
          <LoadFailed onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
        ) : (
          <Table<AdminWorkorderItem>
            rowKey="id"
            columns={columns}
            dataSource={queue.data?.list}
            loading={queue.isPending || queue.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workorders.empty')} /> }}
            pagination={{
              current: filters.page,
              pageSize: WORKORDER_QUEUE_PAGE_SIZE,
              total: queue.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('workorders.total', { total }),
              onChange: (page) => update({ page }),
            }}
          />
        )}
      </Card>
      <WorkorderDrawer
        id={Number.isInteger(openId) && openId > 0 ? openId : null}
        onClose={() => update({ id: undefined })}
      />
    </>
  );
}
