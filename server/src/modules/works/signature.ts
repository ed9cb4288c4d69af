/**
 * The drawn signature of step 3: a PNG data URL from the signing pad. Checked before it is stored or embedded, with
 * sharp (libvips) reading and decoding it: a real PNG, at most WORK_LIMITS.signatureMaxBytes, dimensions a signing
 * pad produces (a 1×1 pixel or a 20000-pixel-wide image is not a signature), pixels that decode (a cut file or a
 * chunk whose CRC does not match is 'corrupt'), and ink among them: a blank pad, transparent or white, is not a
 * signature either. What is kept is the decoded picture encoded again (8-bit RGBA PNG), so the letter embeds
 * exactly the pixels that were checked.
 */
import { WORK_LIMITS } from '@trackline/contract/work-model';
import sharp from 'sharp';
import { AppError } from '../../platform/http/app-error';
import { sniffImage } from '../../platform/storage/storage';
import { imageMetadata } from '../media/image';

export const SIGNATURE_BOUNDS = { minWidth: 60, minHeight: 30, maxWidth: 4096, maxHeight: 4096 } as const;

/** What counts as a signature: enough pixels for a short stroke, so a stray tap or a speck is not one. */
export const INK = { minPixels: 50, minAlpha: 64, nearWhite: 224 } as const;

export interface SignatureImage {
  png: Buffer;
  width: number;
  height: number;
}

const invalid = (details: Record<string, unknown>) => new AppError('WORK_SIGNATURE_INVALID', details);

/** Pixels that are visible (alpha ≥ INK.minAlpha) and darker than near-white, in 8-bit RGBA. */
export function countInk(rgba: Buffer): number {
  let ink = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const dark = rgba[i]! < INK.nearWhite || rgba[i + 1]! < INK.nearWhite || rgba[i + 2]! < INK.nearWhite;
    if (dark && rgba[i + 3]! >= INK.minAlpha) ink++;
  }
  return ink;
}

/** The PNG inside a data URL, or WORK_SIGNATURE_INVALID naming what is wrong with it (details.reason). */
export async function parseSignature(dataUrl: string): Promise<SignatureImage> {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw invalid({ reason: 'not_png' });
  const png = Buffer.from(match[1]!, 'base64');
  if (png.length === 0 || png.length > WORK_LIMITS.signatureMaxBytes)
    throw invalid({ reason: 'size', max_bytes: WORK_LIMITS.signatureMaxBytes });
  if (sniffImage(png)?.ext !== 'png') throw invalid({ reason: 'not_png' });
  const header = await imageMetadata(png);
  if (!header) throw invalid({ reason: 'corrupt' });
  if (header.format !== 'png') throw invalid({ reason: 'not_png' });
  const { width, height } = header;
  const b = SIGNATURE_BOUNDS;
  if (width < b.minWidth || height < b.minHeight || width > b.maxWidth || height > b.maxHeight)
    throw invalid({ reason: 'dimensions', width, height });
  let rgba: Buffer;
  try {
    rgba = await sharp(png, { failOn: 'error', limitInputPixels: b.maxWidth * b.maxHeight })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch {
    throw invalid({ reason: 'corrupt' });
  }
  if (rgba.length !== width * height * 4) throw invalid({ reason: 'corrupt' });
  if (countInk(rgba) < INK.minPixels) throw invalid({ reason: 'blank' });
  const clean = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return { png: clean, width, height };
}
