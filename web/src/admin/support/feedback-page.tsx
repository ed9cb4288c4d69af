/**
 * Problem feedback (support; admins too): what visitors and musicians sent through the §5 form, newest first,
 * filtered by status (open by default: the work still to do) and type, paged on the server; an open item is
 * closed after a confirmation. The filters and the page live in the address (?status=&type=&page=), so a
 * reload or a shared link shows the same list.
 */
import { PROBLEM_TYPES, type ProblemItem } from '@trackline/contract/content-types';
import { formatDate } from '@trackline/contract/format';
import { App, Button, Form, Popconfirm, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PROBLEM_TYPE_OPTIONS } from '../../features/support/problem-types';
import { type AdminT, useAdminT } from '../i18n';
import { hasAnyRole, useCurrentStaff } from '../shell/current-staff';
import { ListPage } from '../shell/list-page';
import { useAgentList } from '../site/agents-api';
import { FEEDBACK_PAGE_SIZE, type FeedbackFilter, useCloseFeedback, useFeedbackPage } from './feedback-api';

type StatusChoice = ProblemItem['status'] | 'all';

const STATUS_CHOICES: readonly StatusChoice[] = ['open', 'closed', 'all'];

/** The filter in the address; anything unknown there falls back to the default (open, every type, page 1). */
function readFilter(params: URLSearchParams): FeedbackFilter & { statusChoice: StatusChoice } {
  const status = params.get('status');
  const statusChoice: StatusChoice = STATUS_CHOICES.includes(status as StatusChoice)
    ? (status as StatusChoice)
    : 'open';
  const type = Number(params.get('type'));
  const page = Number(params.get('page'));
  return {
    statusChoice,
    status: statusChoice === 'all' ? undefined : statusChoice,
    type: (PROBLEM_TYPES as readonly number[]).includes(type) ? type : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function typeLabel(t: AdminT, type: number): string {
  const option = PROBLEM_TYPE_OPTIONS.find((item) => item.value === type);
  return option ? t(`feedback.types.${option.key}`) : String(type);
}

function CloseFeedbackButton({ item }: { item: ProblemItem }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const close = useCloseFeedback();
  const onConfirm = () =>
    close.mutateAsync(item.id).then(
      (answer) => {
        message.success(answer.msg || t('feedback.closeDone'));
      },
      () => undefined, // the client has shown the refusal
    );
  return (
    <Popconfirm
      title={t('feedback.closeConfirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" loading={close.isPending}>
        {t('feedback.close')}
      </Button>
    </Popconfirm>
  );
}

export default function FeedbackPage() {
  const { t } = useAdminT();
  const me = useCurrentStaff();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const { list, total } = useFeedbackPage(filter);
  // The sites list is for admins; support members see the feedback without the site column.
  const showSite = hasAnyRole(me, ['admin']);
  const agents = useAgentList({ enabled: showSite });
  const siteName = (id: number | null) =>
    (id !== null && agents.data?.find((agent) => agent.id === id)?.site_title) || '--';

  /** A new filter starts again at page 1; the default values are left out of the address. */
  const update = (next: { status?: StatusChoice; type?: number | undefined; page?: number }) => {
    const merged = { status: filter.statusChoice, type: filter.type, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.status !== 'open') search.set('status', merged.status);
    if (merged.type !== undefined) search.set('type', String(merged.type));
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };

  // Closing the last item of the last page leaves that page empty: show the page that is now the last.
  const lastPage = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const pageGone = list.isSuccess && !list.isPlaceholderData && list.data.length === 0 && filter.page > lastPage;
  useEffect(() => {
    if (pageGone) update({ page: lastPage });
  });

  const columns: TableColumnsType<ProblemItem> = [
    {
      title: t('feedback.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (value: string) => formatDate(value, true),
    },
    { title: t('feedback.type'), dataIndex: 'type', key: 'type', render: (value: number) => typeLabel(t, value) },
    {
      title: t('feedback.content'),
      dataIndex: 'content',
      key: 'content',
      render: (value: string) => (
        <Typography.Paragraph
          className="admin-feedback-content"
          ellipsis={{
            rows: 2,
            expandable: 'collapsible',
            symbol: (expanded: boolean) => (expanded ? t('feedback.collapse') : t('feedback.expand')),
          }}
        >
          {value}
        </Typography.Paragraph>
      ),
    },
    { title: t('feedback.mobile'), dataIndex: 'mobile', key: 'mobile' },
    ...(showSite
      ? [
          {
            title: t('feedback.site'),
            dataIndex: 'agent_id',
            key: 'agent_id',
            render: (value: number | null) => siteName(value),
          },
        ]
      : []),
    {
      title: t('feedback.status'),
      key: 'status',
      render: (_, row) =>
        row.status === 'open' ? <Tag color="gold">{t('feedback.open')}</Tag> : <Tag>{t('feedback.closed')}</Tag>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // Stays in view when a narrow window scrolls the table sideways.
      fixed: 'right',
      render: (_, row) =>
        row.status === 'open' ? (
          <CloseFeedbackButton item={row} />
        ) : (
          <Typography.Text type="secondary">
            {t('feedback.closedAt', { time: formatDate(row.closed_at, true) })}
          </Typography.Text>
        ),
    },
  ];

  const toolbar = (
    <Form layout="inline" aria-label={t('feedback.filters')} role="search">
      <Form.Item label={t('feedback.statusFilter')} htmlFor="feedback-status">
        <Select<StatusChoice>
          id="feedback-status"
          style={{ width: 140 }}
          value={filter.statusChoice}
          onChange={(status) => update({ status })}
          options={[
            { value: 'open', label: t('feedback.open') },
            { value: 'closed', label: t('feedback.closed') },
            { value: 'all', label: t('feedback.allStatuses') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('feedback.typeFilter')} htmlFor="feedback-type">
        <Select<number>
          id="feedback-type"
          style={{ width: 180 }}
          value={filter.type ?? 0}
          onChange={(type) => update({ type: type === 0 ? undefined : type })}
          options={[
            { value: 0, label: t('feedback.allTypes') },
            ...PROBLEM_TYPE_OPTIONS.map((option) => ({
              value: option.value,
              label: t(`feedback.types.${option.key}`),
            })),
          ]}
        />
      </Form.Item>
    </Form>
  );

  return (
    <ListPage
      title={t('feedback.title')}
      toolbar={toolbar}
      emptyText={t('feedback.empty')}
      columns={columns}
      list={list}
      pagination={{
        current: filter.page,
        pageSize: FEEDBACK_PAGE_SIZE,
        total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (count) => t('feedback.total', { total: count }),
        onChange: (page) => update({ page }),
      }}
    />
  );
}
