/**
 * Public content (spec §1–2, §7): news, help centre, questions and answers, hot plans, downloads, and problem
 * feedback (§5). News, help and hot plans are global or belong to one agent; a site shows its own and the global
 * ones. Texts are written per language ('zh-CN' or 'en'); a call answers in the caller's language.
 * HTML fields are sanitized when saved and again when shown.
 * This module has no zod, so public pages can import its constants; the request schemas are in content.ts.
 */

export const CONTENT_LANGS = ['zh-CN', 'en'] as const;

export type ContentLang = (typeof CONTENT_LANGS)[number];

export const PAGE_LIMIT_MAX = 50;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

// News (POST /api/cms/data/news, /api/cms/data/news_info)

export interface NewsCategory {
  id: number;
  name: string;
}

export interface NewsSummary {
  id: number;
  category_id: number;
  category_name: string;
  title: string;
  summary: string;
  cover: string;
  publish_at: string;
}

export interface NewsListData extends Page<NewsSummary> {
  categories: NewsCategory[];
}

export interface NewsDetail extends NewsSummary {
  author: string;
  /** Sanitized HTML. */
  content: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

// Help centre (POST /api/cms/data/webAnchorConfig, /api/cms/data/help_info)

/**
 * The help centre's categories and their articles ("anchors"). A help article is addressed by id, type and tid, as
 * the footer's links are: type 1 is the help topics, type 2 the platform documents (about the platform id 3,
 * platform agreement id 5, content admission id 6); tid is the sub-category within the type (0 for none).
 */

export const HELP_TYPE_TOPICS = 1;

export const HELP_TYPE_DOCUMENTS = 2;

export interface HelpAnchor {
  id: number;
  type: number;
  tid: number;
  title: string;
}

export interface HelpCategory {
  id: number;
  type: number;
  title: string;
  anchors: HelpAnchor[];
}

export interface AnchorConfigData {
  list: HelpCategory[];
}

export interface HelpArticle extends HelpAnchor {
  category_title: string;
  /** Sanitized HTML. */
  content: string;
  updated_at: string;
}

// Questions and answers (POST /api/cms/data/webQuestion)

export interface Question {
  id: number;
  category_id: number;
  category_name: string;
  question: string;
  /** Sanitized HTML. */
  answer: string;
}

export interface QuestionListData extends Page<Question> {
  categories: NewsCategory[];
}

// Hot plans (POST /api/cms/data/hot_plan, /api/cms/data/hot_plan_info)

export interface HotPlanSummary {
  id: number;
  title: string;
  summary: string;
  cover: string;
  starts_at: string | null;
  ends_at: string | null;
}

export interface HotPlanDetail extends HotPlanSummary {
  /** Sanitized HTML: what the plan offers. */
  content: string;
  /** Sanitized HTML: its terms. */
  terms: string;
}

// Downloads (POST /api/web/download_config, /api/softversion/getversion)

export interface DownloadConfig {
  ios: string;
  android: string;
  win32: string;
  /** The phone apps' QR images set in the content console; empty: the page shows the site's own (agent qr_*). */
  qr_ios: string;
  qr_android: string;
}

export const SOFT_PLATFORMS = ['ios', 'android', 'win32', 'mac'] as const;

export interface SoftVersion {
  id: number;
  platform: (typeof SOFT_PLATFORMS)[number];
  version: string;
  notes: string;
  released_at: string;
}

export interface VersionListData {
  list: SoftVersion[];
}

// Problem feedback (POST /api/problem/add_pro, spec §5)

/** The nine problem types of §5, in its order: registration, information filling, ownership, BUG, distribution
 * channel, work management, bill, withdrawal, operation. */

export const PROBLEM_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export const PROBLEM_CONTENT_MAX = 1000;

/** One problem feedback as support staff see it (GET /api/admin/problem/list). */
export interface ProblemItem {
  id: number;
  type: number;
  content: string;
  mobile: string;
  user_id: number | null;
  agent_id: number | null;
  status: 'open' | 'closed';
  created_at: string;
  closed_at: string | null;
  closed_by: number | null;
}

export const PROBLEM_STATUSES = ['open', 'closed'] as const;

export interface ProblemListData {
  list: ProblemItem[];
  total: number;
  page: number;
  limit: number;
}

/**
 * One search over the help centre (issue 9: the search found Q&A only): help documents, news and questions, each
 * group with its first hits and its total. `excerpt` is plain text around the first match (no HTML); the portal
 * marks the keyword in titles and excerpts itself.
 */
export interface SearchHit {
  id: number;
  title: string;
  excerpt: string;
}
export interface HelpSearchHit extends SearchHit {
  type: number;
  tid: number;
  category_title: string;
}
export interface NewsSearchHit extends SearchHit {
  publish_at: string;
}
export interface SearchGroup<T> {
  total: number;
  list: T[];
}
export interface ContentSearchData {
  keyword: string;
  help: SearchGroup<HelpSearchHit>;
  news: SearchGroup<NewsSearchHit>;
  questions: SearchGroup<SearchHit>;
}
