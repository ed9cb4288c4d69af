import type { HotPlanSummary } from '@trackline/contract/content-types';
import { formatDate } from '@trackline/contract/format';
import { useTranslation } from 'react-i18next';

/** When a plan runs: both dates, one of them, or "ongoing". */
export function HotPlanPeriod({ plan }: { plan: Pick<HotPlanSummary, 'starts_at' | 'ends_at'> }) {
  const { t } = useTranslation();
  const start = plan.starts_at ? formatDate(plan.starts_at) : null;
  const end = plan.ends_at ? formatDate(plan.ends_at) : null;
  let text: string = t('hotPlan.ongoing');
  if (start && end) text = t('hotPlan.period', { start, end });
  else if (start) text = t('hotPlan.from', { start });
  else if (end) text = t('hotPlan.until', { end });
  return <span className="hot-plan-period">{text}</span>;
}
