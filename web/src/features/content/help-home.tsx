import { RightOutlined } from '@ant-design/icons';
import type { HelpCategory } from '@trackline/contract/content-types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HELP_CENTER_ROUTE, HELP_QA_ROUTE, helpArticleRoute, helpSubListRoute } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { useAnchorConfig } from './help-api';
import { PageHero } from './page-hero';
import { SearchBox } from './search-box';
import './help.css';

const ANCHORS_SHOWN = 6;

function CategoryCard({ category }: { category: HelpCategory }) {
  const { t } = useTranslation();
  const headingId = `help-category-${category.id}`;
  return (
    <section className="content-card help-category" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-card__title">
        {category.title}
      </h2>
      <ul className="help-links">
        {category.anchors.slice(0, ANCHORS_SHOWN).map((anchor) => (
          <li key={anchor.id}>
            <Link to={helpArticleRoute(anchor)}>{anchor.title}</Link>
          </li>
        ))}
      </ul>
      <Link to={helpSubListRoute(category.id)} className="help-category__more">
        {t('help.viewAll')} · {t('help.articleCount', { count: category.anchors.length })}
        <RightOutlined aria-hidden="true" />
      </Link>
    </section>
  );
}

export function HelpHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useMetaDescription(t('meta.helpCenter'));
  const anchors = useAnchorConfig();

  let body: ReactNode;
  if (anchors.isPending) body = <ListSkeleton rows={3} />;
  else if (anchors.isError) body = <ErrorState onRetry={() => void anchors.refetch()} />;
  else if (anchors.data.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="help-grid">
        {anchors.data.map((category) => (
          <CategoryCard key={category.id} category={category} />
        ))}
      </div>
    );

  return (
    <>
      <PageHero title={t('help.title')} subtitle={t('help.subtitle')}>
        <SearchBox
          label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          buttonText={t('help.searchButton')}
          onSearch={(keyword) => keyword && navigate(`${HELP_CENTER_ROUTE}?keyword=${encodeURIComponent(keyword)}`)}
        />
      </PageHero>
      <div className="shell-width content-page">
        {body}
        <section className="help-ask" aria-labelledby="help-ask">
          <h2 id="help-ask">{t('help.askTitle')}</h2>
          <p>{t('help.askText')}</p>
          <Link to={HELP_QA_ROUTE} className="link-button link-button--primary">
            {t('help.askLink')}
          </Link>
        </section>
      </div>
    </>
  );
}
