/**
 * The store rules every export is checked against before it is offered (research delivery.md §6: Apple, DistroKid,
 * CD Baby, iMusician, Juhe). Each failure names its rule (contract/rule-texts.ts has the zh-CN and en texts):
 * - cover.not_square / cover.too_small / cover.colour_space / cover.alpha — size, squareness, sRGB without alpha;
 * - cover.text_not_metadata — the words on the art are the work's title, artist and label, nothing else;
 * - cover.text_banned — no URLs, handles, prices, store names, "独家 / 限量 / Exclusive / Limited";
 * - cover.qr_code — no QR code (decoded with jsQR, so a drawn code in a photo is found too);
 * - cover.blurry — a sharpness measure (the strongest edges' Laplacian response);
 * - cover.near_copy — not a near copy of another release's cover (dHash, Hamming distance; covers.service.ts).
 * Pixel checks run on a 1000-pixel copy: enough for edges and QR modules, and fast.
 */
import type { CoverDesign, CoverMeta, TextSource } from '@trackline/contract/covers';
import type { RuleIssue } from '@trackline/contract/works-types';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { COVER_RULES } from '../media/image';

/**
 * Below this the strongest edges are soft. Measured on a rendered title cover: crisp 184, blurred by σ 4 44, by σ 8
 * 16; shrunk to 200 px and enlarged back to 3000 px 20, from 400 px 56.
 */
export const MIN_SHARPNESS = 30;
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

/** A 1000-pixel RGBA copy for the pixel checks. */
async function smallCopy(jpeg: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(jpeg)
    .resize(1000, 1000, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function hasQrCode(rgba: { data: Buffer; width: number; height: number }): boolean {
  const pixels = new Uint8ClampedArray(rgba.data.buffer, rgba.data.byteOffset, rgba.data.length);
  return jsQR(pixels, rgba.width, rgba.height, { inversionAttempts: 'attemptBoth' }) !== null;
}

/**
 * Sharpness: the 99.9th percentile of |Laplacian| on a 1000-pixel grey copy. Strong edges anywhere (type, the
 * outline of a photo's subject) score high; a blurred or pixel-upscaled picture has none. A percentile rather than
 * the usual variance, because covers are mostly flat colour: the variance of a crisp title on a gradient is small.
 */
export async function sharpness(jpeg: Buffer): Promise<number> {
  const { data } = await sharp(jpeg)
    .resize(1000, 1000, { fit: 'fill' })
    .greyscale()
    // Divided by 4 around 128, so responses up to ±512 fit a byte instead of clipping at ±128.
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 4, offset: 128 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const histogram = new Uint32Array(129);
  for (let i = 0; i < data.length; i++) histogram[Math.min(128, Math.abs(data[i]! - 128))]!++;
  let above = Math.floor(data.length * 0.001);
  for (let v = 128; v > 0; v--) {
    above -= histogram[v]!;
    if (above < 0) return v * 4;
  }
  return 0;
}

/** dHash: a 9×8 grey copy, one bit per horizontal neighbour pair (left brighter) — 64 '0'/'1'. */
export async function dHash(image: Buffer): Promise<string> {
  const data = await sharp(image).resize(9, 8, { fit: 'fill', kernel: 'lanczos3' }).greyscale().raw().toBuffer();
  let bits = '';
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits += data[y * 9 + x]! > data[y * 9 + x + 1]! ? '1' : '0';
  return bits;
}

export function hamming(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

/** The pixel checks of an encoded cover: file, QR code, sharpness. (Near copies need the database.) */
export async function imageIssues(jpeg: Buffer): Promise<RuleIssue[]> {
  const out = await fileIssues(jpeg);
  const small = await smallCopy(jpeg);
  if (hasQrCode(small)) out.push({ rule: 'cover.qr_code', field: 'cover', severity: 'error' });
  const score = await sharpness(jpeg);
  if (score < MIN_SHARPNESS)
    out.push({ rule: 'cover.blurry', field: 'cover', severity: 'error', params: { score, min: MIN_SHARPNESS } });
  return out;
}
