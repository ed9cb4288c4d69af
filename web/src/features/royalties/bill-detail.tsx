/** One bill's detail: grouped by store, territory, release/track or sale month, filtered by store and territory. */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../content/content-states';
import { BarChart } from './bill-chart';
import { type BillGrouping, type BillRow, type DetailFilter, exportHref, useBillDetail } from './royalties-api';

const GROUPINGS: BillGrouping[] = ['store', 'territory', 'track', 'sale_month'];

function rowLabel(row: BillRow, by: BillGrouping): string {
  if (by === 'store') return row.store_name ?? row.platform_code ?? '--';
  if (by === 'territory') return row.territory || '--';
  if (by === 'track') return [row.work_title, row.track_title].filter(Boolean).join(' / ') || '--';
  return row.sale_month ?? '--';
}

export function BillDetailView({ filter, onChange }: { filter: DetailFilter; onChange: (f: DetailFilter) => void }) {
  const { t } = useTranslation();
  const detail = useBillDetail(filter);
  const data = detail.data;

  const rate = (r: BillRow) => (r.rate_min === r.rate_max ? `${r.rate_min}%` : `${r.rate_min}–${r.rate_max}%`);
  return (
    <section className="bill-detail" aria-labelledby="bill-detail-title">
      <h2 id="bill-detail-title" className="bill-section-title">
        {t('royalties.detailTitle', { month: filter.month })}
      </h2>
      <div className="bill-detail__controls">
        <Segmented<BillGrouping>
          aria-label={t('royalties.groupBy')}
          value={filter.by}
          options={GROUPINGS.map((g) => ({ value: g, label: t(`royalties.by.${g}`) }))}
          onChange={(by) => onChange({ ...filter, by })}
        />
        <Select
          allowClear
          aria-label={t('royalties.filterStore')}
          placeholder={t('royalties.allStores')}
          className="bill-detail__select"
          data-testid="bill-store-filter"
          value={filter.platform_code}
          options={data?.stores.map((s) => ({ value: s.code, label: s.name }))}
          onChange={(platform_code?: string) => onChange({ ...filter, platform_code })}
        />
        <Select
          allowClear
          aria-label={t('royalties.filterTerritory')}
          placeholder={t('royalties.allTerritories')}
          className="bill-detail__select"
          value={filter.territory}
          options={data?.territories.map((c) => ({ value: c, label: c || '--' }))}
          onChange={(territory?: string) => onChange({ ...filter, territory })}
        />
        <Button icon={<DownloadOutlined />} href={exportHref(filter)} download data-testid="bill-export">
          {t('royalties.export')}
        </Button>
      </div>
      {detail.isPending ? (
        <ListSkeleton rows={3} />
      ) : detail.isError && !data ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : !data || data.rows.length === 0 ? (
        <EmptyState text={t('royalties.detailEmpty')} />
      ) : (
        <>
          <Table<BillRow>
            rowKey="key"
            size="middle"
            pagination={false}
            scroll={{ x: 640 }}
            dataSource={data.rows}
            loading={detail.isFetching}
            columns={[
              { title: t(`royalties.by.${filter.by}`), key: 'label', render: (_, r) => rowLabel(r, filter.by) },
              { title: t('royalties.quantity'), dataIndex: 'quantity', align: 'right' },
              { title: t('royalties.gross'), key: 'net', align: 'right', render: (_, r) => formatFen(r.net_fen) },
              { title: t('royalties.rate'), key: 'rate', align: 'right', render: (_, r) => rate(r) },
              { title: t('royalties.share'), key: 'share', align: 'right', render: (_, r) => formatFen(r.share_fen) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('royalties.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {data.totals.quantity}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatFen(data.totals.net_fen)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} />
                <Table.Summary.Cell index={4} align="right">
                  <span data-testid="bill-detail-total">{formatFen(data.totals.share_fen)}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          {filter.by === 'store' && data.rows.length > 1 && (
            <BarChart
              title={t('royalties.chartStores')}
              bars={data.rows.map((r) => ({ label: rowLabel(r, 'store'), fen: r.share_fen }))}
            />
          )}
        </>
      )}
    </section>
  );
}
