/**
 * /gongdan/list: the user's work orders, latest activity first, filtered by status (kept in the URL with the page,
 * so going back from an order returns to the same view). Empty, loading and error states; a call to open one.
 */
import { PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@trackline/contract/format';
import { WORKORDER_STATUSES, type WorkorderStatus } from '@trackline/contract/workorder-types';
import { Pagination, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WORKORDER_ADD_ROUTE, workorderDetailRoute } from '../../lib/routes';
import { EmptyState, ErrorState, ListSkeleton } from '../content/content-states';
import { useWorkorderList, WORKORDER_PAGE_SIZE } from './workorder-api';
import { WorkorderStatusTag } from './workorder-status-tag';
import { workorderTypeLabel } from './workorder-type-label';
import './workorder.css';

function isStatus(value: string | null): value is WorkorderStatus {
  return (WORKORDER_STATUSES as readonly string[]).includes(value ?? '');
}

export default function WorkorderListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orders = useWorkorderList({ page, status });
  const data = orders.data;

  const show = (next: { status?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = 'status' in next ? next.status : status;
    if (nextStatus && nextStatus !== 'all') search.set('status', nextStatus);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const createLink = (
    <Link to={WORKORDER_ADD_ROUTE} className="link-button link-button--primary workorder-create">
      <PlusOutlined aria-hidden="true" /> {t('workorders.create')}
    </Link>
  );

  let body: ReactNode;
  if (orders.isPending) body = <ListSkeleton rows={3} />;
  else if (orders.isError && !data) body = <ErrorState onRetry={() => void orders.refetch()} />;
  else if (!data || data.list.length === 0)
    body = (
      <div className="workorder-empty">
        <EmptyState text={status ? t('workorders.emptyFiltered') : t('workorders.empty')} />
        {!status && (
          <Link to={WORKORDER_ADD_ROUTE} className="link-button link-button--primary">
            {t('workorders.emptyCta')}
          </Link>
        )}
      </div>
    );
  else
    body = (
      <>
        <ul
          className={orders.isPlaceholderData ? 'workorder-list list-fetching' : 'workorder-list'}
          aria-busy={orders.isFetching}
        >
          {data.list.map((order) => (
            <li key={order.id} className="workorder-row">
              <Link to={workorderDetailRoute(order.id)} className="workorder-row__link">
                <span className="workorder-row__main">
                  <span className="workorder-row__title">
                    {order.unread === 1 && <span className="workorder-row__dot" aria-hidden="true" />}
                    {order.title}
                  </span>
                  <span className="workorder-row__meta">
                    <span>{t('workorders.number', { num: String(order.id) })}</span>
                    <span>{workorderTypeLabel(t, order.type)}</span>
                    <span>
                      {/* reply_count includes the order's own opening text: the replies are the rest. */}
                      {order.reply_count > 1
                        ? t('workorders.replies', { count: order.reply_count - 1 })
                        : t('workorders.noReplies')}
                    </span>
                    <span>{t('workorders.lastReply', { time: formatDate(order.last_reply_at, true) })}</span>
                  </span>
                </span>
                <span className="workorder-row__side">
                  {order.unread === 1 && <span className="workorder-row__unread">{t('workorders.unread')}</span>}
                  <WorkorderStatusTag status={order.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {data.total > WORKORDER_PAGE_SIZE && (
          <nav className="list-pager" aria-label={t('content.pagination')}>
            <Pagination
              current={page}
              pageSize={WORKORDER_PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={(next) => show({ page: next })}
            />
          </nav>
        )}
      </>
    );

  return (
    <div className="shell-width workorder-page">
      <div className="workorder-page__header">
        <div>
          <h1 className="workorder-page__title">{t('workorders.title')}</h1>
          <p className="workorder-page__intro">{t('workorders.intro')}</p>
        </div>
        {createLink}
      </div>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(key) => show({ status: key, page: 1 })}
        items={[
          { key: 'all', label: t('workorders.tabAll') },
          ...WORKORDER_STATUSES.map((s) => ({ key: s, label: t(`workorders.status.${s}`) })),
        ]}
      />
      {body}
    </div>
  );
}
