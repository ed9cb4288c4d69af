/**
 * /work-management/list: every work of the musician — search by title or artist, filter by §4 status group and by
 * date, page through; each row shows the cover, title, artists, kind, status tag (with the rejection reason) and
 * the actions its status allows. Filters and page live in the URL, so Back and shared links keep the view.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { WorkListItem } from '@trackline/contract/work-model';
import { STATUS_GROUP_LABELS, STATUS_GROUPS, type StatusGroup } from '@trackline/contract/work-status';
import { Checkbox, DatePicker, Input, Pagination, Skeleton, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { type HTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { workStepRoute } from '../../lib/routes';
import { useNarrowScreen } from '../../lib/use-narrow-screen';
import { WorkStoresDrawer } from '../distribution/work-stores-drawer';
import { DraftSelectionBar, isDeletableDraft, useDraftSelection } from './draft-selection';
import { WorkActions } from './work-actions';
import { WorkCodes } from './work-codes';
import { WorkCover } from './work-cover';
import { WorkHistoryDrawer } from './work-history-drawer';
import { useWorkLabels } from './work-labels';
import { WorkStatusTag } from './work-status-tag';
import { useWorkList } from './works-api';
import './works.css';

export const WORK_PAGE_SIZE = 10;

/** The list on a phone: one card per work with everything the table's row holds, actions included. */
function WorkCards({
  works,
  loading,
  empty,
  focusId,
  onHistory,
  onStores,
  chosen,
  onChoose,
}: {
  works: WorkListItem[];
  loading: boolean;
  empty: ReactNode;
  focusId: number | null;
  onHistory: (work: WorkListItem) => void;
  onStores: (work: WorkListItem) => void;
  chosen: ReadonlyMap<number, string>;
  onChoose: (work: WorkListItem, on: boolean) => void;
}) {
  const { t } = useTranslation();
  if (loading && works.length === 0) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (works.length === 0) return <p className="works-card works-state">{empty}</p>;
  return (
    <ul className={`work-cards${loading ? ' list-fetching' : ''}`} aria-busy={loading}>
      {works.map((work) => (
        <li
          key={work.id}
          className={`work-card${work.id === focusId ? ' work-card--focus' : ''}`}
          data-testid={`work-row-${work.id}`}
        >
          <div className="work-row">
            {isDeletableDraft(work) && (
              <Checkbox
                className="work-card__choose"
                checked={chosen.has(work.id)}
                onChange={(e) => onChoose(work, e.target.checked)}
                aria-label={t('works.bulk.choose', { title: work.title.trim() || t('works.untitled') })}
              />
            )}
            <WorkCover url={work.cover_url} />
            <div className="work-row__text">
              <span className="work-row__title" data-testid="work-title">
                {work.title.trim() || t('works.untitled')}
              </span>
              <span className="work-row__artists">{work.primary_artists.join(' / ') || '—'}</span>
            </div>
          </div>
          <WorkStatusTag status={work.status} remark={work.remark} rejectReason={work.reject_reason} showReason />
          <dl className="work-card__facts">
            <div>
              <dt>{t('works.list.kind')}</dt>
              <dd>
                {t(`works.kind.${work.kind}`)}
                {work.kind === 'album' && ` · ${t('works.list.trackCount', { count: work.track_count })}`}
              </dd>
            </div>
            <div>
              <dt>{t('works.fieldNames.release_date')}</dt>
              <dd>{work.release_date ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('works.list.updated')}</dt>
              <dd>{formatDate(work.updated_at, true)}</dd>
            </div>
          </dl>
          <WorkCodes upc={work.upc} isrcs={work.isrcs} className="work-codes--compact" />
          <WorkActions work={work} onHistory={() => onHistory(work)} onStores={() => onStores(work)} />
        </li>
      ))}
    </ul>
  );
}

function isGroup(value: string | null): value is StatusGroup {
  return (STATUS_GROUPS as readonly string[]).includes(value ?? '');
}

