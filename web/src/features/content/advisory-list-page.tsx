/** /advisory/index: the news list, paged and filtered by category through the URL (?page=N&category=ID). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetaDescription } from '../../lib/use-meta-description';
import { CategoryTabs } from './category-tabs';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { ListPager } from './list-pager';
import { useNewsList } from './news-api';
import { NewsCard } from './news-card';
import { PageHero } from './page-hero';
import { useListParams } from './use-list-params';

const NEWS_PAGE_SIZE = 10;

export default function AdvisoryListPage() {
  const { t } = useTranslation();
  useMetaDescription(t('meta.advisory'));
  const { page, category, hrefWith, goToPage } = useListParams();
  const news = useNewsList({ page, limit: NEWS_PAGE_SIZE, ...(category ? { category } : {}) });
  const data = news.data;

  let body: ReactNode;
  if (news.isPending) body = <ListSkeleton rows={5} />;
  else if (news.isError && !data) body = <ErrorState onRetry={() => void news.refetch()} />;
  else if (!data || data.list.length === 0) body = <EmptyState />;
  else
    body = (
      <>
        <ul className={news.isPlaceholderData ? 'news-list list-fetching' : 'news-list'} aria-busy={news.isFetching}>
          {data.list.map((item) => (
            <li key={item.id}>
              <NewsCard news={item} />
            </li>
          ))}
        </ul>
        <ListPager page={page} limit={NEWS_PAGE_SIZE} total={data.total} onChange={goToPage} />
      </>
    );

  return (
    <>
      <PageHero title={t('advisory.title')} subtitle={t('advisory.subtitle')} />
      <div className="shell-width content-page">
        {data && data.categories.length > 0 && (
          <CategoryTabs
            label={t('content.categories')}
            allLabel={t('content.all')}
            categories={data.categories}
            current={category}
            hrefFor={(id) => hrefWith({ category: id })}
          />
        )}
        {body}
      </div>
    </>
  );
}
