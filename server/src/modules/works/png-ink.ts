/**
 * Whether a signature PNG holds any ink. A header check alone lets a blank pad through (a fully transparent
 * canvas, or one painted white), and for wcStatement 2 the letter must carry a real drawn signature, so the
 * pixels are decoded here: the IDAT stream is inflated with its output capped at the exact size the header
 * promises (so a deflate bomb stops at that size), the five scanline filters are undone in place, and the
 * pixels that are visible and not near-white are counted. Only what signing pads produce is decoded: 8-bit
 * RGBA and RGB (canvas.toDataURL), and 8-bit grey with or without alpha; interlaced, 16-bit and palette
 * images are refused as unsupported rather than decoded by a general PNG library.
 */
import { crc32, inflateSync } from 'node:zlib';

/** What counts as a signature: enough pixels for a short stroke, so a stray tap or a speck is not one. */
export const INK = { minPixels: 50, minAlpha: 64, nearWhite: 224 } as const;

export type InkVerdict = 'ink' | 'blank' | 'unsupported' | 'corrupt';

/** Bytes per pixel of the 8-bit colour types decoded here. */
const BYTES_PER_PIXEL: Partial<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * The verdict on a PNG whose signature and IHDR (with its CRC) were already checked and whose dimensions are
 * bounded by the caller.
 */
export function pngInk(png: Buffer): InkVerdict {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colourType, compression, filterMethod, interlace] = png.subarray(24, 29);
  const bpp = BYTES_PER_PIXEL[colourType!];
  if (depth !== 8 || bpp === undefined || compression !== 0 || filterMethod !== 0 || interlace !== 0)
    return 'unsupported';

  const idat = imageData(png);
  if (!idat) return 'corrupt';
  const stride = 1 + width * bpp;
  const expected = height * stride;
  let raw: Buffer;
  try {
    raw = inflateSync(idat, { maxOutputLength: expected });
  } catch {
    return 'corrupt'; // bad deflate data, or more pixels than the header declares
  }
  if (raw.length !== expected || !unfilter(raw, stride, bpp)) return 'corrupt';
  return countInk(raw, stride, bpp, colourType!) >= INK.minPixels ? 'ink' : 'blank';
}

/** The IDAT chunks' data joined, or null when the chunk structure is broken or holds no image data. */
function imageData(png: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) return null;
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') {
      if (crc32(png.subarray(at + 4, end - 4)) !== png.readUInt32BE(end - 4)) return null;
      parts.push(png.subarray(at + 8, end - 4));
    } else if (type === 'IEND') break;
    at = end;
  }
  return parts.length > 0 ? Buffer.concat(parts) : null;
}

/** Undoes each scanline's filter in place (the row above is already reconstructed); false on an unknown filter. */
function unfilter(raw: Buffer, stride: number, bpp: number): boolean {
  for (let row = 0; row < raw.length; row += stride) {
    const filter = raw[row]!;
    const start = row + 1;
    const end = row + stride;
    const first = row === 0; // the row above the first counts as zeros
    switch (filter) {
      case 0:
        break;
      case 1: // Sub
        for (let i = start + bpp; i < end; i++) raw[i] = (raw[i]! + raw[i - bpp]!) & 0xff;
        break;
      case 2: // Up
        if (!first) for (let i = start; i < end; i++) raw[i] = (raw[i]! + raw[i - stride]!) & 0xff;
        break;
      case 3: // Average
        for (let i = start; i < end; i++) {
          const left = i - bpp >= start ? raw[i - bpp]! : 0;
          const above = first ? 0 : raw[i - stride]!;
          raw[i] = (raw[i]! + ((left + above) >> 1)) & 0xff;
        }
        break;
      case 4: // Paeth
        for (let i = start; i < end; i++) {
          const a = i - bpp >= start ? raw[i - bpp]! : 0;
          const b = first ? 0 : raw[i - stride]!;
          const c = first || i - bpp < start ? 0 : raw[i - bpp - stride]!;
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          raw[i] = (raw[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        }
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Pixels that are visible (alpha ≥ INK.minAlpha where there is alpha) and darker than near-white. */
function countInk(raw: Buffer, stride: number, bpp: number, colourType: number): number {
  const { minAlpha, nearWhite } = INK;
  let ink = 0;
  for (let row = 0; row < raw.length; row += stride) {
    for (let i = row + 1; i < row + stride; i += bpp) {
      let visible: boolean;
      let dark: boolean;
      if (colourType === 0 || colourType === 4) {
        visible = colourType === 0 || raw[i + 1]! >= minAlpha;
        dark = raw[i]! < nearWhite;
      } else {
        visible = colourType === 2 || raw[i + 3]! >= minAlpha;
        dark = raw[i]! < nearWhite || raw[i + 1]! < nearWhite || raw[i + 2]! < nearWhite;
      }
      if (visible && dark) ink++;
    }
  }
  return ink;
}
