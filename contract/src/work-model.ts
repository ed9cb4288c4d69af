/**
 * What a work is (spec §3) and the answers of the work calls: enums, constants and response types. Zod-free, so
 * pages import it without the schema library; the request schemas are in works.ts, the status machine in
 * work-status.ts, the rule results (RuleIssue) in works-types.ts.
 */
import type { StatusGroup, WorkStatus } from './work-status';
import type { RuleIssue } from './works-types';

/** §3 property: 1 original, 2 lyrics/music buyout, 3 cover, 4 adaptation, 5 DJ creation. */
export const PROPERTIES = [1, 2, 3, 4, 5] as const;
export type Property = (typeof PROPERTIES)[number];
export const PROPERTY_LABELS: Record<Property, { zh: string; en: string }> = {
  1: { zh: '原创', en: 'Original' },
  2: { zh: '词曲买断', en: 'Lyrics/music buyout' },
  3: { zh: '翻唱', en: 'Cover' },
  4: { zh: '改编', en: 'Adaptation' },
  5: { zh: 'DJ 创作', en: 'DJ creation' },
};

/** §3 wcStatement: 1 holds all rights (signature optional), 2 use right only (signature required). */
export const WC_STATEMENTS = [1, 2] as const;
export type WcStatement = (typeof WC_STATEMENTS)[number];
export const WC_STATEMENT_LABELS: Record<WcStatement, { zh: string; en: string }> = {
  1: { zh: '拥有全部权利', en: 'I hold all rights' },
  2: { zh: '仅拥有使用权', en: 'I hold the right of use only' },
};

/** §3 source 1–8 and its code. */
export const SOURCES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type Source = (typeof SOURCES)[number];
export type SourceCode = 'Y' | 'Y1' | 'Y0' | 'N';
const SOURCE_CODES: Record<Source, SourceCode> = { 1: 'Y', 2: 'Y', 3: 'Y1', 4: 'Y1', 5: 'Y0', 6: 'Y', 7: 'Y', 8: 'N' };
export function sourceCode(source: Source): SourceCode {
  return SOURCE_CODES[source];
}
export const SOURCE_LABELS: Record<Source, { zh: string; en: string }> = {
  1: { zh: '我是词曲作者', en: 'I am the lyricist/composer' },
  2: { zh: '我是作者之一，可代表全部作者', en: 'I am one of the authors and can represent all of them' },
  3: { zh: '我不是作者，但是实际权利人', en: 'I am not the author but the actual rights holder' },
  4: { zh: '已获作者授权', en: 'Licensed by the author' },
  5: { zh: '已获著作权集体管理组织或其他机构授权', en: 'Licensed by a collecting society or other organisation' },
  6: { zh: '作者去世超过50年且无法联系', en: 'The author died over 50 years ago and cannot be traced' },
  7: {
    zh: '无使用权，但该版本已于2006年7月1日前实体发行',
    en: 'No right of use, but this version was physically released before 2006-07-01',
  },
  8: { zh: '无授权', en: 'No authorization' },
};

