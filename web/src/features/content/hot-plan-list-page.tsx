/** /hot-plan/index: the promotion plans with their dates (?page=N in the URL). */
import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hotPlanDetailRoute } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { useHotPlans } from './hot-plan-api';
import { HotPlanPeriod } from './hot-plan-period';
import { ListPager } from './list-pager';
import { PageHero } from './page-hero';
import { useListParams } from './use-list-params';
import './hot-plan.css';

const PLAN_PAGE_SIZE = 9;

export default function HotPlanListPage() {
  const { t } = useTranslation();
  useMetaDescription(t('meta.hotPlan'));
  const { page, goToPage } = useListParams();
  const plans = useHotPlans({ page, limit: PLAN_PAGE_SIZE });
  const data = plans.data;

  let body: ReactNode;
  if (plans.isPending) body = <ListSkeleton rows={3} />;
  else if (plans.isError && !data) body = <ErrorState onRetry={() => void plans.refetch()} />;
  else if (!data || data.list.length === 0) body = <EmptyState />;
  else
    body = (
      <>
        <ul className={plans.isPlaceholderData ? 'hot-plan-grid list-fetching' : 'hot-plan-grid'}>
          {data.list.map((plan) => (
            <li key={plan.id} className="hot-plan-card">
              {plan.cover && <img className="hot-plan-card__cover" src={plan.cover} alt="" loading="lazy" />}
              <div className="hot-plan-card__body">
                <h2 className="hot-plan-card__title">
                  <Link to={hotPlanDetailRoute(plan.id)}>{plan.title}</Link>
                </h2>
                <p className="content-meta">
                  <HotPlanPeriod plan={plan} />
                </p>
                {plan.summary && <p className="hot-plan-card__summary">{plan.summary}</p>}
                <span className="hot-plan-card__more" aria-hidden="true">
                  {t('hotPlan.details')} <RightOutlined />
                </span>
              </div>
            </li>
          ))}
        </ul>
        <ListPager page={page} limit={PLAN_PAGE_SIZE} total={data.total} onChange={goToPage} />
      </>
    );

  return (
    <>
      <PageHero title={t('hotPlan.title')} subtitle={t('hotPlan.subtitle')} />
      <div className="shell-width content-page">{body}</div>
    </>
  );
}
