/**
 * What the content console knows about each kind: its address under /admin/content, its texts, the fields shared
 * by its languages and those written per language, which list filters apply, and where a published item is seen
 * on the site. The list and editor pages are generic over this table.
 */
import type { ContentKind } from '@trackline/contract/content-admin-types';
import {
  HELP_QA_ROUTE,
  helpArticleRoute,
  helpSubListRoute,
  hotPlanDetailRoute,
  NEWS_LIST_ROUTE,
  newsDetailRoute,
} from '../../lib/routes';
import type { AdminKey } from '../i18n';
import type { ContentDetail } from './content-api';

/** A field the item's languages share. */
export type SharedField =
  | { name: string; type: 'category'; label: AdminKey }
  | { name: string; type: 'image'; label: AdminKey }
  | { name: string; type: 'text'; label: AdminKey; max: number; required?: boolean }
  | { name: string; type: 'number'; label: AdminKey; min: number; max: number; help?: AdminKey }
  | {
      name: string;
      type: 'select';
      label: AdminKey;
      options: ReadonlyArray<{ value: string | number; label: AdminKey }>;
    }
  | { name: string; type: 'datetime'; label: AdminKey; help?: AdminKey };

/** A field written per language. */
export interface TextField {
  name: string;
  label: AdminKey;
  type: 'input' | 'textarea' | 'rich';
  max?: number;
  required?: boolean;
}

export interface KindConfig {
  kind: ContentKind;
  slug: string;
  /** The sub-menu entry and the list's heading. */
  label: AdminKey;
  /** "New …" */
  create: AdminKey;
  /** The category kind its category_id points to. */
  category?: ContentKind;
  shared: readonly SharedField[];
  texts: readonly TextField[];
  filters: { category?: boolean; type?: boolean; platform?: boolean };
  /** Where a visitor sees the published item (a path on its site). */
  viewPath(detail: Pick<ContentDetail, 'id'> & Record<string, unknown>): string;
}

const SORT: SharedField = { name: 'sort', type: 'number', label: 'content.field.sort', min: -9999, max: 9999 };
const COVER: SharedField = { name: 'cover', type: 'image', label: 'content.field.cover' };
const CATEGORY: SharedField = { name: 'category_id', type: 'category', label: 'content.field.category' };
const TITLE: TextField = { name: 'title', label: 'content.field.title', type: 'input', max: 200, required: true };
const NAME: TextField = { name: 'name', label: 'content.field.name', type: 'input', max: 50, required: true };
const SUMMARY: TextField = { name: 'summary', label: 'content.field.summary', type: 'textarea', max: 500 };

export const HELP_TYPES = [
  { value: 1, label: 'content.helpType.topics' },
  { value: 2, label: 'content.helpType.documents' },
] as const;

export const PLATFORMS = [
  { value: 'ios', label: 'content.platform.ios' },
  { value: 'android', label: 'content.platform.android' },
  { value: 'win32', label: 'content.platform.win32' },
  { value: 'mac', label: 'content.platform.mac' },
] as const;

export const CONTENT_KIND_CONFIGS: readonly KindConfig[] = [
  {
    kind: 'news',
    slug: 'news',
    label: 'content.kind.news',
    create: 'content.create.news',
    category: 'news_category',
    shared: [CATEGORY, COVER, { name: 'author', type: 'text', label: 'content.field.author', max: 64 }],
    texts: [TITLE, SUMMARY, { name: 'content', label: 'content.field.body', type: 'rich' }],
    filters: { category: true },
    viewPath: (d) => newsDetailRoute(d.id),
  },
  {
    kind: 'news_category',
    slug: 'news-categories',
    label: 'content.kind.news_category',
    create: 'content.create.news_category',
    shared: [SORT],
    texts: [NAME],
    filters: {},
    viewPath: (d) => `${NEWS_LIST_ROUTE}?category=${d.id}`,
  },
  {
    kind: 'help_article',
    slug: 'help-articles',
    label: 'content.kind.help_article',
    create: 'content.create.help_article',
    category: 'help_category',
    shared: [
      CATEGORY,
      { name: 'tid', type: 'number', label: 'content.field.tid', min: 0, max: 1_000_000, help: 'content.help.tid' },
      SORT,
    ],
    texts: [TITLE, { name: 'content', label: 'content.field.body', type: 'rich' }],
    filters: { category: true, type: true },
    viewPath: (d) => helpArticleRoute({ id: d.id, type: Number(d.type), tid: Number(d.tid) }),
  },
  {
    kind: 'help_category',
    slug: 'help-categories',
    label: 'content.kind.help_category',
    create: 'content.create.help_category',
    shared: [{ name: 'type', type: 'select', label: 'content.field.helpType', options: HELP_TYPES }, SORT],
    texts: [{ ...TITLE, max: 100 }],
    filters: { type: true },
    viewPath: (d) => helpSubListRoute(d.id),
  },
  {
    kind: 'question',
    slug: 'questions',
    label: 'content.kind.question',
    create: 'content.create.question',
    category: 'question_category',
    shared: [CATEGORY, SORT],
    texts: [
      { name: 'question', label: 'content.field.question', type: 'textarea', max: 500, required: true },
      { name: 'answer', label: 'content.field.answer', type: 'rich' },
    ],
    filters: { category: true },
    viewPath: (d) => `${HELP_QA_ROUTE}?category=${String(d.category_id)}`,
  },
  {
    kind: 'question_category',
    slug: 'question-categories',
    label: 'content.kind.question_category',
    create: 'content.create.question_category',
    shared: [SORT],
    texts: [NAME],
    filters: {},
    viewPath: (d) => `${HELP_QA_ROUTE}?category=${d.id}`,
  },
  {
    kind: 'hot_plan',
    slug: 'hot-plans',
    label: 'content.kind.hot_plan',
    create: 'content.create.hot_plan',
    shared: [
      COVER,
      { name: 'starts_at', type: 'datetime', label: 'content.field.startsAt' },
      { name: 'ends_at', type: 'datetime', label: 'content.field.endsAt' },
      SORT,
    ],
    texts: [
      TITLE,
      SUMMARY,
      { name: 'content', label: 'content.field.planBody', type: 'rich' },
      { name: 'terms', label: 'content.field.terms', type: 'rich' },
    ],
    filters: {},
    viewPath: (d) => hotPlanDetailRoute(d.id),
  },
  {
    kind: 'version',
    slug: 'versions',
    label: 'content.kind.version',
    create: 'content.create.version',
    shared: [
      { name: 'platform', type: 'select', label: 'content.field.platform', options: PLATFORMS },
      { name: 'version', type: 'text', label: 'content.field.version', max: 32, required: true },
      { name: 'released_at', type: 'datetime', label: 'content.field.releasedAt', help: 'content.help.releasedAt' },
    ],
    texts: [{ name: 'notes', label: 'content.field.notes', type: 'textarea', max: 2000 }],
    filters: { platform: true },
    viewPath: () => '/download/index',
  },
];

export function kindBySlug(slug: string | undefined): KindConfig | undefined {
  return CONTENT_KIND_CONFIGS.find((k) => k.slug === slug);
}

export function kindConfig(kind: ContentKind): KindConfig {
  return CONTENT_KIND_CONFIGS.find((k) => k.kind === kind)!;
}

/** The address of a path on an item's site: this origin for global items, the site's own domain otherwise. */
export function siteUrl(path: string, domain: string | undefined): string {
  if (!domain) return path;
  const port = window.location.port ? `:${window.location.port}` : '';
  return `${window.location.protocol}//${domain}${port}${path}`;
}
