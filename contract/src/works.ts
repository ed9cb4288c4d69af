/**
 * Request schemas of the work calls (musician: /api/publish/*, editors: /api/admin/review/*). Saving is lenient:
 * a draft may be incomplete (empty strings, missing files), so the musician can leave and come back; completeness
 * and the editor's rules are judged by pre-review, which decides whether the work may move on or be submitted.
 */
import { z } from 'zod';
import {
  GENRES,
  WORK_LIMITS as L,
  MATERIAL_KINDS,
  PROPERTIES,
  REJECT_REASONS,
  RELEASE_KINDS,
  SOURCES,
  TERRITORIES,
  WC_STATEMENTS,
  WORK_LANGUAGES,
} from './work-model';
import { STATUS_GROUPS, WORK_STATUSES } from './work-status';

const id = z.coerce.number().int().positive();
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(50).default(10);
const text = (max: number) => z.string().trim().max(max);
const names = z.array(text(L.nameMax)).max(L.artistsMax);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A storage key of one of the caller's own files (ownership is checked by the server). */
const fileKey = z.string().min(1).max(300);
const nullableInt = <T extends readonly number[]>(values: T) =>
  z.coerce
    .number()
    .int()
    .refine((v) => (values as readonly number[]).includes(v))
    .nullable();

export const workCreateBody = z.object({ kind: z.enum(RELEASE_KINDS) });

export const trackInput = z.object({
  /** An existing track's id; absent for a new track. The array's order is the tracks' order. */
  id: id.optional(),
  title: text(L.titleMax).default(''),
  version: text(L.versionMax).default(''),
  primary_artists: names.default([]),
  featured_artists: names.default([]),
  lyricist: names.default([]),
  composer: names.default([]),
  arranger: names.default([]),
  producer: names.default([]),
  isrc: text(15).nullable().default(null),
  explicit: z.boolean().default(false),
  language: z.enum(WORK_LANGUAGES).nullable().default(null),
  lyrics: text(L.lyricsMax).default(''),
  /** Main audio (a user_files key of kind audio) and lyrics file (kind text); null removes, absent keeps. */
  audio_key: fileKey.nullable().optional(),
  lyric_key: fileKey.nullable().optional(),
});
export type TrackInput = z.infer<typeof trackInput>;

/** Step 1: the work's information and files. The whole track list is sent: added, removed and reordered at once. */
export const workInfoBody = z.object({
  /** Absent on a work's first save: the draft is created by that save (with `kind`), never before (issue 9). */
  id: id.optional(),
  /** A new work's kind; only read when `id` is absent. */
  kind: z.enum(RELEASE_KINDS).optional(),
  title: text(L.titleMax).default(''),
  version: text(L.versionMax).default(''),
  primary_artists: names.default([]),
  featured_artists: names.default([]),
  genre: z.enum(GENRES).nullable().default(null),
  language: z.enum(WORK_LANGUAGES).nullable().default(null),
  explicit: z.boolean().default(false),
  original_release_date: isoDate.nullable().default(null),
  label: text(L.labelMax).default(''),
  p_line: text(L.lineMax).default(''),
  c_line: text(L.lineMax).default(''),
  upc: text(14).nullable().default(null),
  property: nullableInt(PROPERTIES).default(null),
  wc_statement: nullableInt(WC_STATEMENTS).default(null),
  source: nullableInt(SOURCES).default(null),
  cover_key: fileKey.nullable().optional(),
  tracks: z.array(trackInput).min(1).max(L.tracksMax),
});
export type WorkInfoBody = z.infer<typeof workInfoBody>;

/** Step 2: where and when. */
export const workScopeBody = z.object({
  id,
  platforms: z.array(z.string().min(1).max(40)).min(1).max(50),
  territories: z.union([z.literal('worldwide'), z.array(z.enum(TERRITORIES)).min(1).max(TERRITORIES.length)]),
  release_date: isoDate,
});
export type WorkScopeBody = z.infer<typeof workScopeBody>;

/** Step 3: the authorization letter, signed by drawing (a PNG data URL); required for wcStatement 2. */
export const workSignBody = z.object({
  id,
  agree: z.literal(true),
  agreement_version: z.string().min(1).max(20),
  signature_png: z
    .string()
    .max(Math.ceil((L.signatureMaxBytes * 4) / 3) + 32)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)
    .nullable()
    .default(null),
});
export type WorkSignBody = z.infer<typeof workSignBody>;

export const workIdBody = z.object({ id });
/** Several of the caller's drafts deleted at once (the work list's selection): all or none. */
export const workBatchDeleteBody = z.object({ ids: z.array(id).min(1).max(50) });
export type WorkBatchDeleteBody = z.infer<typeof workBatchDeleteBody>;
export type WorkIdBody = z.infer<typeof workIdBody>;

export const workListBody = z.object({
  page,
  limit,
  /** A §4 label group or one exact status. */
  group: z.enum(STATUS_GROUPS).optional(),
  status: z.enum(WORK_STATUSES).optional(),
  keyword: text(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type WorkListBody = z.infer<typeof workListBody>;

/** add-material: attach (or replace) one file on a work or one of its tracks. */
export const materialAddBody = z.object({
  id,
  track_id: id.nullable().default(null),
  kind: z.enum(MATERIAL_KINDS),
  key: fileKey,
});
export type MaterialAddBody = z.infer<typeof materialAddBody>;

export const materialRemoveBody = z.object({ id, material_id: id });

// ---- editors ----

export const reviewListQuery = z.object({
  page,
  limit,
  /** first 200/201, final 300/301, distributing 990 (approved, waiting to be marked online), all of them. */
  stage: z.enum(['first', 'final', 'distributing', 'all']).default('all'),
  keyword: text(100).optional(),
  /** 'change' shows only changes to online works, 'new' only new works. */
  version: z.enum(['new', 'change']).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

/**
 * The status the editor saw (200/201/300/301). The console sends it so that approving what was shown as first review
 * can never pass a final review instead (another editor may have acted in between): a work no longer in that status
 * answers WORK_STATUS_CONFLICT. Left out, the status read when the call starts stands in for it.
 */
const seenStatus = z.enum(['200', '201', '300', '301']).optional();

export const reviewApproveBody = z.object({ id, remark: text(500).default(''), status: seenStatus });

export const reviewRejectBody = z.object({
  id,
  reason: z.enum(REJECT_REASONS),
  remark: text(1000).default(''),
  status: seenStatus,
});
export type ReviewRejectBody = z.infer<typeof reviewRejectBody>;

/**
 * Marking a work online. Before its release date (China time) the server refuses (2251, with `release_date`) unless
 * the editor confirmed it knowingly: `before_release: true` (issue 9: works went "online" days before their date).
 */
export const reviewOnlineBody = z.object({
  id,
  remark: text(500).default(''),
  before_release: z.boolean().default(false),
});
