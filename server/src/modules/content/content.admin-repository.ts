/**
 * The staff console's queries on the content tables: every row of an item whatever its status, time or site, for
 * listing, editing and deleting. (Writing a row goes through content.repository's upserts, behind the service's
 * sanitizing save functions.) The tables differ in their columns, so the queries name them through `sql.ref`;
 * table and column names come only from the service's fixed kind table, never from a request.
 */
import type { ContentLang } from '@trackline/contract/content-types';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { likePattern } from './content.repository';

export type ItemTable =
  | 'news'
  | 'news_categories'
  | 'help_categories'
  | 'help_articles'
  | 'question_categories'
  | 'questions'
  | 'hot_plans'
  | 'soft_versions';

export type CategoryTable = 'news_categories' | 'help_categories' | 'question_categories';

/** A stored row of any content table: the columns every one has, and the table's own. */
export interface ItemRow {
  id: number;
  lang: ContentLang;
  agent_id: number | null;
  status: 'draft' | 'published';
  publish_at: Date;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

export interface ItemFilter {
  state?: 'draft' | 'scheduled' | 'published';
  lang?: ContentLang;
  /** 0: global items only. */
  agentId?: number;
  categoryId?: number;
  type?: number;
  platform?: string;
  keyword?: string;
}

export interface ListShape {
  table: ItemTable;
  /** The column searched by keyword and shown as the title. */
  title: string;
  /** Which filters the table has columns for. */
  has: { category: boolean; type: boolean; platform: boolean };
  order: ReadonlyArray<readonly [column: string, direction: 'asc' | 'desc']>;
}

function conditions(shape: ListShape, filter: ItemFilter): RawBuilder<unknown>[] {
  const table = sql.table(shape.table);
  const where: RawBuilder<unknown>[] = [];
  if (filter.state === 'draft') where.push(sql`t.status = 'draft'`);
  if (filter.state === 'scheduled') where.push(sql`t.status = 'published' AND t.publish_at > now()`);
  if (filter.state === 'published') where.push(sql`t.status = 'published' AND t.publish_at <= now()`);
  if (filter.lang) where.push(sql`t.id IN (SELECT id FROM ${table} WHERE lang = ${filter.lang})`);
  if (filter.agentId === 0) where.push(sql`t.agent_id IS NULL`);
  else if (filter.agentId !== undefined) where.push(sql`t.agent_id = ${filter.agentId}`);
  if (shape.has.category && filter.categoryId !== undefined) where.push(sql`t.category_id = ${filter.categoryId}`);
  if (shape.has.type && filter.type !== undefined) where.push(sql`t.type = ${filter.type}`);
  if (shape.has.platform && filter.platform) where.push(sql`t.platform = ${filter.platform}`);
  if (filter.keyword)
    where.push(
      sql`t.id IN (SELECT id FROM ${table} WHERE ${sql.ref(shape.title)} ILIKE ${likePattern(filter.keyword)})`,
    );
  return where;
}

function whereClause(parts: RawBuilder<unknown>[]) {
  return parts.length === 0 ? sql`` : sql`WHERE ${sql.join(parts, sql` AND `)}`;
}

/**
 * One page of items, one row per id: the row in the filtered language, else zh-CN, else any. Every language row
 * of an id shares its status, time, site and category, so filtering any of them filters the item.
 */
export async function pageItems(
  db: Db,
  shape: ListShape,
  filter: ItemFilter,
  page: { offset: number; limit: number },
): Promise<{ list: ItemRow[]; total: number }> {
  const table = sql.table(shape.table);
  const where = whereClause(conditions(shape, filter));
  const preferred = filter.lang ?? 'zh-CN';
  const order = sql.join(
    [...shape.order.map(([column, dir]) => sql`${sql.ref(`s.${column}`)} ${sql.raw(dir)}`), sql`s.id DESC`],
    sql`, `,
  );
  const [rows, count] = await Promise.all([
    sql<ItemRow>`
      SELECT * FROM (
        SELECT DISTINCT ON (t.id) t.* FROM ${table} AS t ${where}
        ORDER BY t.id, CASE WHEN t.lang = ${preferred} THEN 0 WHEN t.lang = 'zh-CN' THEN 1 ELSE 2 END
      ) AS s
      ORDER BY ${order}
      OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db),
    sql<{ total: number }>`SELECT count(DISTINCT t.id) AS total FROM ${table} AS t ${where}`.execute(db),
  ]);
  return { list: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** The languages each of these ids is written in. */
export async function langsOf(db: Db, table: ItemTable, ids: number[]): Promise<Map<number, ContentLang[]>> {
  const out = new Map<number, ContentLang[]>();
  if (ids.length === 0) return out;
  const { rows } = await sql<{ id: number; lang: ContentLang }>`
    SELECT id, lang FROM ${sql.table(table)} WHERE id = ANY(${ids}::bigint[]) ORDER BY id, lang DESC`.execute(db);
  for (const row of rows) out.set(row.id, [...(out.get(row.id) ?? []), row.lang]);
  return out;
}

/** The names of these categories in every language they have. */
export async function categoryNames(
  db: Db,
  table: CategoryTable,
  ids: number[],
): Promise<Array<{ id: number; lang: ContentLang; name: string }>> {
  if (ids.length === 0) return [];
  const name = table === 'help_categories' ? 'title' : 'name';
  const { rows } = await sql<{ id: number; lang: ContentLang; name: string }>`
    SELECT id, lang, ${sql.ref(name)} AS name FROM ${sql.table(table)} WHERE id = ANY(${ids}::bigint[])`.execute(db);
  return rows;
}

/** Every language row of one item (zh-CN first); `lock` holds them until the transaction ends. */
export async function itemRows(db: Db, table: ItemTable, id: number, lock = false): Promise<ItemRow[]> {
  const { rows } = await sql<ItemRow>`
    SELECT * FROM ${sql.table(table)} WHERE id = ${id} ORDER BY lang DESC ${lock ? sql`FOR UPDATE` : sql``}`.execute(
    db,
  );
  return rows;
}

/** Removes the language rows of an item that are not in `keep`. */
export async function deleteOtherLangs(db: Db, table: ItemTable, id: number, keep: ContentLang[]): Promise<void> {
  await sql`DELETE FROM ${sql.table(table)} WHERE id = ${id} AND NOT (lang = ANY(${keep}::text[]))`.execute(db);
}

/** Removes every language row of an item. Answers how many rows went. */
export async function deleteItem(db: Db, table: ItemTable, id: number): Promise<number> {
  const res = await sql`DELETE FROM ${sql.table(table)} WHERE id = ${id}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * How many rows of `items` sit in the category and would be stranded by a change: written in one of `langs` (the
 * category loses those rows), or of another scope than `agentId` (the category becomes that site's alone).
 */
export async function countItemsInCategory(
  db: Db,
  items: ItemTable,
  categoryId: number,
  only: { langs?: ContentLang[]; notAgent?: number } = {},
): Promise<number> {
  const where = [sql`category_id = ${categoryId}`];
  if (only.langs) where.push(sql`lang = ANY(${only.langs}::text[])`);
  if (only.notAgent !== undefined) where.push(sql`agent_id IS DISTINCT FROM ${only.notAgent}`);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM ${sql.table(items)} WHERE ${sql.join(where, sql` AND `)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A help category's articles follow it when its type changes (an article's type is its category's). */
export async function setHelpArticleTypes(db: Db, categoryId: number, type: number): Promise<void> {
  await db.updateTable('help_articles').set({ type }).where('category_id', '=', categoryId).execute();
}

export function listDownloadConfigs(db: Db) {
  return db
    .selectFrom('download_configs')
    .select(['agent_id', 'ios', 'android', 'win32', 'qr_ios', 'qr_android', 'updated_at'])
    .execute();
}
