/**
 * /person-center/income-bill: the balance summary (POST /api/bill/grandtotal), the bills per accounting month with
 * a chart of income per month, and the chosen bill's detail (?month=YYYY-MM, the link a new-bill message carries).
 */
import { Button, Pagination, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../content/content-states';
import { BarChart } from './bill-chart';
import { BillDetailView } from './bill-detail';
import { BillSummary } from './bill-summary';
import { type BillMonth, type DetailFilter, useBillList, useGrandTotal } from './royalties-api';
import './income-bill.css';

export default function IncomeBillPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const total = useGrandTotal();
  const list = useBillList(page);
  const monthParam = params.get('month');
  const [filter, setFilter] = useState<DetailFilter | null>(null);
  const month = /^\d{4}-\d{2}$/.test(monthParam ?? '') ? monthParam! : (list.data?.list[0]?.month ?? null);
  const active: DetailFilter | null = month ? (filter?.month === month ? filter : { month, by: 'store' }) : null;

  const open = (m: string) => {
    setFilter({ month: m, by: 'store' });
    setParams({ month: m }, { replace: true });
  };

  const data = list.data;
  return (
    <div className="shell-width income-bill-page">
      <h1 className="income-bill-page__title">{t('royalties.title')}</h1>
      {total.isError ? <ErrorState onRetry={() => void total.refetch()} /> : <BillSummary total={total.data} />}

      <section aria-labelledby="bill-months-title" className="bill-months">
        <h2 id="bill-months-title" className="bill-section-title">
          {t('royalties.months')}
        </h2>
        {list.isPending ? (
          <ListSkeleton rows={3} />
        ) : list.isError && !data ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : !data || data.list.length === 0 ? (
          <EmptyState text={t('royalties.empty')} />
        ) : (
          <>
            <Table<BillMonth>
              rowKey="month"
              size="middle"
              pagination={false}
              scroll={{ x: 560 }}
              dataSource={data.list}
              rowClassName={(r) => (r.month === month ? 'bill-months__row--active' : '')}
              columns={[
                { title: t('royalties.accountingMonth'), dataIndex: 'month' },
                { title: t('royalties.stores'), dataIndex: 'stores', align: 'right' },
                { title: t('royalties.quantity'), dataIndex: 'quantity', align: 'right' },
                { title: t('royalties.gross'), key: 'net', align: 'right', render: (_, r) => formatFen(r.net_fen) },
                { title: t('royalties.share'), key: 'share', align: 'right', render: (_, r) => formatFen(r.share_fen) },
                {
                  title: t('royalties.actions'),
                  key: 'open',
                  render: (_, r) => (
                    <Button type="link" onClick={() => open(r.month)} aria-pressed={r.month === month}>
                      {t('royalties.view')}
                    </Button>
                  ),
                },
              ]}
            />
            {data.total > data.page_size && (
              <nav className="list-pager" aria-label={t('content.pagination')}>
                <Pagination
                  current={page}
                  pageSize={data.page_size}
                  total={data.total}
                  showSizeChanger={false}
                  onChange={setPage}
                />
              </nav>
            )}
            {data.list.length > 1 && (
              <BarChart
                title={t('royalties.chartMonths')}
                bars={[...data.list].reverse().map((m) => ({ label: m.month, fen: m.share_fen }))}
              />
            )}
          </>
        )}
      </section>

      {active && data && data.list.length > 0 && <BillDetailView filter={active} onChange={setFilter} />}
    </div>
  );
}
