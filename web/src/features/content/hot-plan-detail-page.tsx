/** /hot-plan/detail?id=N: a plan's content and terms, with a call to register (or, logged in, to publish). */
import { LeftOutlined } from '@ant-design/icons';
import type { HotPlanDetail } from '@trackline/contract/content-types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HOT_PLAN_ROUTE, LOGGED_IN_HOME, REGISTER_ROUTE } from '../../lib/routes';
import { useLoggedIn } from '../../lib/session';
import { useMetaDescription } from '../../lib/use-meta-description';
import { isNotFound, positiveInt } from './content-query';
import { ErrorState, ListSkeleton, NotFoundState } from './content-states';
import { useHotPlanDetail } from './hot-plan-api';
import { HotPlanPeriod } from './hot-plan-period';
import { RichText } from './rich-text';
import './hot-plan.css';

function PlanArticle({ plan }: { plan: HotPlanDetail }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <article className="hot-plan-article">
      <header className="content-card hot-plan-article__header">
        <h1 className="hot-plan-article__title">{plan.title}</h1>
        <p className="content-meta">
          <HotPlanPeriod plan={plan} />
        </p>
        {plan.summary && <p className="hot-plan-article__summary">{plan.summary}</p>}
      </header>
      <section className="content-card" aria-labelledby="plan-content">
        <h2 id="plan-content" className="content-card__title">
          {t('hotPlan.contentTitle')}
        </h2>
        <RichText html={plan.content} />
      </section>
      {plan.terms && (
        <section className="content-card" aria-labelledby="plan-terms">
          <h2 id="plan-terms" className="content-card__title">
            {t('hotPlan.termsTitle')}
          </h2>
          <RichText html={plan.terms} className="hot-plan-article__terms" />
        </section>
      )}
      <aside className="hot-plan-cta" aria-labelledby="plan-cta">
        <div>
          <h2 id="plan-cta">{t('hotPlan.ctaTitle')}</h2>
          <p>{t('hotPlan.ctaText')}</p>
        </div>
        <Link
          to={loggedIn ? LOGGED_IN_HOME : REGISTER_ROUTE}
          className="link-button link-button--large hot-plan-cta__button"
        >
          {loggedIn ? t('hotPlan.ctaPublish') : t('hotPlan.ctaRegister')}
        </Link>
      </aside>
    </article>
  );
}

export default function HotPlanDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const plan = useHotPlanDetail(id);
  useMetaDescription(plan.data ? plan.data.summary || plan.data.title : t('meta.hotPlan'));

  let body: ReactNode;
  if (id === null || isNotFound(plan.error)) {
    body = <NotFoundState backTo={HOT_PLAN_ROUTE} backLabel={t('hotPlan.backToList')} />;
  } else if (plan.isPending) body = <ListSkeleton rows={2} />;
  else if (plan.isError) body = <ErrorState onRetry={() => void plan.refetch()} />;
  else body = <PlanArticle plan={plan.data} />;

  return (
    <div className="shell-width content-page page-article">
      <Link to={HOT_PLAN_ROUTE} className="content-back">
        <LeftOutlined aria-hidden="true" />
        {t('hotPlan.backToList')}
      </Link>
      {body}
    </div>
  );
}
