/**
 * Public content: what a visitor of one site reads, in their language.
 *
 * - The site is the agent of the request's host (site.service applies AGENT_DOMAIN_ALIASES; unknown hosts get the
 *   default site). A site shows its own items and the global ones, never another agent's.
 * - The language is the caller's (Accept-Language). A list falls back to zh-CN when the site has no visible row of
 *   that kind in the language; an item addressed by id falls back to its zh-CN row when it has no translation.
 * - Visible means published with publish_at in the past. Anything else answers NOT_FOUND, like an unknown id.
 * - HTML is cleaned when saved (the save* functions below, used by the seed and the staff console) and again when
 *   shown, so rows written any other way are harmless too.
 */
import type {
  AnchorConfigData,
  ContentLang,
  DownloadConfig,
  HelpArticle,
  HotPlanDetail,
  HotPlanSummary,
  NewsDetail,
  NewsListData,
  Page,
  QuestionListData,
  SOFT_PLATFORMS,
  VersionListData,
} from '@trackline/contract/content-types';
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { HelpArticlesTable, HotPlansTable, NewsTable, QuestionsTable } from '../../platform/db/schema';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { agentForDomain } from '../site/site.service';
import * as repo from './content.repository';
import { cleanHtml } from './sanitize';

export type Scope = repo.Scope;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The site (agent) and language a request reads content for. */
export async function scopeOf(deps: Deps, hostname: string, lang: ContentLang): Promise<Scope> {
  const agent = await agentForDomain(deps, hostname);
  return { agentId: agent.id, lang };
}

/** The caller's language if the site has any visible row of this kind in it, else zh-CN. */
export async function listScope(db: Db, table: repo.ContentTable, scope: Scope): Promise<Scope> {
  if (scope.lang === 'zh-CN' || (await repo.hasVisibleRows(db, table, scope))) return scope;
  return { ...scope, lang: 'zh-CN' };
}

const offsetOf = (page: number, limit: number) => (page - 1) * limit;

export async function newsList(
  deps: Deps,
  scope: Scope,
  body: { page: number; limit: number; category?: number },
): Promise<NewsListData> {
  const { db } = deps.database;
  const s = await listScope(db, 'news', scope);
  const [categories, { list, total }] = await Promise.all([
    repo.listCategories(db, 'news_categories', s),
    repo.pageNews(db, s, { offset: offsetOf(body.page, body.limit), limit: body.limit, category: body.category }),
  ]);
  return {
    categories,
    list: list.map((n) => ({ ...n, publish_at: n.publish_at.toISOString() })),
    total,
    page: body.page,
    limit: body.limit,
  };
}

export async function newsInfo(deps: Deps, scope: Scope, id: number): Promise<NewsDetail> {
  const { db } = deps.database;
  const row = await repo.findNews(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  const { lang, ...news } = row;
  const { newer, older } = await repo.newsNeighbours(db, { ...scope, lang }, { id: row.id, publishAt: row.publish_at });
  return {
    ...news,
    content: cleanHtml(news.content),
    publish_at: news.publish_at.toISOString(),
    prev: newer,
    next: older,
  };
}

export async function anchorConfig(deps: Deps, scope: Scope, type?: number): Promise<AnchorConfigData> {
  const { db } = deps.database;
  const s = await listScope(db, 'help_articles', scope);
  const categories = await repo.listHelpCategories(db, s, type);
  const anchors = await repo.listHelpAnchors(
    db,
    s,
    categories.map((c) => c.id),
  );
  return {
    list: categories.map((c) => ({
      ...c,
      anchors: anchors
        .filter((a) => a.category_id === c.id)
        .map(({ id, type: t, tid, title }) => ({ id, type: t, tid, title })),
    })),
  };
}

export async function helpInfo(
  deps: Deps,
  scope: Scope,
  by: { id: number; type?: number; tid?: number },
): Promise<HelpArticle> {
  const row = await repo.findHelpArticle(deps.database.db, scope, by);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, content: cleanHtml(row.content), updated_at: row.updated_at.toISOString() };
}

export async function questions(
  deps: Deps,
  scope: Scope,
  body: { page: number; limit: number; keyword?: string; category?: number },
): Promise<QuestionListData> {
  const { db } = deps.database;
  const s = await listScope(db, 'questions', scope);
  const [categories, { list, total }] = await Promise.all([
    repo.listCategories(db, 'question_categories', s),
    repo.pageQuestions(db, s, {
      offset: offsetOf(body.page, body.limit),
      limit: body.limit,
      keyword: body.keyword || undefined,
      category: body.category,
    }),
  ]);
  return {
    categories,
    list: list.map((q) => ({ ...q, answer: cleanHtml(q.answer) })),
    total,
    page: body.page,
    limit: body.limit,
  };
}

function toHotPlanSummary<R extends { starts_at: Date | null; ends_at: Date | null }>(row: R) {
  return { ...row, starts_at: iso(row.starts_at), ends_at: iso(row.ends_at) };
}

export async function hotPlans(
  deps: Deps,
  scope: Scope,
  body: { page: number; limit: number },
): Promise<Page<HotPlanSummary>> {
  const { db } = deps.database;
  const s = await listScope(db, 'hot_plans', scope);
  const { list, total } = await repo.pageHotPlans(db, s, {
    offset: offsetOf(body.page, body.limit),
    limit: body.limit,
  });
  return { list: list.map(toHotPlanSummary), total, page: body.page, limit: body.limit };
}

export async function hotPlanInfo(deps: Deps, scope: Scope, id: number): Promise<HotPlanDetail> {
  const row = await repo.findHotPlan(deps.database.db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toHotPlanSummary(row), content: cleanHtml(row.content), terms: cleanHtml(row.terms) };
}

export async function downloadConfig(deps: Deps, scope: Scope): Promise<DownloadConfig> {
  return (
    (await repo.findDownloadConfig(deps.database.db, scope.agentId)) ?? {
      ios: '',
      android: '',
      win32: '',
      qr_ios: '',
      qr_android: '',
    }
  );
}

export async function versions(
  deps: Deps,
  scope: Scope,
  platform?: (typeof SOFT_PLATFORMS)[number],
): Promise<VersionListData> {
  const { db } = deps.database;
  const s = await listScope(db, 'soft_versions', scope);
  const rows = await repo.listVersions(db, s, platform);
  return { list: rows.map((v) => ({ ...v, released_at: v.released_at.toISOString() })) };
}

// Saving: the one path every write of rich text takes (the seed and the staff console, content.admin-service.ts).

export function saveNews(db: Db, values: Insertable<NewsTable>): Promise<number> {
  return repo.upsertNews(db, { ...values, content: cleanHtml(values.content) });
}

export function saveHelpArticle(db: Db, values: Insertable<HelpArticlesTable>): Promise<number> {
  return repo.upsertHelpArticle(db, { ...values, content: cleanHtml(values.content) });
}

export function saveQuestion(db: Db, values: Insertable<QuestionsTable>): Promise<number> {
  return repo.upsertQuestion(db, { ...values, answer: cleanHtml(values.answer) });
}

export function saveHotPlan(db: Db, values: Insertable<HotPlansTable>): Promise<number> {
  return repo.upsertHotPlan(db, { ...values, content: cleanHtml(values.content), terms: cleanHtml(values.terms) });
}

export {
  upsertDownloadConfig as saveDownloadConfig,
  upsertHelpCategory as saveHelpCategory,
  upsertNewsCategory as saveNewsCategory,
  upsertQuestionCategory as saveQuestionCategory,
  upsertVersion as saveVersion,
} from './content.repository';
