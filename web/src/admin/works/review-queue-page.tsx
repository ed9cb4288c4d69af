/**
 * /admin/review: the editors' queue. Tabs for first review (200/201), final review (300/301), works approved and
 * awaiting online (990, to be marked online) and all of them; a search on
 * title and artist, new works versus changes to works online; oldest submission first with its age. Tab, filters
 * and page live in the URL, so a queue view can be linked and survives a reload.
 */
import { formatDate } from '@trackline/contract/format';
import type { ReviewListItem } from '@trackline/contract/review-types';
import { Card, Empty, Input, Select, Space, Table, type TableColumnsType, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { PageHeader } from '../shell/page-header';
import { relativeAge } from '../shell/relative-age';
import { REVIEW_QUEUE_PAGE_SIZE, type ReviewFilters, useReviewQueue } from './review-api';
import { REVIEW_BASE } from './review-paths';
import { WorkStatusTag } from './work-status-tag';
import './review.css';

const STAGES = ['first', 'final', 'distributing', 'all'] as const;

function readFilters(params: URLSearchParams): ReviewFilters {
  const stage = params.get('stage');
  const version = params.get('version');
  const keyword = params.get('keyword')?.trim();
  return {
    stage: (STAGES as readonly string[]).includes(stage ?? '') ? (stage as ReviewFilters['stage']) : 'first',
    version: version === 'new' || version === 'change' ? version : undefined,
    keyword: keyword || undefined,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

export default function ReviewQueuePage() {
  const { t, language } = useAdminT();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const queue = useReviewQueue(filters);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'version' && value === 'all')) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const filter = (changes: Record<string, string | number | undefined>) => update({ ...changes, page: undefined });
  const titleOf = (row: ReviewListItem) =>
    (row.title || t('review.untitled')) + (row.version ? ` (${row.version})` : '');

  const columns: TableColumnsType<ReviewListItem> = [
    {
      title: t('review.cover'),
      key: 'cover',
      width: 72,
      render: (_, row) =>
        row.cover_url ? (
          <img
            className="admin-review-thumb"
            src={row.cover_url}
            alt={t('review.coverOf', { title: titleOf(row) })}
            width={48}
            height={48}
            loading="lazy"
          />
        ) : (
          <span className="admin-review-thumb admin-review-thumb--empty">{t('review.noCover')}</span>
        ),
    },
    {
      title: t('review.workTitle'),
      key: 'title',
      render: (_, row) => (
        <Link to={`${REVIEW_BASE}/${row.id}`} className="admin-review-title">
          {titleOf(row)}
        </Link>
      ),
    },
    { title: t('review.artists'), key: 'artists', render: (_, row) => row.primary_artists.join(' / ') || '--' },
    { title: t('review.kind'), key: 'kind', render: (_, row) => t(`review.kinds.${row.kind}`) },
    { title: t('review.tracks'), dataIndex: 'track_count', key: 'tracks', align: 'right' },
    {
      title: t('review.musician'),
      key: 'musician',
      render: (_, row) => (
        <span>
          {row.musician.nickname ? `${row.musician.nickname} ` : ''}
          <span className="admin-muted">{row.musician.mobile}</span>
        </span>
      ),
    },
    {
      title: t('review.status'),
      key: 'status',
      render: (_, row) => <WorkStatusTag status={row.status} change={row.change} />,
    },
    {
      title: t('review.submittedAt'),
      key: 'submitted_at',
      render: (_, row) =>
        row.submitted_at ? (
          <time dateTime={row.submitted_at} title={formatDate(row.submitted_at, true)}>
            {/* The age by the server's clock (age_seconds), so a wrong clock on the editor's machine does not skew it. */}
            {relativeAge(
              row.submitted_at,
              language,
              t('review.justNow'),
              Date.parse(row.submitted_at) + row.age_seconds * 1000,
            )}
            <span className="admin-muted"> · {formatDate(row.submitted_at, true)}</span>
          </time>
        ) : (
          '--'
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('review.queueTitle')} />
      <Card>
        <Tabs
          aria-label={t('review.stageTabs')}
          activeKey={filters.stage}
          onChange={(stage) => filter({ stage: stage === 'first' ? undefined : stage })}
          items={STAGES.map((stage) => ({ key: stage, label: t(`review.stages.${stage}`) }))}
        />
        <Space wrap size="middle" className="admin-review-filters" role="group" aria-label={t('review.filters')}>
          <Input.Search
            key={filters.keyword ?? ''}
            aria-label={t('review.searchLabel')}
            placeholder={t('review.search')}
            defaultValue={filters.keyword}
            allowClear
            maxLength={100}
            style={{ width: 260 }}
            onSearch={(value) => filter({ keyword: value.trim() })}
          />
          <Select
            aria-label={t('review.versionFilter')}
            style={{ minWidth: 180 }}
            value={filters.version ?? 'all'}
            onChange={(value: string) => filter({ version: value })}
            options={(['all', 'new', 'change'] as const).map((v) => ({ value: v, label: t(`review.versions.${v}`) }))}
          />
        </Space>
        {queue.isError && !queue.data ? (
          <LoadFailed onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
        ) : (
          <Table<ReviewListItem>
            rowKey="id"
            columns={columns}
            dataSource={queue.data?.list}
            loading={queue.isPending || queue.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(filters.stage === 'distributing' ? 'review.emptyDistributing' : 'review.empty')}
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: REVIEW_QUEUE_PAGE_SIZE,
              total: queue.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('review.total', { total }),
              onChange: (page) => update({ page }),
            }}
          />
        )}
      </Card>
    </>
  );
}
