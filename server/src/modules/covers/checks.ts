/**
 * The store rules every export is checked against before it is offered (research delivery.md §6: Apple, DistroKid,
 * CD Baby, iMusician, Juhe). Each failure names its rule (contract/rule-texts.ts has the zh-CN and en texts):
 * - cover.not_square / cover.too_small / cover.colour_space / cover.alpha — size, squareness, sRGB without alpha;
 * - cover.text_not_metadata — the words on the art are the work's title, artist and label, nothing else;
 * - cover.text_banned — no URLs, handles, prices, store names, "独家 / 限量 / Exclusive / Limited";
 * - cover.qr_code — no QR code (decoded with jsQR, so a drawn code in a photo is found too);
 * - cover.blurry — a sharpness measure (the strongest edges' Laplacian response);
 * - cover.near_copy — not a near copy of another release's cover (dHash, Hamming distance; covers.service.ts).
 * Pixel checks run on small grey copies (1500 and 750 pixels): enough for edges and QR modules, and fast.
 */
import type { CoverDesign, CoverMeta, TextSource } from '@trackline/contract/covers';
import type { RuleIssue } from '@trackline/contract/works-types';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { COVER_RULES } from '../media/image';

/**
 * Below this the strongest edges are soft (sharpnessOf). Measured on rendered title covers (dark, light and
 * textured backgrounds): crisp 101–106; blurred by σ 2 55–65, by σ 4 42–58, by σ 8 31–37 (or no edges left);
 * shrunk to 400 px and enlarged back to 3000 px 50–58, from 200 px 34–41.
 */
export const MIN_SHARPNESS = 50;
/** Hamming distance (of 64 bits) at or under which two covers count as the same art. */
export const NEAR_COPY_BITS = 3;

const FIELD_NAMES: Record<TextSource, string> = { title: 'title', artist: 'artist', label: 'label' };

/** Size, squareness and colour of the encoded file, by its own metadata. */
export async function fileIssues(jpeg: Buffer): Promise<RuleIssue[]> {
  const m = await sharp(jpeg).metadata();
  const out: RuleIssue[] = [];
  const size = { width: m.width ?? 0, height: m.height ?? 0 };
  if (size.width !== size.height)
    out.push({ rule: 'cover.not_square', field: 'cover', severity: 'error', params: size });
  if (Math.min(size.width, size.height) < COVER_RULES.minSide)
    out.push({
      rule: 'cover.too_small',
      field: 'cover',
      severity: 'error',
      params: { ...size, min: COVER_RULES.minSide },
    });
  if (m.space !== 'srgb' || m.channels !== 3)
    out.push({
      rule: 'cover.colour_space',
      field: 'cover',
      severity: 'error',
      params: { colorSpace: m.channels === 1 ? 'grayscale' : String(m.space ?? '?') },
    });
  if (m.hasAlpha) out.push({ rule: 'cover.alpha', field: 'cover', severity: 'error' });
  return out;
}

const BANNED: ReadonlyArray<RegExp> = [
  // URLs and domains
  /\b(?:https?:\/\/|www\.)\S+/i,
  /\b[a-z0-9-]+\.(?:com|cn|net|org|io|me|co|top|xyz|info|app|fm|tv|music|link|shop)\b/i,
  // social handles, e-mail, contact
  /(?:^|\s)@[\p{L}\p{N}_.]{2,}/u,
  /\b[\w.+-]+@[\w-]+\.[\w.]+\b/,
  /(?:微信|微博|抖音号|小红书|QQ群|公众号|wechat|weibo|instagram|twitter|facebook)/i,
  // prices
  /[¥$€£￥]\s*\d/,
  /\d+(?:\.\d+)?\s*(?:元|块钱|(?:rmb|usd|cny)\b)/i,
  /\b(?:price|免费下载|free download)\b/i,
  // stores and platforms
  /(?:itunes|apple music|spotify|amazon music|youtube|tiktok|deezer|tidal|qq音乐|酷狗|酷我|网易云|抖音|快手|bilibili|哔哩哔哩|汽水音乐)/i,
  // exclusivity and editions
  /(?:独家|限量|限定版|首发|exclusive|limited|pre-?order|预售|\bcd\b)/i,
];

/** The first banned phrase in a text, or null. */
export function bannedPhrase(text: string): string | null {
  for (const re of BANNED) {
    const m = re.exec(text);
    if (m) return m[0].trim();
  }
  return null;
}

