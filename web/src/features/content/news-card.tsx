import type { NewsSummary } from '@trackline/contract/content-types';
import { formatDate } from '@trackline/contract/format';
import { Link } from 'react-router';
import { newsDetailRoute } from '../../lib/routes';
import './news.css';

/** One news item in a list; its title is the link to the detail page. */
export function NewsCard({ news, headingLevel = 2 }: { news: NewsSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="news-card">
      <div className="news-card__body">
        <p className="content-meta">
          {news.category_name && <span className="content-badge">{news.category_name}</span>}
          <time dateTime={news.publish_at}>{formatDate(news.publish_at)}</time>
        </p>
        <Heading className="news-card__title">
          <Link to={newsDetailRoute(news.id)} className="news-card__link">
            {news.title}
          </Link>
        </Heading>
        {news.summary && <p className="news-card__summary">{news.summary}</p>}
      </div>
      {news.cover && (
        <img className="news-card__cover" src={news.cover} alt="" width={160} height={100} loading="lazy" />
      )}
    </article>
  );
}
