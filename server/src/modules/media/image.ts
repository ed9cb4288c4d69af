/**
 * Cover images judged by their header alone — PNG IHDR, JPEG SOFn — so a decompression bomb (a small file declaring
 * a huge picture) is refused before anything is decoded; nothing here decodes pixels at all.
 * Rules: JPG or PNG; at most 10000×10000 and 100 megapixels; square; at least 3000×3000; RGB (not greyscale,
 * palette or CMYK). PNG with an alpha channel passes with a warning: whether it is really transparent would take
 * decoding, and stores show it opaque anyway.
 */
import { crc32 } from 'node:zlib';
import type { CoverColorSpace, CoverInfo, RuleIssue, RuleRefusal } from '@trackline/contract/works-types';
import { refusal } from './refusal';

export const COVER_RULES = {
  minSide: 3000,
  maxSide: 10_000,
  maxPixels: 100_000_000,
} as const;

export type CoverHeader = Omit<CoverInfo, 'warnings'>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const PNG_COLOUR: Record<number, CoverColorSpace> = {
  0: 'grayscale',
  2: 'rgb',
  3: 'palette',
  4: 'grayscale_alpha',
  6: 'rgba',
};

/** IHDR must be the first chunk: 13 bytes of width, height, bit depth, colour type…, with a matching CRC. */
function pngHeader(buf: Buffer): CoverHeader | null {
  if (buf.length < 33 || buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  if (crc32(buf.subarray(12, 29)) !== buf.readUInt32BE(29)) return null;
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const colorSpace = PNG_COLOUR[buf[25]!];
  if (width === 0 || height === 0 || !colorSpace) return null;
  return { format: 'png', width, height, colorSpace, bitDepth: buf[24]! };
}

/** Start-of-frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic), not DHT/JPG/DAC. */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walk the segments up to the first SOFn; the picture data (after SOS) is never reached. */
function jpegHeader(buf: Buffer): CoverHeader | null {
  let at = 2;
  while (at + 4 <= buf.length) {
    if (buf[at] !== 0xff) return null;
    let marker = buf[at + 1]!;
    // fill bytes: any number of 0xFF before a marker
    while (marker === 0xff && at + 2 < buf.length) marker = buf[++at + 1]!;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || at + 4 > buf.length) return null;
    const length = buf.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isSof(marker)) {
      if (at + 10 > buf.length) return null;
      const bitDepth = buf[at + 4]!;
      const height = buf.readUInt16BE(at + 5);
      const width = buf.readUInt16BE(at + 7);
      const components = buf[at + 9]!;
      const colorSpace: CoverColorSpace | null =
        components === 3 ? 'rgb' : components === 4 ? 'cmyk' : components === 1 ? 'grayscale' : null;
      // a height of 0 is announced later (DNL), which no cover tool writes
      if (width === 0 || height === 0 || !colorSpace) return null;
      return { format: 'jpg', width, height, colorSpace, bitDepth };
    }
    at += 2 + length;
  }
  return null;
}

/** Format and declared size from the first bytes; 'cover.format' for anything not JPG/PNG. */
export function readCoverHeader(buf: Buffer, field = 'cover'): CoverHeader | RuleRefusal {
  let header: CoverHeader | null;
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) header = pngHeader(buf);
  else if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) header = jpegHeader(buf);
  else return refusal('cover.format', field);
  return header ?? refusal('cover.corrupt', field);
}

/** A bomb, by what the header declares: refused before any decoding. */
export function tooLarge(h: CoverHeader): boolean {
  return h.width > COVER_RULES.maxSide || h.height > COVER_RULES.maxSide || h.width * h.height > COVER_RULES.maxPixels;
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
 * 'cover.too_large' alone when the declared size is a bomb. Async so a later pixel check can join without
 * changing callers.
 */
export async function analyzeCover(buf: Buffer, field = 'cover'): Promise<CoverInfo | RuleRefusal> {
  const header = readCoverHeader(buf, field);
  if ('issues' in header) return header;
  if (tooLarge(header))
    return refusal('cover.too_large', field, {
      width: header.width,
      height: header.height,
      maxSide: COVER_RULES.maxSide,
      maxMegapixels: COVER_RULES.maxPixels / 1_000_000,
    });
  const issues = coverIssues(header, field);
  if (issues.some((i) => i.severity === 'error')) return { issues };
  return { ...header, warnings: issues };
}
