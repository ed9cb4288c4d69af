/**
 * The staff content console: list, read, save and delete every kind of public content (each site's download
 * settings are in content.download-settings.ts).
 *
 * - An item is one id with a row per language. A save writes all of them in one transaction: the rows of the
 *   languages sent are written (through content.service's save functions, which clean the HTML), the others are
 *   removed. zh-CN is always sent; it is what every other language falls back to.
 * - Status draft or published; publish_at is when a published item shows. Left out, it is now for a new item or a
 *   draft and the stored time otherwise, so publishing a draft dates it to the moment it goes out.
 * - Deleting is a hard delete of every language row: the public side stops showing it at once, and nothing else
 *   refers to content rows but their categories (a category still holding items is refused, 2081).
 * - Ids below FIXED_ID_LIMIT are the items the site links to by id (the footer's platform documents 3, 5, 6 and
 *   their category): their texts can change; they cannot be deleted, unpublished, scheduled, moved to another
 *   category, tid, type or site (2080).
 */

import type {
  ContentListQuery,
  HelpArticleSaveBody,
  HelpCategorySaveBody,
  HotPlanSaveBody,
  NewsCategorySaveBody,
  NewsSaveBody,
  QuestionCategorySaveBody,
  QuestionSaveBody,
  VersionSaveBody,
} from '@trackline/contract/content-admin';
import type {
  ContentAdminPage,
  ContentAdminRow,
  ContentKind,
  ContentState,
} from '@trackline/contract/content-admin-types';
import { FIXED_ID_LIMIT } from '@trackline/contract/content-admin-types';
import { CONTENT_LANGS, type ContentLang } from '@trackline/contract/content-types';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { type AnyBody, KINDS, type KindSpec, type Texts, type Values } from './content.admin-kinds';
import type { CategoryTable, ItemRow, ItemTable } from './content.admin-repository';
import * as adminRepo from './content.admin-repository';

export type ContentSaveBody =
  | NewsSaveBody
  | NewsCategorySaveBody
  | QuestionCategorySaveBody
  | HelpCategorySaveBody
  | HelpArticleSaveBody
  | QuestionSaveBody
  | HotPlanSaveBody
  | VersionSaveBody;

const isFixed = (id: number) => id < FIXED_ID_LIMIT;

function stateOf(row: { status: string; publish_at: Date }, now = Date.now()): ContentState {
  if (row.status === 'draft') return 'draft';
  return row.publish_at.getTime() > now ? 'scheduled' : 'published';
}

/** Dates as ISO strings, for the JSON answer. */
function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function pick(row: ItemRow, columns: readonly string[]): Values {
  return Object.fromEntries(columns.map((c) => [c, plain(row[c])]));
}

// Reading

