/**
 * /help-center/sub-list?category=ID: one help category's documents. The category is addressed by its id in
 * webAnchorConfig (one parameter, stable, and what the help centre home links to).
 */
import { FileTextOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HELP_CENTER_ROUTE, helpArticleRoute, helpSubListRoute } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { CategoryTabs } from './category-tabs';
import { positiveInt } from './content-query';
import { EmptyState, ErrorState, ListSkeleton, NotFoundState } from './content-states';
import { useAnchorConfig } from './help-api';
import { PageHero } from './page-hero';
import './help.css';

export default function HelpSubListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveInt(params.get('category'));
  const anchors = useAnchorConfig();
  const category = anchors.data?.find((item) => item.id === id);
  useMetaDescription(category ? `${category.title} - ${t('help.title')}` : t('meta.helpSubList'));

  if (anchors.isSuccess && !category) {
    return (
      <div className="shell-width content-page">
        <NotFoundState backTo={HELP_CENTER_ROUTE} backLabel={t('help.backToHelp')} />
      </div>
    );
  }

  let body: ReactNode;
  if (anchors.isPending) body = <ListSkeleton rows={4} />;
  else if (anchors.isError) body = <ErrorState onRetry={() => void anchors.refetch()} />;
  else if (!category || category.anchors.length === 0) body = <EmptyState />;
  else
    body = (
      <ul className="help-doc-list">
        {category.anchors.map((anchor) => (
          <li key={anchor.id}>
            <Link to={helpArticleRoute(anchor)} className="help-doc-list__link">
              <FileTextOutlined aria-hidden="true" />
              {anchor.title}
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHero eyebrow={t('help.title')} title={category?.title ?? t('routes.helpSubList')} />
      <div className="shell-width content-page">
        {anchors.data && (
          <CategoryTabs
            label={t('content.categories')}
            allLabel={t('help.title')}
            categories={anchors.data.map((item) => ({ id: item.id, name: item.title }))}
            current={id}
            hrefFor={(categoryId) => (categoryId === null ? HELP_CENTER_ROUTE : helpSubListRoute(categoryId))}
          />
        )}
        {body}
      </div>
    </>
  );
}
