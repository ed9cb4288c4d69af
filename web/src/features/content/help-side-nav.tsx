import type { HelpArticle, HelpCategory } from '@trackline/contract/content-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpArticleRoute } from '../../lib/routes';
import { useAnchorConfig } from './help-api';

/** The category an article belongs to: the one listing it, else the first of its type. */
function categoryOf(categories: HelpCategory[], article: HelpArticle): HelpCategory | undefined {
  return (
    categories.find((category) => category.anchors.some((anchor) => anchor.id === article.id)) ??
    categories.find((category) => category.type === article.type)
  );
}

/** The side navigation of a help article: its category's documents, the open one marked current. */
export function HelpSideNav({ article }: { article: HelpArticle }) {
  const { t } = useTranslation();
  const anchors = useAnchorConfig();
  const category = anchors.data ? categoryOf(anchors.data, article) : undefined;
  if (!category || category.anchors.length === 0) return null;
  return (
    <nav className="content-card help-side-nav" aria-label={t('help.sideNav')}>
      <h2 className="help-side-nav__title">{category.title}</h2>
      <ul className="help-side-nav__list">
        {category.anchors.map((anchor) => {
          const current = anchor.id === article.id;
          return (
            <li key={anchor.id}>
              <Link
                to={helpArticleRoute(anchor)}
                className={current ? 'help-side-nav__link help-side-nav__link--current' : 'help-side-nav__link'}
                aria-current={current ? 'page' : undefined}
              >
                {anchor.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
