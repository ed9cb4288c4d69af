/**
 * The home page's latest news: the first three items, each linking to its detail, and a link to the list.
 * Far below the fold on a phone: fetched when it nears the viewport, a skeleton holding its place until then.
 */
import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEWS_LIST_ROUTE } from '../../lib/routes';
import { useNearViewport } from '../../lib/use-near-viewport';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { useNewsList } from './news-api';
import { NewsCard } from './news-card';
import './home-teasers.css';

export function HomeNews() {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLElement>();
  const news = useNewsList({ page: 1, limit: 3 }, { enabled: near });

  let body: ReactNode;
  if (news.isPending) body = <ListSkeleton rows={3} />;
  else if (news.isError) body = <ErrorState onRetry={() => void news.refetch()} />;
  else if (news.data.list.length === 0) body = <EmptyState />;
  else
    body = (
      <ul className="news-list">
        {news.data.list.map((item) => (
          <li key={item.id}>
            <NewsCard news={item} headingLevel={3} />
          </li>
        ))}
      </ul>
    );

  return (
    <section ref={ref} className="home-teaser" aria-labelledby="home-news">
      <div className="home-teaser__head">
        <h2 id="home-news" className="home-teaser__title">
          {t('home.newsTitle')}
        </h2>
        <Link to={NEWS_LIST_ROUTE} className="home-teaser__more">
          {t('home.newsMore')} <RightOutlined aria-hidden="true" />
        </Link>
      </div>
      {body}
    </section>
  );
}
