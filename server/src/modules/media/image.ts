/**
 * Images read with sharp (libvips), never by hand. Its header read (metadata) decodes no pixels, so a
 * decompression bomb (a small file declaring a huge picture) is refused from what it declares before anything is
 * decoded; a file that passes is then decoded whole (decodesWhole), within the same pixel limit, so a file that is
 * cut, or whose chunks do not match their checksums, is refused as corrupt rather than stored as an image.
 * Cover rules: JPG or PNG; at most 10000×10000 and 100 megapixels; square; at least 3000×3000; RGB (not greyscale,
 * palette or CMYK). PNG with an alpha channel passes with a warning: stores show it opaque anyway.
 */
import type { CoverColorSpace, CoverInfo, RuleIssue, RuleRefusal } from '@trackline/contract/works-types';
import sharp, { type Metadata } from 'sharp';
import { sniffImage } from '../../platform/storage/storage';
import { refusal } from './refusal';

// Every image here is a new upload, read once: libvips's operation cache would only keep strangers' pixels in memory.
sharp.cache(false);

export const COVER_RULES = {
  minSide: 3000,
  maxSide: 10_000,
  maxPixels: 100_000_000,
} as const;

export type CoverHeader = Omit<CoverInfo, 'warnings'>;

/** What libvips reads from an image's header, or null when it cannot read one. */
export async function imageMetadata(buf: Buffer): Promise<Metadata | null> {
  try {
    const md = await sharp(buf, { failOn: 'error', limitInputPixels: false }).metadata();
    return md.width > 0 && md.height > 0 ? md : null;
  } catch {
    return null;
  }
}

/**
 * Whether every pixel decodes (libvips with failOn 'error': a cut file, a broken chunk checksum or bad compressed
 * data fail), refusing to start on more than COVER_RULES.maxPixels. Streamed into a thumbnail, so the picture is
 * never held whole (a statistic would be cheaper, but libvips does not report load errors through it).
 */
export async function decodesWhole(buf: Buffer): Promise<boolean> {
  try {
    await sharp(buf, { failOn: 'error', limitInputPixels: COVER_RULES.maxPixels, sequentialRead: true })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** A bomb, by what the header declares: refused before any decoding. */
export function tooLarge(h: { width: number; height: number }): boolean {
  return h.width > COVER_RULES.maxSide || h.height > COVER_RULES.maxSide || h.width * h.height > COVER_RULES.maxPixels;
}

function colourSpaceOf(md: Metadata): CoverColorSpace | null {
  if (md.format === 'png' && md.isPalette) return 'palette';
  if (md.space === 'cmyk') return 'cmyk';
  if (md.channels === 1) return 'grayscale';
  if (md.channels === 2) return 'grayscale_alpha';
  if (md.channels === 3) return 'rgb';
  if (md.channels === 4) return 'rgba';
  return null;
}

/** Format and declared size from the header; 'cover.format' for anything not JPG/PNG, 'cover.corrupt' for one unreadable. */
export async function readCoverHeader(buf: Buffer, field = 'cover'): Promise<CoverHeader | RuleRefusal> {
  const claimed = sniffImage(buf)?.ext;
  const md = await imageMetadata(buf);
  if (!md)
    return claimed === 'png' || claimed === 'jpg' ? refusal('cover.corrupt', field) : refusal('cover.format', field);
  if (md.format !== 'png' && md.format !== 'jpeg') return refusal('cover.format', field);
  const colorSpace = colourSpaceOf(md);
  if (!colorSpace) return refusal('cover.corrupt', field);
  const bitDepth = md.bitsPerSample ?? (md.depth === 'ushort' ? 16 : 8);
  return { format: md.format === 'png' ? 'png' : 'jpg', width: md.width, height: md.height, colorSpace, bitDepth };
}

/** The cover rules a header breaks: square, large enough, RGB; an alpha channel warns. */
export function coverIssues(h: CoverHeader, field = 'cover'): RuleIssue[] {
  const out: RuleIssue[] = [];
  const size = { width: h.width, height: h.height };
  if (h.width !== h.height) out.push({ rule: 'cover.not_square', field, severity: 'error', params: size });
  if (Math.min(h.width, h.height) < COVER_RULES.minSide)
    out.push({ rule: 'cover.too_small', field, severity: 'error', params: { ...size, min: COVER_RULES.minSide } });
  if (h.colorSpace !== 'rgb' && h.colorSpace !== 'rgba')
    out.push({ rule: 'cover.colour_space', field, severity: 'error', params: { colorSpace: h.colorSpace } });
  if (h.colorSpace === 'rgba') out.push({ rule: 'cover.alpha', field, severity: 'warning' });
  return out;
}

/**
 * A cover image: its header when it passes every rule (warnings attached), else every issue it has.
 * 'cover.too_large' alone when the declared size is a bomb (nothing decoded). With `whole` (the default: buf is
 * the entire file) the pixels are decoded too, and a file that does not decode is 'cover.corrupt'; a caller
 * holding only the head of a file passes whole: false and gets the header's verdict.
 */
export async function analyzeCover(
  buf: Buffer,
  field = 'cover',
  options: { whole?: boolean } = {},
): Promise<CoverInfo | RuleRefusal> {
  const header = await readCoverHeader(buf, field);
  if ('issues' in header) return header;
  if (tooLarge(header))
    return refusal('cover.too_large', field, {
      width: header.width,
      height: header.height,
      maxSide: COVER_RULES.maxSide,
      maxMegapixels: COVER_RULES.maxPixels / 1_000_000,
    });
  if ((options.whole ?? true) && !(await decodesWhole(buf))) return refusal('cover.corrupt', field);
  const issues = coverIssues(header, field);
  if (issues.some((i) => i.severity === 'error')) return { issues };
  return { ...header, warnings: issues };
}
