/**
 * /help-center/index. Without parameters it is the help centre home; with ?id&type&tid (the footer's links,
 * e.g. ?id=3&type=2&tid=0 for "about the platform") it shows that document; with ?keyword= the search results
 * over documents, news and questions.
 */
import { useSearchParams } from 'react-router';
import { positiveInt } from './content-query';
import { HelpArticleView } from './help-article-view';
import { HelpHome } from './help-home';
import { HelpSearchResults } from './help-search-results';

function nonNegativeInt(value: string | null): number | undefined {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

export default function HelpCenterPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const keyword = params.get('keyword')?.trim().slice(0, 50);
  if (rawId === null && keyword) return <HelpSearchResults keyword={keyword} />;
  if (rawId === null) return <HelpHome />;
  const id = positiveInt(rawId);
  const address =
    id === null
      ? null
      : { id, type: positiveInt(params.get('type')) ?? undefined, tid: nonNegativeInt(params.get('tid')) };
  return <HelpArticleView address={address} />;
}
