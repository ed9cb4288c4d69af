/**
 * The drawn signature of step 3: a PNG data URL from the signing pad. Checked by its bytes before it is stored or
 * embedded: a real PNG (signature and an IHDR with a valid CRC), at most WORK_LIMITS.signatureMaxBytes, and
 * dimensions a signing pad produces (a 1×1 pixel or a 20000-pixel-wide image is not a signature), and pixels
 * that hold ink (png-ink.ts: a blank pad, transparent or white, is not a signature either).
 */
import { crc32 } from 'node:zlib';
import { WORK_LIMITS } from '@trackline/contract/work-model';
import { AppError } from '../../platform/http/app-error';
import { sniffImage } from '../../platform/storage/storage';
import { pngInk } from './png-ink';

export const SIGNATURE_BOUNDS = { minWidth: 60, minHeight: 30, maxWidth: 4096, maxHeight: 4096 } as const;

export interface SignatureImage {
  png: Buffer;
  width: number;
  height: number;
}

/** The PNG inside a data URL, or WORK_SIGNATURE_INVALID naming what is wrong with it. */
export function parseSignature(dataUrl: string): SignatureImage {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'not_png' });
  const png = Buffer.from(match[1]!, 'base64');
  if (png.length === 0 || png.length > WORK_LIMITS.signatureMaxBytes)
    throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'size', max_bytes: WORK_LIMITS.signatureMaxBytes });
  if (sniffImage(png)?.ext !== 'png') throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'not_png' });
  const ihdrOk =
    png.length >= 33 &&
    png.readUInt32BE(8) === 13 &&
    png.toString('latin1', 12, 16) === 'IHDR' &&
    crc32(png.subarray(12, 29)) === png.readUInt32BE(29);
  if (!ihdrOk) throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'corrupt' });
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const b = SIGNATURE_BOUNDS;
  if (width < b.minWidth || height < b.minHeight || width > b.maxWidth || height > b.maxHeight)
    throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'dimensions', width, height });
  const ink = pngInk(png);
  if (ink !== 'ink') throw new AppError('WORK_SIGNATURE_INVALID', { reason: ink });
  return { png, width, height };
}
