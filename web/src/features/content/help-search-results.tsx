/**
 * /help-center/index?keyword=: the help centre's search (issue 9: it searched Q&A only). One search over help
 * documents, news and questions, the results grouped with their counts and the keyword marked; a group shows five,
 * "show more" shows up to twenty of each. Loading, error and "nothing found" (with where to ask instead) states.
 */
import type { SearchGroup, SearchHit } from '@trackline/contract/content-types';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/format';
import { HELP_CENTER_ROUTE, HELP_QA_ROUTE, helpArticleRoute, newsDetailRoute } from '../../lib/routes';
import { EmptyState, ErrorState, ListSkeleton } from './content-states';
import { Highlight } from './highlight';
import { PageHero } from './page-hero';
import { useContentSearch } from './search-api';
import { SearchBox } from './search-box';
import './help.css';

const FIRST = 5;
const MORE = 20;

function Group<T extends SearchHit>({
  id,
  title,
  group,
  keyword,
  link,
  meta,
}: {
  id: string;
  title: string;
  group: SearchGroup<T>;
  keyword: string;
  link: (hit: T) => string;
  meta?: (hit: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (group.total === 0) return null;
  return (
    <section className="content-card search-group" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="content-card__title">
        {title} <span className="search-group__count">{t('search.count', { count: group.total })}</span>
      </h2>
      <ul className="search-hits">
        {group.list.map((hit) => (
          <li key={hit.id} className="search-hit">
            <Link to={link(hit)} className="search-hit__title">
              <Highlight text={hit.title} keyword={keyword} />
            </Link>
            {meta && <span className="search-hit__meta">{meta(hit)}</span>}
            {hit.excerpt && (
              <p className="search-hit__excerpt">
                <Highlight text={hit.excerpt} keyword={keyword} />
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HelpSearchResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(FIRST);
  const search = useContentSearch(keyword, limit);
  const data = search.data?.keyword === keyword ? search.data : undefined;

  let body: ReactNode;
  if (search.isError && !data) body = <ErrorState onRetry={() => void search.refetch()} />;
  else if (!data) body = <ListSkeleton rows={3} label={t('search.searching')} />;
  else {
    const total = data.help.total + data.news.total + data.questions.total;
    const truncated = [data.help, data.news, data.questions].some((g) => g.total > g.list.length);
    body =
      total === 0 ? (
        <div className="search-empty" data-testid="search-empty">
          <EmptyState text={t('search.none', { keyword })} />
          <p className="search-empty__next">
            <Link to={HELP_QA_ROUTE} className="link-button">
              {t('help.askLink')}
            </Link>
          </p>
        </div>
      ) : (
        <div
          className={search.isFetching ? 'search-results list-fetching' : 'search-results'}
          aria-busy={search.isFetching}
        >
          <p className="search-results__summary" role="status">
            {t('search.summary', { keyword, count: total })}
          </p>
          <Group
            id="search-help"
            title={t('search.help')}
            group={data.help}
            keyword={keyword}
            link={helpArticleRoute}
            meta={(hit) => hit.category_title}
          />
          <Group
            id="search-news"
            title={t('search.news')}
            group={data.news}
            keyword={keyword}
            link={(hit) => newsDetailRoute(hit.id)}
            meta={(hit) => formatDate(hit.publish_at)}
          />
          <Group
            id="search-questions"
            title={t('search.questions')}
            group={data.questions}
            keyword={keyword}
            link={() => `${HELP_QA_ROUTE}?keyword=${encodeURIComponent(keyword)}`}
          />
          {truncated && limit < MORE && (
            <button type="button" className="link-button" onClick={() => setLimit(MORE)}>
              {t('search.more')}
            </button>
          )}
        </div>
      );
  }

  return (
    <>
      <PageHero title={t('help.title')} subtitle={t('help.subtitle')}>
        <SearchBox
          label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          buttonText={t('help.searchButton')}
          defaultValue={keyword}
          onSearch={(next) => {
            setLimit(FIRST);
            navigate(next ? `${HELP_CENTER_ROUTE}?keyword=${encodeURIComponent(next)}` : HELP_CENTER_ROUTE);
          }}
        />
      </PageHero>
      <div className="shell-width content-page">
        <p>
          <Link to={HELP_CENTER_ROUTE}>{t('help.backToHelp')}</Link>
        </p>
        {body}
      </div>
    </>
  );
}