function isoDate(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

export default function WorkListPage() {
  const { t } = useTranslation();
  const { pick } = useWorkLabels();
  const [params, setParams] = useSearchParams();
  const rawGroup = params.get('group');
  const group = isGroup(rawGroup) ? rawGroup : undefined;
  const keyword = params.get('keyword')?.trim() || undefined;
  const from = isoDate(params.get('from'));
  const to = isoDate(params.get('to'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // A status message links to the list with ?id=: that work is marked and brought into view.
  const focusId = Number(params.get('id')) || null;
  const [history, setHistory] = useState<{ id: number; title: string } | null>(null);
  const [stores, setStores] = useState<{ id: number; title: string } | null>(null);
  const [search, setSearch] = useState(keyword ?? '');
  const narrow = useNarrowScreen();
  const selection = useDraftSelection();

  const list = useWorkList({ page, limit: WORK_PAGE_SIZE, group, keyword, from, to });
  const data = list.data;
  const focusShown = Boolean(focusId && data?.list.some((w) => w.id === focusId));
  useEffect(() => {
    if (focusShown) document.querySelector(`[data-testid="work-row-${focusId}"]`)?.scrollIntoView({ block: 'center' });
  }, [focusShown, focusId]);

  const show = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || value === 'all') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    next.delete('id');
    if (next.get('page') === '1') next.delete('page');
    setParams(next);
  };

  const columns = [
    {
      key: 'work',
      title: t('works.list.work'),
      render: (_: unknown, work: WorkListItem) => (
        <div className="work-row">
          <WorkCover url={work.cover_url} />
          <div className="work-row__text">
            <span className="work-row__title" data-testid="work-title">
              {work.title.trim() || t('works.untitled')}
            </span>
            <span className="work-row__artists">{work.primary_artists.join(' / ') || '—'}</span>
            <WorkCodes upc={work.upc} isrcs={work.isrcs} className="work-codes--compact" />
          </div>
        </div>
      ),
    },
    {
      key: 'kind',
      title: t('works.list.kind'),
      width: 140,
      render: (_: unknown, work: WorkListItem) => (
        <span>
          {t(`works.kind.${work.kind}`)}
          {work.kind === 'album' && (
            <span className="work-row__count"> · {t('works.list.trackCount', { count: work.track_count })}</span>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('works.list.status'),
      width: 220,
      render: (_: unknown, work: WorkListItem) => (
        <WorkStatusTag status={work.status} remark={work.remark} rejectReason={work.reject_reason} showReason />
      ),
    },
    {
      key: 'release',
      title: t('works.fieldNames.release_date'),
      width: 120,
      render: (_: unknown, work: WorkListItem) => work.release_date ?? '—',
    },
    {
      key: 'updated',
      title: t('works.list.updated'),
      width: 150,
      render: (_: unknown, work: WorkListItem) => formatDate(work.updated_at, true),
    },
    {
      key: 'actions',
      title: t('works.list.actions'),
      width: 260,
      render: (_: unknown, work: WorkListItem) => (
        <WorkActions
          work={work}
          onHistory={() => setHistory({ id: work.id, title: work.title })}
          onStores={() => setStores({ id: work.id, title: work.title })}
        />
      ),
    },
  ];

  let empty: ReactNode = t('works.list.empty');
  if (group || keyword || from || to) empty = t('works.list.emptyFiltered');

  return (
    <div className="shell-width works-page">
      <header className="works-page__header">
        <div>
          <h1 className="works-page__title">{t('works.list.title')}</h1>
          <p className="works-page__intro">{t('works.list.intro')}</p>
        </div>
        <Link to={workStepRoute(1)} className="link-button link-button--primary">
          <PlusOutlined aria-hidden="true" /> {t('works.entry.publish')}
        </Link>
      </header>

      <search className="works-filters">
        <Input.Search
          value={search}
          allowClear
          placeholder={t('works.list.searchPlaceholder')}
          aria-label={t('works.list.search')}
          enterButton={t('works.list.search')}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => show({ keyword: value.trim() })}
          className="works-filters__search"
        />
        <DatePicker.RangePicker
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          aria-label={t('works.list.dateRange')}
          placeholder={[t('works.list.from'), t('works.list.to')]}
          onChange={(range) => show({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        />
      </search>

      <Tabs
        activeKey={group ?? 'all'}
        onChange={(key) => show({ group: key })}
        items={[
          { key: 'all', label: t('works.list.all') },
          ...STATUS_GROUPS.map((g) => ({ key: g, label: pick(STATUS_GROUP_LABELS[g]) })),
        ]}
      />

      {list.isError && !data ? (
        <div className="works-card works-state" role="alert">
          <p>{t('works.loadFailed')}</p>
          <button type="button" className="link-button link-button--primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : narrow ? (
        <WorkCards
          chosen={selection.chosen}
          onChoose={selection.toggle}
          works={data?.list ?? []}
          loading={list.isPending || list.isPlaceholderData}
          empty={empty}
          focusId={focusId}
          onHistory={(work) => setHistory({ id: work.id, title: work.title })}
          onStores={(work) => setStores({ id: work.id, title: work.title })}
        />
      ) : (
        <Table<WorkListItem>
          rowKey="id"
          className="works-table"
          loading={list.isPending || list.isPlaceholderData}
          columns={columns}
          dataSource={data?.list ?? []}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: empty }}
          rowClassName={(work) => (work.id === focusId ? 'works-table__row--focus' : '')}
          rowSelection={{
            selectedRowKeys: [...selection.chosen.keys()],
            onChange: (keys) => selection.setShown(data?.list ?? [], keys as number[]),
            getCheckboxProps: (work) => ({
              disabled: !isDeletableDraft(work),
              'aria-label': t('works.bulk.choose', { title: work.title.trim() || t('works.untitled') }),
            }),
            columnTitle: (checkbox: ReactNode) => <span title={t('works.bulk.chooseAll')}>{checkbox}</span>,
          }}
          onRow={(work) => ({ 'data-testid': `work-row-${work.id}` }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <DraftSelectionBar chosen={selection.chosen} onDone={selection.clear} />
      {data && data.total > WORK_PAGE_SIZE && (
        <nav className="list-pager" aria-label={t('content.pagination')}>
          <Pagination
            current={page}
            pageSize={WORK_PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            onChange={(next) => show({ page: next })}
          />
        </nav>
      )}
      <WorkHistoryDrawer work={history} onClose={() => setHistory(null)} />
      <WorkStoresDrawer work={stores} onClose={() => setStores(null)} />
    </div>
  );
}