function normal(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** Two artist lines name the same artists, whatever joins them ("A & B", "A、B", "A, B", "A / B"). */
function sameArtists(a: string, b: string): boolean {
  const names = (s: string) =>
    normal(s)
      .split(/\s*(?:&|,|，|、|\/|;|；)\s*/)
      .filter(Boolean)
      .sort()
      .join('\n');
  return names(a) === names(b);
}

function matches(source: TextSource, found: string, expected: string): boolean {
  return source === 'artist' ? sameArtists(found, expected) : found === normal(expected);
}

/**
 * The words on the art: every text layer's field must be the work's own when there is a work, and no shown text
 * may carry a banned phrase (the work's own title included: the store refuses it on the art either way).
 */
export function textIssues(design: CoverDesign, meta: CoverMeta, work: CoverMeta | null): RuleIssue[] {
  const out: RuleIssue[] = [];
  const shown = new Set<TextSource>();
  for (const layer of design.layers) if (layer.type === 'text') shown.add(layer.source);
  for (const source of shown) {
    const found = normal(meta[source]);
    if (!found) {
      out.push({
        rule: 'cover.text_empty',
        field: `text.${source}`,
        severity: 'warning',
        params: { field: FIELD_NAMES[source] },
      });
      continue;
    }
    if (work && !matches(source, found, work[source]))
      out.push({
        rule: 'cover.text_not_metadata',
        field: `text.${source}`,
        severity: 'error',
        params: { field: FIELD_NAMES[source], expected: normal(work[source]), found },
      });
    const banned = bannedPhrase(found);
    if (banned)
      out.push({ rule: 'cover.text_banned', field: `text.${source}`, severity: 'error', params: { found: banned } });
  }
  if (!shown.has('title') || !normal(meta.title))
    out.push({ rule: 'cover.no_text', field: 'text.title', severity: 'warning' });
  return out;
}

/** Sharpness is judged on a 1500-pixel grey copy (a 3000-pixel JPEG decodes straight to it at 1/2 scale). */
export const CHECK_SIDE = 1500;
/** QR codes and the dHash are looked for on a 750-pixel copy of that: jsQR's time grows with the pixels. */
const QR_SIDE = 750;

export interface Grey {
  data: Buffer;
  side: number;
}

export async function greyCopy(image: Buffer): Promise<Grey> {
  const data = await sharp(image).resize(CHECK_SIDE, CHECK_SIDE, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  return { data, side: CHECK_SIDE };
}

export function hasQrCode(grey: Grey): boolean {
  const n = grey.side * grey.side;
  const rgba = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    const v = grey.data[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, grey.side, grey.side, { inversionAttempts: 'attemptBoth' }) !== null;
}

/** The value at the top `share` of a histogram. */
function topValue(histogram: Uint32Array, count: number, share: number): number {
  let above = Math.floor(count * share);
  for (let v = histogram.length - 1; v > 0; v--) {
    above -= histogram[v]!;
    if (above < 0) return v;
  }
  return 0;
}

/** Edges weaker than this (grey levels per pixel) are no edges: a cover of flat colour cannot be judged blurry. */
const MIN_EDGE = 8;

/**
 * Sharpness, whatever the contrast: how steep the strongest edges are for their height — the 99.9th percentile of
 * |Laplacian| over the 99.9th percentile of the gradient, ×100, on the grey copy. A crisp edge turns within a pixel
 * (about 100); an edge blurred over w pixels scores about 100/w. Percentiles rather than the usual variance, because
 * covers are mostly flat colour. null when the picture has no edges at all.
 */
export function sharpnessOf(grey: Grey): number | null {
  const { data, side } = grey;
  const laplacian = new Uint32Array(1021);
  const gradient = new Uint32Array(511);
  let count = 0;
  for (let y = 1; y < side - 1; y++)
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const lap = data[i - 1]! + data[i + 1]! + data[i - side]! + data[i + side]! - 4 * data[i]!;
      laplacian[Math.abs(lap)]!++;
      gradient[Math.abs(data[i + 1]! - data[i]!) + Math.abs(data[i + side]! - data[i]!)]!++;
      count++;
    }
  const edge = topValue(gradient, count, 0.001);
  if (edge < MIN_EDGE) return null;
  return Math.round((100 * topValue(laplacian, count, 0.001)) / edge);
}

export async function sharpness(image: Buffer): Promise<number | null> {
  return sharpnessOf(await greyCopy(image));
}

/** dHash: a 9×8 grey copy, one bit per horizontal neighbour pair (left brighter) — 64 '0'/'1'. */
export async function dHashOf(grey: Grey): Promise<string> {
  const data = await sharp(grey.data, { raw: { width: grey.side, height: grey.side, channels: 1 } })
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  let bits = '';
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits += data[y * 9 + x]! > data[y * 9 + x + 1]! ? '1' : '0';
  return bits;
}

export async function dHash(image: Buffer): Promise<string> {
  return dHashOf(await greyCopy(image));
}

export function hamming(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

/** The pixel checks of an encoded cover (file, QR code, sharpness) and its dHash, from one small decode. */
export async function imageChecks(jpeg: Buffer): Promise<{ issues: RuleIssue[]; dhash: string }> {
  const [issues, grey] = await Promise.all([fileIssues(jpeg), greyCopy(jpeg)]);
  const small = {
    data: await sharp(grey.data, { raw: { width: grey.side, height: grey.side, channels: 1 } })
      .resize(QR_SIDE, QR_SIDE)
      .toColourspace('b-w')
      .raw()
      .toBuffer(),
    side: QR_SIDE,
  };
  if (hasQrCode(small)) issues.push({ rule: 'cover.qr_code', field: 'cover', severity: 'error' });
  const score = sharpnessOf(grey);
  if (score !== null && score < MIN_SHARPNESS)
    issues.push({ rule: 'cover.blurry', field: 'cover', severity: 'error', params: { score, min: MIN_SHARPNESS } });
  return { issues, dhash: await dHashOf(small) };
}

export async function imageIssues(jpeg: Buffer): Promise<RuleIssue[]> {
  return (await imageChecks(jpeg)).issues;
}