/** §3 material kinds. `music` is the main audio of a track; `cover` belongs to the release, the rest to a track. */
export const MATERIAL_KINDS = ['music', 'lyric', 'cover', 'accompany', 'short_audio', 'karaoke', 'mv'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_LABELS: Record<MaterialKind, { zh: string; en: string }> = {
  music: { zh: '主音频', en: 'Main audio' },
  lyric: { zh: '歌词', en: 'Lyrics' },
  cover: { zh: '封面', en: 'Cover' },
  accompany: { zh: '伴奏', en: 'Accompaniment' },
  short_audio: { zh: '短音频', en: 'Short audio' },
  karaoke: { zh: 'K歌', en: 'Karaoke' },
  mv: { zh: 'MV 视频', en: 'MV video' },
};
/** Which upload kind (user_files.kind) each material takes. */
export const MATERIAL_FILE_KIND: Record<MaterialKind, 'audio' | 'text' | 'image' | 'video'> = {
  music: 'audio',
  lyric: 'text',
  cover: 'image',
  accompany: 'audio',
  short_audio: 'audio',
  karaoke: 'audio',
  mv: 'video',
};

export const RELEASE_KINDS = ['single', 'album'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

export const GENRES = [
  'pop',
  'rock',
  'folk',
  'electronic',
  'hiphop',
  'rnb',
  'jazz',
  'classical',
  'country',
  'metal',
  'ambient',
  'soundtrack',
  'world',
  'children',
  'chinese_traditional',
  'other',
] as const;
export type Genre = (typeof GENRES)[number];

/** Language of the lyrics (BCP 47 where one exists); `instrumental` for none. */
export const WORK_LANGUAGES = ['zh-cmn', 'zh-yue', 'zh-nan', 'en', 'ja', 'ko', 'instrumental', 'other'] as const;
export type WorkLanguage = (typeof WORK_LANGUAGES)[number];

/**
 * Territories: worldwide, or a list of ISO 3166-1 alpha-2 codes — every officially assigned one (249), so a
 * musician may pick any country or region (issue 9: the list stopped at 20).
 */
// biome-ignore format: one row of codes per line reads better than one code per line
export const TERRITORIES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW',
  'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN',
  'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG',
  'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI',
  'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL',
  'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR',
  'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA',
  'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU',
  'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP',
  'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR',
  'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD',
  'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV',
  'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE',
  'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

/** The ones most musicians here choose, offered first as quick picks. */
export const COMMON_TERRITORIES = [
  'CN',
  'HK',
  'MO',
  'TW',
  'JP',
  'KR',
  'SG',
  'MY',
  'TH',
  'ID',
  'PH',
  'VN',
  'US',
  'CA',
  'GB',
  'DE',
  'FR',
  'AU',
  'NZ',
  'BR',
] as const satisfies readonly (typeof TERRITORIES)[number][];
export type Territory = (typeof TERRITORIES)[number];

export const REJECT_REASONS = [
  'audio_quality',
  'cover',
  'metadata',
  'rights',
  'duplicate',
  'content',
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const REJECT_REASON_LABELS: Record<RejectReason, { zh: string; en: string }> = {
  audio_quality: { zh: '音频质量不符合要求', en: 'Audio quality does not meet the requirements' },
  cover: { zh: '封面不符合要求', en: 'The cover does not meet the requirements' },
  metadata: { zh: '作品信息有误', en: 'The work information is wrong' },
  rights: { zh: '版权信息不完整或存疑', en: 'Rights information is incomplete or doubtful' },
  duplicate: { zh: '与已有作品重复', en: 'Duplicates an existing work' },
  content: { zh: '内容不符合平台规范', en: 'The content breaks platform rules' },
  other: { zh: '其他原因', en: 'Other reason' },
};

/** The version of the authorization letter's wording a signature agrees to. */
export const AGREEMENT_VERSION = '2026-11';

export const WORK_LIMITS = {
  titleMax: 200,
  versionMax: 100,
  artistsMax: 10,
  nameMax: 100,
  lineMax: 200,
  labelMax: 100,
  lyricsMax: 20_000,
  tracksMax: 50,
  signatureMaxBytes: 512 * 1024,
} as const;

export interface PlatformItem {
  code: string;
  name: string;
  region: 'cn' | 'global';
}

export interface MaterialItem {
  id: number;
  kind: MaterialKind;
  key: string;
  url: string;
  name: string;
  size: number;
  /** The file's analysis (audio: format, sampleRate, bitDepth, channels, durationSec; image: width, height…). */
  meta: Record<string, unknown> | null;
  /** Hex SHA-256 of the whole file, when it was computed as the file came in (delivery sends it to stores). */
  sha256?: string | null;
  /**
   * The rules this file breaks for its kind, from its stored analysis (audio: length, sample rate, bit depth,
   * channels, lossless); absent when none. Field paths as pre-review's (`tracks.0.audio`, `tracks.1.accompany`).
   */
  issues?: RuleIssue[];
}

export interface TrackItem {
  id: number;
  position: number;
  title: string;
  version: string;
  primary_artists: string[];
  featured_artists: string[];
  lyricist: string[];
  composer: string[];
  arranger: string[];
  producer: string[];
  isrc: string | null;
  explicit: boolean;
  language: WorkLanguage | null;
  lyrics: string;
  materials: MaterialItem[];
}

export interface WorkDetail {
  id: number;
  kind: ReleaseKind;
  status: WorkStatus;
  /** Shown as the status tag's tooltip for status 10 (§4). */
  remark: string;
  /** The editor's reason for 400/401. */
  reject_reason: { code: RejectReason; text: string } | null;
  title: string;
  version: string;
  primary_artists: string[];
  featured_artists: string[];
  genre: Genre | null;
  language: WorkLanguage | null;
  explicit: boolean;
  original_release_date: string | null;
  release_date: string | null;
  label: string;
  p_line: string;
  c_line: string;
  upc: string | null;
  property: Property | null;
  wc_statement: WcStatement | null;
  source: Source | null;
  source_code: SourceCode | null;
  platforms: string[];
  /** 'worldwide' or ISO codes. */
  territories: 'worldwide' | Territory[];
  cover: MaterialItem | null;
  tracks: TrackItem[];
  authorization: { signed_at: string; agreement_version: string; pdf_url: string; signed: boolean } | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  /** The publishing step to resume at (work-status.ts resumeStep), null outside the three steps. */
  resume_step?: 1 | 2 | 3 | null;
  /** The earliest release date step 2 accepts today (Asia/Shanghai, RELEASE_LEAD_DAYS ahead). */
  earliest_release_date?: string;
}

export interface WorkListItem {
  id: number;
  kind: ReleaseKind;
  status: WorkStatus;
  remark: string;
  reject_reason: { code: RejectReason; text: string } | null;
  title: string;
  primary_artists: string[];
  cover_url: string | null;
  track_count: number;
  release_date: string | null;
  /** The release's UPC once approval assigned it, else null. */
  upc: string | null;
  /** The tracks' ISRCs in track order, those assigned so far. */
  isrcs: string[];
  created_at: string;
  updated_at: string;
}

export interface WorkListData {
  list: WorkListItem[];
  total: number;
  page: number;
  limit: number;
}

export interface WorkEvent {
  id: number;
  from: WorkStatus | null;
  to: WorkStatus;
  actor: 'user' | 'editor' | 'system';
  /** What happened: 'create' or a work-status.ts action ('complete_info', 'submit', 'reject'…). */
  action?: string;
  actor_name: string;
  remark: string;
  created_at: string;
}

export interface PrereviewResult {
  issues: RuleIssue[];
  /** No error-severity issue: the work may be submitted (warnings do not block). */
  can_submit: boolean;
}

/** GET /api/publish/waitcount: counts for the menu badges. */
export interface WaitCount {
  drafts: number;
  under_review: number;
  rejected: number;
}

/** POST /api/app.cpuser/get_index_data: the entry page. */
export interface IndexData {
  counts: Record<StatusGroup, number>;
  drafts: WorkListItem[];
  rejected: WorkListItem[];
  recent: WorkListItem[];
}
