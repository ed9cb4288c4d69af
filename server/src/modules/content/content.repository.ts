/**
 * The only code touching the content tables (news, help, questions, hot plans, downloads, software versions).
 *
 * Every public query is scoped the same way: one language, published rows whose publish_at has passed, and the
 * site's own rows plus the global ones (agent_id NULL) — never another agent's.
 */
import type { ContentLang } from '@trackline/contract/content-types';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type {
  HelpArticlesTable,
  HelpCategoriesTable,
  HotPlansTable,
  NewsCategoriesTable,
  NewsTable,
  QuestionCategoriesTable,
  QuestionsTable,
  SoftVersionsTable,
} from '../../platform/db/schema';

export interface Scope {
  agentId: number;
  lang: ContentLang;
}

/** Visible on this site: published, due, and global or this agent's. `alias` is the table's name in the query. */
export function visible(alias: string, agentId: number) {
  return sql<boolean>`(${sql.ref(`${alias}.status`)} = 'published' AND ${sql.ref(`${alias}.publish_at`)} <= now()
    AND (${sql.ref(`${alias}.agent_id`)} IS NULL OR ${sql.ref(`${alias}.agent_id`)} = ${agentId}))`;
}

/** Prefer the caller's language, else zh-CN (for one item addressed by id). */
function langPreference(alias: string, lang: ContentLang) {
  return sql<number>`CASE WHEN ${sql.ref(`${alias}.lang`)} = ${lang} THEN 0 ELSE 1 END`;
}

function bothLangs(lang: ContentLang): ContentLang[] {
  return lang === 'zh-CN' ? ['zh-CN'] : [lang, 'zh-CN'];
}

export type ContentTable = 'news' | 'help_articles' | 'questions' | 'hot_plans' | 'soft_versions';

