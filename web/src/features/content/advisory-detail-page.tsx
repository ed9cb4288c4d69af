/** /advisory/detail?id=N: one news article at a stable URL, with previous/next links and a not-found state. */
import { LeftOutlined } from '@ant-design/icons';
import type { NewsDetail } from '@trackline/contract/content-types';
import { formatDate } from '@trackline/contract/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NEWS_LIST_ROUTE, newsDetailRoute } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { isNotFound, positiveInt } from './content-query';
import { ErrorState, ListSkeleton, NotFoundState } from './content-states';
import { useNewsDetail } from './news-api';
import { RichText } from './rich-text';
import './news.css';

function Adjacent({ label, item }: { label: string; item: NewsDetail['prev'] }) {
  const { t } = useTranslation();
  return (
    <li>
      <span className="news-adjacent__label">{label}</span>
      {item ? (
        <Link to={newsDetailRoute(item.id)}>{item.title}</Link>
      ) : (
        <span className="news-adjacent__none">{t('advisory.none')}</span>
      )}
    </li>
  );
}

function NewsArticle({ news }: { news: NewsDetail }) {
  const { t } = useTranslation();
  return (
    <article className="content-card">
      <header className="news-article__header">
        <p className="content-meta">
          {news.category_name && <span className="content-badge">{news.category_name}</span>}
          <time dateTime={news.publish_at}>{t('content.publishedAt', { date: formatDate(news.publish_at) })}</time>
          {news.author && <span>{t('advisory.author', { name: news.author })}</span>}
        </p>
        <h1 className="news-article__title">{news.title}</h1>
      </header>
      <RichText html={news.content} />
      <nav aria-label={t('advisory.adjacent')}>
        <ul className="news-adjacent">
          <Adjacent label={t('advisory.prev')} item={news.prev} />
          <Adjacent label={t('advisory.next')} item={news.next} />
        </ul>
      </nav>
    </article>
  );
}

export default function AdvisoryDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const news = useNewsDetail(id);
  useMetaDescription(news.data ? news.data.summary || news.data.title : t('meta.advisory'));

  let body: ReactNode;
  if (id === null || isNotFound(news.error)) {
    body = <NotFoundState backTo={NEWS_LIST_ROUTE} backLabel={t('advisory.backToList')} />;
  } else if (news.isPending) body = <ListSkeleton rows={1} />;
  else if (news.isError) body = <ErrorState onRetry={() => void news.refetch()} />;
  else body = <NewsArticle news={news.data} />;

  return (
    <div className="shell-width content-page page-article">
      <Link to={NEWS_LIST_ROUTE} className="content-back">
        <LeftOutlined aria-hidden="true" />
        {t('advisory.backToList')}
      </Link>
      {body}
    </div>
  );
}
