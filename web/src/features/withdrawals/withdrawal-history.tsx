/** The musician's withdrawals, each a card with its figures and timeline, and its receipt (page and PDF). */
import { Button, Descriptions, Modal, Pagination, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFen } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../content/content-states';
import { receiptHref, useWithdrawals, type WithdrawalView } from './withdrawals-api';

const COLORS: Record<string, string> = { paid: 'green', refused: 'red', failed: 'red', sent: 'blue', approved: 'cyan' };

function Receipt({ w, onClose }: { w: WithdrawalView; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('withdrawals.receiptTitle', { id: w.id })} onCancel={onClose} footer={null}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('withdrawals.payee')}>{w.payee_name}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.bank')}>
          {w.bank_name} {w.card_no}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.gross')}>¥{formatFen(w.gross_fen)}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.tax')}>¥{formatFen(w.tax_fen)}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.fee')}>¥{formatFen(w.fee_fen)}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.net')}>¥{formatFen(w.net_fen)}</Descriptions.Item>
        {w.timeline.map((e) => (
          <Descriptions.Item key={e.status} label={t(`withdrawals.status.${e.status}`, { defaultValue: e.status })}>
            {formatDate(e.at, true)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <p>
        <a href={receiptHref(w.id)} target="_blank" rel="noreferrer">
          {t('withdrawals.downloadPdf')}
        </a>
      </p>
    </Modal>
  );
}

export function WithdrawalHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page);
  const [open, setOpen] = useState<WithdrawalView | null>(null);
  const data = list.data;
  return (
    <section aria-labelledby="withdraw-history-title" className="withdraw-history">
      <h2 id="withdraw-history-title" className="withdraw-section-title">
        {t('withdrawals.history')}
      </h2>
      {list.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.isError && !data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : !data || data.list.length === 0 ? (
        <EmptyState text={t('withdrawals.empty')} />
      ) : (
        <>
          <ul className="withdraw-history__list">
            {data.list.map((w) => (
              <li key={w.id} className="withdraw-history__item" data-testid={`withdrawal-${w.id}`}>
                <div className="withdraw-history__head">
                  <strong>¥{formatFen(w.gross_fen)}</strong>
                  <Tag color={COLORS[w.status]}>{t(`withdrawals.status.${w.status}`)}</Tag>
                  <span className="withdraw-note">
                    {t('withdrawals.createdAt')} {formatDate(w.created_at, true)}
                  </span>
                </div>
                <div className="withdraw-note">
                  {t('withdrawals.tax')} ¥{formatFen(w.tax_fen)} · {t('withdrawals.fee')} ¥{formatFen(w.fee_fen)} ·{' '}
                  {t('withdrawals.net')} ¥{formatFen(w.net_fen)} · {w.bank_name} {w.card_no}
                </div>
                {w.reason && (
                  <p className="withdraw-history__reason" role="note">
                    {t('withdrawals.reason')}: {w.reason}
                  </p>
                )}
                <Timeline
                  className="withdraw-history__timeline"
                  items={w.timeline.map((e) => ({
                    color:
                      e.status === 'refused' || e.status === 'failed' ? 'red' : e.status === 'paid' ? 'green' : 'blue',
                    children: `${t(`withdrawals.status.${e.status}`, { defaultValue: e.status })} · ${formatDate(e.at, true)}${e.note ? ` · ${e.note}` : ''}`,
                  }))}
                />
                <Button size="small" onClick={() => setOpen(w)}>
                  {t('withdrawals.receipt')}
                </Button>
              </li>
            ))}
          </ul>
          {data.total > data.size && (
            <nav className="list-pager" aria-label={t('content.pagination')}>
              <Pagination
                current={page}
                pageSize={data.size}
                total={data.total}
                showSizeChanger={false}
                onChange={setPage}
              />
            </nav>
          )}
        </>
      )}
      {open && <Receipt w={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
