/** The balance summary on top of the income bill: available, held, withdrawing, withdrawn to date, all-time income. */
import { useTranslation } from 'react-i18next';
import { formatFen } from '../../lib/format';
import type { GrandTotal } from './royalties-api';

const FIGURES = ['available_fen', 'held_fen', 'withdrawing_fen', 'withdrawn_fen', 'income_fen'] as const;

export function BillSummary({ total }: { total: GrandTotal | undefined }) {
  const { t } = useTranslation();
  const deficit = total?.available_fen ? BigInt(total.available_fen) < 0n : false;
  return (
    <section aria-labelledby="bill-summary-title" className="bill-summary">
      <h2 id="bill-summary-title" className="visually-hidden">
        {t('royalties.summary')}
      </h2>
      <dl className="bill-summary__figures">
        {FIGURES.map((key) => (
          <div key={key} className={`bill-summary__figure bill-summary__figure--${key}`}>
            <dt>{t(`royalties.figures.${key}`)}</dt>
            <dd>
              <span className="bill-summary__amount" data-testid={`bill-${key}`}>
                {formatFen(total?.[key])}
              </span>{' '}
              <span className="bill-summary__unit">{t('common.yuan')}</span>
            </dd>
          </div>
        ))}
      </dl>
      {deficit && <p className="bill-summary__deficit">{t('royalties.deficit')}</p>}
    </section>
  );
}
