/**
 * The home page's hot plan teaser: the first plan, or nothing when there is none. Like the news beside it,
 * fetched when it nears the viewport.
 */
import { FireFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hotPlanDetailRoute } from '../../lib/routes';
import { useNearViewport } from '../../lib/use-near-viewport';
import { ListSkeleton } from './content-states';
import { useHotPlans } from './hot-plan-api';
import { HotPlanPeriod } from './hot-plan-period';
import './home-teasers.css';

export function HomeHotPlan() {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const plans = useHotPlans({ page: 1, limit: 1 }, { enabled: near });
  const plan = plans.data?.list[0];
  if (plans.isPending) {
    return (
      <div ref={ref} className="home-teaser">
        <ListSkeleton rows={1} />
      </div>
    );
  }
  if (!plan) return null;
  return (
    <section className="home-teaser home-plan" aria-labelledby="home-plan">
      <p className="home-plan__eyebrow">
        <FireFilled aria-hidden="true" /> {t('home.hotPlanTitle')}
      </p>
      <h2 id="home-plan" className="home-plan__title">
        {plan.title}
      </h2>
      <p className="home-plan__period">
        <HotPlanPeriod plan={plan} />
      </p>
      {plan.summary && <p className="home-plan__summary">{plan.summary}</p>}
      <Link to={hotPlanDetailRoute(plan.id)} className="link-button link-button--primary">
        {t('home.hotPlanMore')}
      </Link>
    </section>
  );
}
