/**
 * The staff content console (/admin, role content): the kinds it edits, the states it shows and the shapes its
 * calls answer. No zod here, so the console can import the constants without the schemas; those are in
 * content-admin.ts.
 *
 * An item is one id with a row per language (zh-CN always, en optional). Everything but the texts (category,
 * site, status, publish time, sort...) is the same in every language row of an id; the console edits it once.
 */
import type { ContentLang } from './content-types';

/** What the console edits, each under /api/admin/content/<kind>_<list|info|save|delete>. */
export const CONTENT_KINDS = [
  'news',
  'news_category',
  'help_category',
  'help_article',
  'question_category',
  'question',
  'hot_plan',
  'version',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** What is stored. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** What the console shows: a published item whose publish time is still ahead is "scheduled". */
export const CONTENT_STATES = ['draft', 'scheduled', 'published'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/**
 * Ids below this are fixed items the site links to by id (the footer's platform documents 3, 5, 6 and their
 * category 1): editable, never deletable, and they stay global, published and where they are.
 */
export const FIXED_ID_LIMIT = 100;

export const CONTENT_ADMIN_PAGE_MAX = 50;

/** A link or image address: http(s), or a path on this site (an uploaded file is /files/...); empty for none. */
export const LINK_PATTERN = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

/** The longest rich-text body the console saves (characters of HTML). */
export const RICH_TEXT_MAX = 200_000;

export interface ContentAdminRow {
  id: number;
  /** The title (name, question, version) in the filtered language, else zh-CN. */
  title: string;
  /** The languages the item is written in. */
  langs: ContentLang[];
  agent_id: number | null;
  status: ContentStatus;
  state: ContentState;
  publish_at: string;
  updated_at: string;
  fixed: boolean;
  /** news, help articles, questions. */
  category_id?: number;
  category_name?: string;
  /** help categories and articles. */
  type?: number;
  tid?: number;
  /** versions. */
  platform?: string;
  sort?: number;
}

export interface ContentAdminPage {
  list: ContentAdminRow[];
  total: number;
  page: number;
  limit: number;
}

/** What every detail carries besides its kind's fields. */
export interface ContentDetailMeta {
  id: number;
  fixed: boolean;
  state: ContentState;
  publish_at: string;
  created_at: string;
  updated_at: string;
}

/** One site's download links and QR images (agent_id null: the global record every site without one uses). */
export interface DownloadSettings {
  agent_id: number | null;
  ios: string;
  android: string;
  win32: string;
  qr_ios: string;
  qr_android: string;
  updated_at: string | null;
}

/** A site the console can scope content to, with its download settings (blank when it has none yet). */
export interface ContentSite {
  agent_id: number | null;
  domain: string;
  site_title: string;
  download: DownloadSettings;
}
