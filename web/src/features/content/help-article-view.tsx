/** A help document (help_info) addressed by id, type and tid, with its category's side navigation. */
import { LeftOutlined } from '@ant-design/icons';
import { formatDate } from '@trackline/contract/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HELP_CENTER_ROUTE } from '../../lib/routes';
import { useMetaDescription } from '../../lib/use-meta-description';
import { isNotFound } from './content-query';
import { ErrorState, ListSkeleton, NotFoundState } from './content-states';
import { type HelpArticleAddress, useHelpArticle } from './help-api';
import { HelpSideNav } from './help-side-nav';
import { RichText } from './rich-text';
import './help.css';

export function HelpArticleView({ address }: { address: HelpArticleAddress | null }) {
  const { t } = useTranslation();
  const article = useHelpArticle(address);
  const data = article.data;
  useMetaDescription(data ? `${data.title} - ${data.category_title || t('help.title')}` : t('meta.helpCenter'));

  let body: ReactNode;
  if (address === null || isNotFound(article.error)) {
    body = <NotFoundState backTo={HELP_CENTER_ROUTE} backLabel={t('help.backToHelp')} />;
  } else if (article.isPending) body = <ListSkeleton rows={1} />;
  else if (article.isError) body = <ErrorState onRetry={() => void article.refetch()} />;
  else
    body = (
      <div className="content-columns">
        <HelpSideNav article={article.data} />
        <article className="content-card help-article">
          <header className="help-article__header">
            <p className="content-meta">
              {article.data.category_title && <span className="content-badge">{article.data.category_title}</span>}
              {article.data.updated_at && (
                <time dateTime={article.data.updated_at}>
                  {t('content.updatedAt', { date: formatDate(article.data.updated_at) })}
                </time>
              )}
            </p>
            <h1 className="help-article__title">{article.data.title}</h1>
          </header>
          <RichText html={article.data.content} />
        </article>
      </div>
    );

  return (
    <div className="shell-width content-page">
      <Link to={HELP_CENTER_ROUTE} className="content-back">
        <LeftOutlined aria-hidden="true" />
        {t('help.backToHelp')}
      </Link>
      {body}
    </div>
  );
}
