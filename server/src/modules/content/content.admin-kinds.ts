/** The kinds of public content the staff console edits: per kind, its table, columns and sanitizing save. */

import type { ContentKind } from '@trackline/contract/content-admin-types';
import type { ContentLang } from '@trackline/contract/content-types';
import type { Insertable } from 'kysely';
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
import type { CategoryTable, ItemRow, ItemTable, ListShape } from './content.admin-repository';
import {
  saveHelpArticle,
  saveHelpCategory,
  saveHotPlan,
  saveNews,
  saveNewsCategory,
  saveQuestion,
  saveQuestionCategory,
  saveVersion,
} from './content.service';

export type Texts = Partial<Record<ContentLang, Record<string, unknown>>>;
export type Values = Record<string, unknown>;

/** The body as the generic save reads it: every kind's body has these, plus its own shared fields. */
export interface AnyBody extends Values {
  id?: number;
  agent_id: number | null;
  status: 'draft' | 'published';
  publish_at?: string;
  texts: Texts;
}

export interface KindSpec {
  shape: ListShape;
  /** The sanitizing save of content.service for one language row; answers the id. */
  save: (db: Db, values: Values) => Promise<number>;
  /** Columns every language row shares (besides site, status and time), in the detail's order. */
  shared: readonly string[];
  /** Columns written per language. */
  texts: readonly string[];
  /** The category table an item's category_id points into. */
  category?: CategoryTable;
  /** For a category: the table whose rows sit in it. */
  items?: ItemTable;
  /** Shared columns a fixed item keeps. */
  locked: readonly string[];
  /** The shared columns to write, from the body (and the stored row, for defaults; the category, for its type). */
  values(body: AnyBody, ctx: { stored?: ItemRow; category?: ItemRow }): Values;
}

const date = (v: unknown): Date | null => (v ? new Date(v as string) : null);

const categoryKind = (table: CategoryTable, items: ItemTable, save: KindSpec['save'], title: string): KindSpec => ({
  shape: {
    table,
    title,
    has: { category: false, type: table === 'help_categories', platform: false },
    order:
      table === 'help_categories'
        ? [
            ['type', 'asc'],
            ['sort', 'asc'],
            ['id', 'asc'],
          ]
        : [
            ['sort', 'asc'],
            ['id', 'asc'],
          ],
  },
  save,
  shared: table === 'help_categories' ? ['type', 'sort'] : ['sort'],
  texts: [title],
  items,
  locked: table === 'help_categories' ? ['type'] : [],
  values: (b) => (table === 'help_categories' ? { type: b.type, sort: b.sort } : { sort: b.sort }),
});

export const KINDS: Record<ContentKind, KindSpec> = {
  news: {
    shape: {
      table: 'news',
      title: 'title',
      has: { category: true, type: false, platform: false },
      order: [['publish_at', 'desc']],
    },
    save: (db, v) => saveNews(db, v as Insertable<NewsTable>),
    shared: ['category_id', 'cover', 'author'],
    texts: ['title', 'summary', 'content'],
    category: 'news_categories',
    locked: ['category_id'],
    values: (b) => ({ category_id: b.category_id, cover: b.cover, author: b.author }),
  },
  news_category: categoryKind(
    'news_categories',
    'news',
    (db, v) => saveNewsCategory(db, v as Insertable<NewsCategoriesTable>),
    'name',
  ),
  help_category: categoryKind(
    'help_categories',
    'help_articles',
    (db, v) => saveHelpCategory(db, v as Insertable<HelpCategoriesTable>),
    'title',
  ),
  help_article: {
    shape: {
      table: 'help_articles',
      title: 'title',
      has: { category: true, type: true, platform: false },
      order: [
        ['type', 'asc'],
        ['category_id', 'asc'],
        ['sort', 'asc'],
        ['id', 'asc'],
      ],
    },
    save: (db, v) => saveHelpArticle(db, v as Insertable<HelpArticlesTable>),
    shared: ['category_id', 'type', 'tid', 'sort'],
    texts: ['title', 'content'],
    category: 'help_categories',
    locked: ['category_id', 'tid'],
    values: (b, { category }) => ({ category_id: b.category_id, type: category?.type, tid: b.tid, sort: b.sort }),
  },
  question_category: categoryKind(
    'question_categories',
    'questions',
    (db, v) => saveQuestionCategory(db, v as Insertable<QuestionCategoriesTable>),
    'name',
  ),
  question: {
    shape: {
      table: 'questions',
      title: 'question',
      has: { category: true, type: false, platform: false },
      order: [
        ['category_id', 'asc'],
        ['sort', 'asc'],
        ['id', 'asc'],
      ],
    },
    save: (db, v) => saveQuestion(db, v as Insertable<QuestionsTable>),
    shared: ['category_id', 'sort'],
    texts: ['question', 'answer'],
    category: 'question_categories',
    locked: ['category_id'],
    values: (b) => ({ category_id: b.category_id, sort: b.sort }),
  },
  hot_plan: {
    shape: {
      table: 'hot_plans',
      title: 'title',
      has: { category: false, type: false, platform: false },
      order: [
        ['sort', 'asc'],
        ['publish_at', 'desc'],
      ],
    },
    save: (db, v) => saveHotPlan(db, v as Insertable<HotPlansTable>),
    shared: ['cover', 'starts_at', 'ends_at', 'sort'],
    texts: ['title', 'summary', 'content', 'terms'],
    locked: [],
    values: (b) => ({ cover: b.cover, starts_at: date(b.starts_at), ends_at: date(b.ends_at), sort: b.sort }),
  },
  version: {
    shape: {
      table: 'soft_versions',
      title: 'version',
      has: { category: false, type: false, platform: true },
      order: [['released_at', 'desc']],
    },
    save: (db, v) => saveVersion(db, v as Insertable<SoftVersionsTable>),
    shared: ['platform', 'version', 'released_at'],
    texts: ['notes'],
    locked: [],
    values: (b, { stored }) => ({
      platform: b.platform,
      version: b.version,
      released_at: date(b.released_at) ?? (stored?.released_at as Date | undefined) ?? new Date(),
    }),
  },
};
