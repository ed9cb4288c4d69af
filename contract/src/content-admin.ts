/**
 * Request schemas of the staff content console (/api/admin/content/...); constants and answer shapes are in
 * content-admin-types.ts.
 *
 * A save sends one id (absent: a new item) with everything that is the same in each language, and `texts`: the
 * zh-CN texts (required: the site's default language and every fallback) and the English ones (absent: the item
 * has no English version, and a stored one is removed). Rich-text fields are HTML, cleaned by the server.
 */
import { z } from 'zod';
import {
  CONTENT_ADMIN_PAGE_MAX,
  CONTENT_STATES,
  CONTENT_STATUSES,
  LINK_PATTERN,
  RICH_TEXT_MAX,
} from './content-admin-types';
import { CONTENT_LANGS, SOFT_PLATFORMS } from './content-types';

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1);
const html = z.string().max(RICH_TEXT_MAX);
const sort = z.number().int().min(-9999).max(9999).default(0);
const datetime = z.iso.datetime({ offset: true });

const link = text(500).refine((v) => v === '' || LINK_PATTERN.test(v), { message: 'link' });

/** Fields every item has: its id when it exists, its site (null: every site), status and publish time. */
const item = {
  id: id.optional(),
  agent_id: z.number().int().positive().nullable(),
  status: z.enum(CONTENT_STATUSES),
  /** Absent: now for a new item or a draft, else the stored time. A future time on a published item schedules it. */
  publish_at: datetime.optional(),
};

function texts<T extends z.ZodRawShape>(shape: T) {
  const one = z.object(shape);
  // Strict: a language the site does not have is a mistake, not something to drop silently.
  return z.strictObject({ 'zh-CN': one, en: one.optional() });
}

export const newsSaveBody = z.object({
  ...item,
  category_id: id,
  cover: link,
  author: text(64).default(''),
  texts: texts({ title: required(200), summary: text(500).default(''), content: html }),
});

const categoryTexts = texts({ name: required(50) });

export const newsCategorySaveBody = z.object({ ...item, sort, texts: categoryTexts });

export const questionCategorySaveBody = z.object({ ...item, sort, texts: categoryTexts });

export const helpCategorySaveBody = z.object({
  ...item,
  /** 1: help topics, 2: platform documents. */
  type: z.number().int().min(1).max(2),
  sort,
  texts: texts({ title: required(100) }),
});

/** The article's type is its category's; tid is the sub-category the help centre's links address it by. */
export const helpArticleSaveBody = z.object({
  ...item,
  category_id: id,
  tid: z.number().int().min(0).max(1_000_000).default(0),
  sort,
  texts: texts({ title: required(200), content: html }),
});

export const questionSaveBody = z.object({
  ...item,
  category_id: id,
  sort,
  texts: texts({ question: required(500), answer: html }),
});

export const hotPlanSaveBody = z
  .object({
    ...item,
    cover: link,
    starts_at: datetime.nullable().default(null),
    ends_at: datetime.nullable().default(null),
    sort,
    texts: texts({ title: required(200), summary: text(500).default(''), content: html, terms: html.default('') }),
  })
  .refine((b) => !b.starts_at || !b.ends_at || Date.parse(b.ends_at) >= Date.parse(b.starts_at), {
    message: 'ends_at',
    path: ['ends_at'],
  });

export const versionSaveBody = z.object({
  ...item,
  platform: z.enum(SOFT_PLATFORMS),
  version: required(32),
  /** Absent: now for a new version, else the stored date. */
  released_at: datetime.optional(),
  texts: texts({ notes: text(2000).default('') }),
});

export type NewsSaveBody = z.infer<typeof newsSaveBody>;
export type NewsCategorySaveBody = z.infer<typeof newsCategorySaveBody>;
export type QuestionCategorySaveBody = z.infer<typeof questionCategorySaveBody>;
export type HelpCategorySaveBody = z.infer<typeof helpCategorySaveBody>;
export type HelpArticleSaveBody = z.infer<typeof helpArticleSaveBody>;
export type QuestionSaveBody = z.infer<typeof questionSaveBody>;
export type HotPlanSaveBody = z.infer<typeof hotPlanSaveBody>;
export type VersionSaveBody = z.infer<typeof versionSaveBody>;

/** Every list takes the same filters; a kind ignores those it has no column for (category, type, platform). */
export const contentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(CONTENT_ADMIN_PAGE_MAX).default(20),
  status: z.enum(CONTENT_STATES).optional(),
  /** Only items written in this language (their title is shown in it). */
  lang: z.enum(CONTENT_LANGS).optional(),
  /** One site's own items; 0: the global ones. */
  agent_id: z.coerce.number().int().min(0).optional(),
  category_id: id.optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  platform: z.enum(SOFT_PLATFORMS).optional(),
  /** Part of the title (name, question, version) in any language. */
  keyword: z.string().trim().max(100).optional(),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

export const contentIdQuery = z.object({ id });

export const contentDeleteBody = z.object({ id });

/** One site's download links and QR images (agent_id null: the global record); saved whole. */
export const downloadSaveBody = z.object({
  agent_id: z.number().int().positive().nullable(),
  ios: link,
  android: link,
  win32: link,
  qr_ios: link,
  qr_android: link,
});
export type DownloadSaveBody = z.infer<typeof downloadSaveBody>;