export async function listItems(deps: Deps, kind: ContentKind, query: ContentListQuery): Promise<ContentAdminPage> {
  const { db } = deps.database;
  const spec = KINDS[kind];
  const { list, total } = await adminRepo.pageItems(
    db,
    spec.shape,
    {
      state: query.status,
      lang: query.lang,
      agentId: query.agent_id,
      categoryId: query.category_id,
      type: query.type,
      platform: query.platform,
      keyword: query.keyword || undefined,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  const ids = list.map((r) => r.id);
  const [langs, names] = await Promise.all([
    adminRepo.langsOf(db, spec.shape.table, ids),
    spec.category
      ? adminRepo.categoryNames(db, spec.category, [...new Set(list.map((r) => r.category_id as number))])
      : Promise.resolve([]),
  ]);
  const now = Date.now();
  const rows: ContentAdminRow[] = list.map((row) => {
    const out: ContentAdminRow = {
      id: row.id,
      title: String(row[spec.shape.title] ?? ''),
      langs: langs.get(row.id) ?? [row.lang],
      agent_id: row.agent_id,
      status: row.status,
      state: stateOf(row, now),
      publish_at: row.publish_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      fixed: isFixed(row.id),
    };
    if (spec.category) {
      const own = names.filter((n) => n.id === row.category_id);
      out.category_id = row.category_id as number;
      out.category_name = (own.find((n) => n.lang === row.lang) ?? own.find((n) => n.lang === 'zh-CN'))?.name ?? '';
    }
    for (const key of ['type', 'tid', 'platform', 'sort'] as const)
      if (row[key] !== undefined) Object.assign(out, { [key]: row[key] });
    return out;
  });
  return { list: rows, total, page: query.page, limit: query.limit };
}

function toDetail(spec: KindSpec, rows: ItemRow[]) {
  const first = rows[0]!;
  const texts: Texts = {};
  for (const row of rows) texts[row.lang] = pick(row, spec.texts);
  return {
    id: first.id,
    fixed: isFixed(first.id),
    state: stateOf(first),
    agent_id: first.agent_id,
    status: first.status,
    publish_at: first.publish_at.toISOString(),
    created_at: first.created_at.toISOString(),
    updated_at: first.updated_at.toISOString(),
    ...pick(first, spec.shared),
    texts,
  };
}

/** Every language of one item, whatever its status, time or site. */
export async function itemDetail(deps: Deps, kind: ContentKind, id: number) {
  const spec = KINDS[kind];
  const rows = await adminRepo.itemRows(deps.database.db, spec.shape.table, id);
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  return toDetail(spec, rows);
}

// Writing

/** The category must have a row in each language of the item, and be global or the item's own site's. */
async function checkCategory(db: Db, table: CategoryTable, id: unknown, langs: ContentLang[], agentId: number | null) {
  const rows = await adminRepo.itemRows(db, table, Number(id));
  const scoped = rows[0] && (rows[0].agent_id === null || rows[0].agent_id === agentId);
  if (!scoped || langs.some((lang) => !rows.some((r) => r.lang === lang)))
    throw new AppError('CONTENT_CATEGORY_INVALID');
  return rows[0];
}

/** A category may not drop a language, or become one site's, while items in it still need it. */
async function checkCategoryChange(db: Db, items: ItemTable, stored: ItemRow[], body: AnyBody, langs: ContentLang[]) {
  const id = stored[0]!.id;
  const dropped = stored.map((r) => r.lang).filter((lang) => !langs.includes(lang));
  if (dropped.length > 0 && (await adminRepo.countItemsInCategory(db, items, id, { langs: dropped })) > 0)
    throw new AppError('CONTENT_CATEGORY_IN_USE');
  if (body.agent_id !== null && (await adminRepo.countItemsInCategory(db, items, id, { notAgent: body.agent_id })) > 0)
    throw new AppError('CONTENT_CATEGORY_IN_USE');
}

/** A fixed item keeps its site, its place (locked columns) and stays published and shown. */
function checkFixed(spec: KindSpec, stored: ItemRow, body: AnyBody, values: Values, publishAt: Date) {
  const moved = spec.locked.some((c) => String(values[c]) !== String(stored[c]));
  if (moved || body.agent_id !== stored.agent_id || body.status !== 'published' || publishAt.getTime() > Date.now())
    throw new AppError('CONTENT_FIXED_ITEM');
}

/** Turns the database's own refusals (a race past the checks above) into the catalogue's. */
function foreignKeyError(spec: KindSpec, err: unknown): unknown {
  const pgErr = err as { code?: string; constraint?: string };
  if (pgErr?.code !== '23503') return err;
  if (pgErr.constraint?.endsWith('agent_id_fkey')) return new AppError('CONTENT_AGENT_UNKNOWN');
  return new AppError(spec.items ? 'CONTENT_CATEGORY_IN_USE' : 'CONTENT_CATEGORY_INVALID');
}

/** Creates (no id) or updates one item with all its language rows, in one transaction. Answers its detail. */
export async function saveItem(deps: Deps, kind: ContentKind, input: ContentSaveBody) {
  const spec = KINDS[kind];
  const body = input as unknown as AnyBody;
  const langs = CONTENT_LANGS.filter((lang) => body.texts[lang] !== undefined);
  const id = await deps.database.db
    .transaction()
    .execute(async (trx) => {
      const stored = body.id === undefined ? [] : await adminRepo.itemRows(trx, spec.shape.table, body.id, true);
      if (body.id !== undefined && stored.length === 0) throw new AppError('NOT_FOUND');
      const first = stored[0];
      const category = spec.category
        ? await checkCategory(trx, spec.category, body.category_id, langs, body.agent_id)
        : undefined;
      const values = spec.values(body, { stored: first, category });
      const publishAt = body.publish_at
        ? new Date(body.publish_at)
        : !first || first.status === 'draft'
          ? new Date()
          : first.publish_at;
      if (first && isFixed(first.id)) checkFixed(spec, first, body, values, publishAt);
      if (spec.items && first) await checkCategoryChange(trx, spec.items, stored, body, langs);
      if (first) await adminRepo.deleteOtherLangs(trx, spec.shape.table, first.id, langs);
      let savedId = first?.id;
      for (const lang of langs) {
        savedId = await spec.save(trx, {
          ...values,
          ...(savedId === undefined ? {} : { id: savedId }),
          lang,
          agent_id: body.agent_id,
          status: body.status,
          publish_at: publishAt,
          ...body.texts[lang],
        });
      }
      if (kind === 'help_category' && first && first.type !== body.type)
        await adminRepo.setHelpArticleTypes(trx, savedId!, body.type as number);
      return savedId!;
    })
    .catch((err: unknown) => {
      throw foreignKeyError(spec, err);
    });
  return itemDetail(deps, kind, id);
}

/** Deletes every language row of an item (see the header for why hard). */
export async function deleteItem(deps: Deps, kind: ContentKind, id: number): Promise<void> {
  const spec = KINDS[kind];
  await deps.database.db
    .transaction()
    .execute(async (trx) => {
      const stored = await adminRepo.itemRows(trx, spec.shape.table, id, true);
      if (stored.length === 0) throw new AppError('NOT_FOUND');
      if (isFixed(id)) throw new AppError('CONTENT_FIXED_ITEM');
      if (spec.items && (await adminRepo.countItemsInCategory(trx, spec.items, id)) > 0)
        throw new AppError('CONTENT_CATEGORY_IN_USE');
      await adminRepo.deleteItem(trx, spec.shape.table, id);
    })
    .catch((err: unknown) => {
      throw foreignKeyError(spec, err);
    });
}