/** Whether the site has any visible row of this kind in the language (else the caller falls back to zh-CN). */
export async function hasVisibleRows(db: Db, table: ContentTable, scope: Scope): Promise<boolean> {
  const row = await db
    .selectFrom(`${table} as t` as 'news as t')
    .select(sql<number>`1`.as('one'))
    .where('t.lang', '=', scope.lang)
    .where(visible('t', scope.agentId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// News

/** The visible categories of news or of questions, in the scope's language, in their set order. */
export function listCategories(db: Db, table: 'news_categories' | 'question_categories', scope: Scope) {
  return db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('lang', '=', scope.lang)
    .where(visible(table, scope.agentId))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

function newsListQuery(db: Db, scope: Scope, category?: number) {
  let q = db
    .selectFrom('news as n')
    .innerJoin('news_categories as c', (j) => j.onRef('c.id', '=', 'n.category_id').onRef('c.lang', '=', 'n.lang'))
    .where('n.lang', '=', scope.lang)
    .where(visible('n', scope.agentId))
    .where(visible('c', scope.agentId));
  if (category !== undefined) q = q.where('n.category_id', '=', category);
  return q;
}

export async function pageNews(db: Db, scope: Scope, page: { offset: number; limit: number; category?: number }) {
  const [list, count] = await Promise.all([
    newsListQuery(db, scope, page.category)
      .select(['n.id', 'n.category_id', 'c.name as category_name', 'n.title', 'n.summary', 'n.cover', 'n.publish_at'])
      .orderBy('n.publish_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    newsListQuery(db, scope, page.category)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

export function findNews(db: Db, scope: Scope, id: number) {
  return (
    db
      .selectFrom('news as n')
      .innerJoin('news_categories as c', (j) => j.onRef('c.id', '=', 'n.category_id').onRef('c.lang', '=', 'n.lang'))
      .select([
        'n.id',
        'n.lang',
        'n.category_id',
        'c.name as category_name',
        'n.title',
        'n.summary',
        'n.cover',
        'n.author',
        'n.content',
        'n.publish_at',
      ])
      .where('n.id', '=', id)
      .where('n.lang', 'in', bothLangs(scope.lang))
      .where(visible('n', scope.agentId))
      // A hidden category (a draft, another site's) hides its articles here as it does in the list.
      .where(visible('c', scope.agentId))
      .orderBy(langPreference('n', scope.lang))
      .limit(1)
      .executeTakeFirst()
  );
}

/** The neighbours of an article in the list's order (newest first): `newer` is shown before it, `older` after. */
export async function newsNeighbours(db: Db, scope: Scope, at: { id: number; publishAt: Date }) {
  const base = () =>
    db
      .selectFrom('news as n')
      .innerJoin('news_categories as c', (j) => j.onRef('c.id', '=', 'n.category_id').onRef('c.lang', '=', 'n.lang'))
      .select(['n.id', 'n.title'])
      .where('n.lang', '=', scope.lang)
      .where(visible('n', scope.agentId))
      .where(visible('c', scope.agentId));
  const key = sql`(${sql.ref('n.publish_at')}, ${sql.ref('n.id')})`;
  const here = sql`(${at.publishAt}::timestamptz, ${at.id}::bigint)`;
  const [newer, older] = await Promise.all([
    base()
      .where(sql<boolean>`${key} > ${here}`)
      .orderBy('n.publish_at', 'asc')
      .orderBy('n.id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    base()
      .where(sql<boolean>`${key} < ${here}`)
      .orderBy('n.publish_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { newer: newer ?? null, older: older ?? null };
}

// Help centre

export function listHelpCategories(db: Db, scope: Scope, type?: number) {
  let q = db
    .selectFrom('help_categories as c')
    .select(['c.id', 'c.type', 'c.title'])
    .where('c.lang', '=', scope.lang)
    .where(visible('c', scope.agentId));
  if (type !== undefined) q = q.where('c.type', '=', type);
  return q.orderBy('c.type').orderBy('c.sort').orderBy('c.id').execute();
}

export function listHelpAnchors(db: Db, scope: Scope, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('help_articles as a')
    .select(['a.id', 'a.category_id', 'a.type', 'a.tid', 'a.title'])
    .where('a.lang', '=', scope.lang)
    .where('a.category_id', 'in', categoryIds)
    .where(visible('a', scope.agentId))
    .orderBy('a.sort')
    .orderBy('a.id')
    .execute();
}

export function findHelpArticle(db: Db, scope: Scope, by: { id: number; type?: number; tid?: number }) {
  let q = db
    .selectFrom('help_articles as a')
    .innerJoin('help_categories as c', (j) => j.onRef('c.id', '=', 'a.category_id').onRef('c.lang', '=', 'a.lang'))
    .select(['a.id', 'a.type', 'a.tid', 'a.title', 'c.title as category_title', 'a.content', 'a.updated_at'])
    .where('a.id', '=', by.id)
    .where('a.lang', 'in', bothLangs(scope.lang))
    .where(visible('a', scope.agentId))
    .where(visible('c', scope.agentId));
  if (by.type !== undefined) q = q.where('a.type', '=', by.type);
  if (by.tid !== undefined) q = q.where('a.tid', '=', by.tid);
  return q.orderBy(langPreference('a', scope.lang)).limit(1).executeTakeFirst();
}

// Questions and answers

/** `%` and `_` (and the escape character itself) match only themselves in a keyword. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function questionQuery(db: Db, scope: Scope, filter: { keyword?: string; category?: number }) {
  let q = db
    .selectFrom('questions as q')
    .innerJoin('question_categories as c', (j) => j.onRef('c.id', '=', 'q.category_id').onRef('c.lang', '=', 'q.lang'))
    .where('q.lang', '=', scope.lang)
    .where(visible('q', scope.agentId))
    .where(visible('c', scope.agentId));
  if (filter.category !== undefined) q = q.where('q.category_id', '=', filter.category);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('q.question', 'ilike', pattern), eb('q.answer', 'ilike', pattern)]));
  }
  return q;
}

export async function pageQuestions(
  db: Db,
  scope: Scope,
  page: { offset: number; limit: number; keyword?: string; category?: number },
) {
  const [list, count] = await Promise.all([
    questionQuery(db, scope, page)
      .select(['q.id', 'q.category_id', 'c.name as category_name', 'q.question', 'q.answer'])
      .orderBy('c.sort')
      .orderBy('q.sort')
      .orderBy('q.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    questionQuery(db, scope, page)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

// Hot plans

const hotPlanSummary = ['p.id', 'p.title', 'p.summary', 'p.cover', 'p.starts_at', 'p.ends_at'] as const;

export async function pageHotPlans(db: Db, scope: Scope, page: { offset: number; limit: number }) {
  const base = () =>
    db.selectFrom('hot_plans as p').where('p.lang', '=', scope.lang).where(visible('p', scope.agentId));
  const [list, count] = await Promise.all([
    base()
      .select(hotPlanSummary)
      .orderBy('p.sort')
      .orderBy('p.publish_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

export function findHotPlan(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('hot_plans as p')
    .select([...hotPlanSummary, 'p.content', 'p.terms'])
    .where('p.id', '=', id)
    .where('p.lang', 'in', bothLangs(scope.lang))
    .where(visible('p', scope.agentId))
    .orderBy(langPreference('p', scope.lang))
    .limit(1)
    .executeTakeFirst();
}

// Downloads and versions

/** The site's own links, else the global row. */
export function findDownloadConfig(db: Db, agentId: number) {
  return db
    .selectFrom('download_configs')
    .select(['ios', 'android', 'win32', 'qr_ios', 'qr_android'])
    .where((eb) => eb.or([eb('agent_id', '=', agentId), eb('agent_id', 'is', null)]))
    .orderBy(sql`agent_id NULLS LAST`)
    .limit(1)
    .executeTakeFirst();
}

export function listVersions(db: Db, scope: Scope, platform?: SoftVersionsTable['platform']) {
  let q = db
    .selectFrom('soft_versions as v')
    .select(['v.id', 'v.platform', 'v.version', 'v.notes', 'v.released_at'])
    .where('v.lang', '=', scope.lang)
    .where(visible('v', scope.agentId));
  if (platform) q = q.where('v.platform', '=', platform);
  return q.orderBy('v.released_at', 'desc').orderBy('v.id', 'desc').limit(100).execute();
}

// Saving (the seed now, the staff console later). HTML arrives here already cleaned by the service.

/** Inserts a row, or replaces the row of the same (id, lang): a translation or an edit. Answers the id. */
async function upsert(
  db: Db,
  table: ContentTable | `${'news' | 'help' | 'question'}_categories`,
  values: object,
): Promise<number> {
  const row = await db
    .insertInto(table as 'news')
    .values(values as Insertable<NewsTable>)
    .onConflict((oc) =>
      oc.columns(['id', 'lang']).doUpdateSet({ ...(values as Insertable<NewsTable>), updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const upsertNewsCategory = (db: Db, v: Insertable<NewsCategoriesTable>) => upsert(db, 'news_categories', v);
export const upsertNews = (db: Db, v: Insertable<NewsTable>) => upsert(db, 'news', v);
export const upsertHelpCategory = (db: Db, v: Insertable<HelpCategoriesTable>) => upsert(db, 'help_categories', v);
export const upsertHelpArticle = (db: Db, v: Insertable<HelpArticlesTable>) => upsert(db, 'help_articles', v);

export const upsertQuestionCategory = (db: Db, v: Insertable<QuestionCategoriesTable>) =>
  upsert(db, 'question_categories', v);
export const upsertQuestion = (db: Db, v: Insertable<QuestionsTable>) => upsert(db, 'questions', v);
export const upsertHotPlan = (db: Db, v: Insertable<HotPlansTable>) => upsert(db, 'hot_plans', v);
export const upsertVersion = (db: Db, v: Insertable<SoftVersionsTable>) => upsert(db, 'soft_versions', v);

export async function upsertDownloadConfig(
  db: Db,
  v: { agent_id: number | null; ios: string; android: string; win32: string; qr_ios?: string; qr_android?: string },
): Promise<void> {
  const { agent_id: _agent, ...fields } = v;
  await db
    .insertInto('download_configs')
    .values(v)
    .onConflict((oc) => oc.column('agent_id').doUpdateSet({ ...fields, updated_at: new Date() }))
    .execute();
}
