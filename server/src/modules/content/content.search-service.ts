/**
 * One search for the help centre (issue 9): documents, news and questions at once, grouped, each group with its
 * first hits and how many there are, in the caller's language (a group falls back to zh-CN like its list does).
 * An excerpt is plain text around the first match, so the portal can mark the keyword without rendering HTML.
 */
import type { ContentSearchData } from '@trackline/contract/content-types';
import type { Deps } from '../../platform/deps';
import { searchHelp, searchNews, searchQuestions } from './content.search-repository';
import { listScope, type Scope } from './content.service';

const EXCERPT_BEFORE = 30;
const EXCERPT_LENGTH = 110;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of sanitized HTML: tags out, the common entities decoded, white space folded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Up to EXCERPT_LENGTH characters of `text` around the first match of `keyword` (from the start if none). */
export function excerptAround(text: string, keyword: string): string {
  const chars = Array.from(text);
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  const index = at < 0 ? 0 : Array.from(text.slice(0, at)).length;
  const start = Math.max(0, index - EXCERPT_BEFORE);
  const end = Math.min(chars.length, start + EXCERPT_LENGTH);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
}

export async function searchContent(
  deps: Deps,
  scope: Scope,
  body: { keyword: string; limit: number },
): Promise<ContentSearchData> {
  const { db } = deps.database;
  const { keyword, limit } = body;
  const [helpScope, newsScope, questionScope] = await Promise.all([
    listScope(db, 'help_articles', scope),
    listScope(db, 'news', scope),
    listScope(db, 'questions', scope),
  ]);
  const [help, news, questions] = await Promise.all([
    searchHelp(db, helpScope, keyword, limit),
    searchNews(db, newsScope, keyword, limit),
    searchQuestions(db, questionScope, keyword, limit),
  ]);
  return {
    keyword,
    help: {
      total: help.total,
      list: help.list.map((a) => ({
        id: a.id,
        type: a.type,
        tid: a.tid,
        title: a.title,
        category_title: a.category_title,
        excerpt: excerptAround(textOf(a.content), keyword),
      })),
    },
    news: {
      total: news.total,
      list: news.list.map((n) => {
        const text = textOf(n.content);
        const inSummary = n.summary.toLowerCase().includes(keyword.toLowerCase());
        return {
          id: n.id,
          title: n.title,
          publish_at: n.publish_at.toISOString(),
          excerpt: excerptAround(inSummary || !text ? n.summary : text, keyword),
        };
      }),
    },
    questions: {
      total: questions.total,
      list: questions.list.map((q) => ({
        id: q.id,
        title: q.question,
        excerpt: excerptAround(textOf(q.answer), keyword),
      })),
    },
  };
}
