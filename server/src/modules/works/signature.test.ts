/**
 * The signature check (sharp decodes, signature.ts counts the ink) on real PNGs encoded here: every scanline
 * filter, each colour type, blank pads (transparent, white), broken image data, and encodings a pad seldom makes.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import { signaturePng } from './demo-media';
import { INK, parseSignature } from './signature';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

interface Image {
  width: number;
  height: number;
  colourType: number;
  /** Unfiltered pixel bytes, row after row. */
  pixels: Buffer;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))));
  return Buffer.concat([head, data, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The scanlines, each filtered with filterOf(row) as an encoder would. */
function scanlines(img: Image, filterOf: (row: number) => number): Buffer {
  const bpp = CHANNELS[img.colourType]!;
  const rowBytes = img.width * bpp;
  const out = Buffer.alloc(img.height * (rowBytes + 1));
  const px = (row: number, i: number) => (row < 0 || i < 0 ? 0 : img.pixels[row * rowBytes + i]!);
  for (let row = 0; row < img.height; row++) {
    const filter = filterOf(row);
    out[row * (rowBytes + 1)] = filter;
    for (let i = 0; i < rowBytes; i++) {
      const x = px(row, i);
      const a = px(row, i - bpp);
      const b = px(row - 1, i);
      const c = px(row - 1, i - bpp);
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter] ?? 0;
      out[row * (rowBytes + 1) + 1 + i] = (x - predictor) & 0xff;
    }
  }
  return out;
}

function encode(img: Image, idat: Buffer, ihdrTail = [8, img.colourType, 0, 0, 0]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr.set(ihdrTail, 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pngOf = (img: Image, filterOf: (row: number) => number = () => 0) =>
  encode(img, deflateSync(scanlines(img, filterOf)));

/** A deterministic pseudo-random byte source, so filters see varied neighbours. */
function noise(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s >> 16;
  };
}

/**
 * A pad-sized image with `ink` dark pixels scattered over it (distinct: 7 is coprime to its pixel count); every other pixel is noise that is not ink:
 * transparent with random colour (where there is alpha), or opaque near-white.
 */
function drawing(colourType: number, ink: number, width = 120, height = 40): Image {
  const bpp = CHANNELS[colourType]!;
  const pixels = Buffer.alloc(width * height * bpp);
  const rand = noise(width * 31 + colourType);
  for (let p = 0; p < width * height; p++) {
    const at = p * bpp;
    const hasAlpha = colourType === 4 || colourType === 6;
    const colour = colourType === 0 || colourType === 4 ? 1 : 3;
    const transparent = hasAlpha && rand() % 2 === 0;
    for (let c = 0; c < colour; c++) pixels[at + c] = transparent ? rand() & 0xff : INK.nearWhite + (rand() % 32);
    if (hasAlpha) pixels[at + colour] = transparent ? rand() % INK.minAlpha : INK.minAlpha + (rand() % 192);
  }
  for (let k = 0; k < ink; k++) {
    const at = ((k * 7) % (width * height)) * bpp;
    pixels.fill(0x20, at, at + bpp);
    if (colourType === 4 || colourType === 6) pixels[at + bpp - 1] = 0xff;
  }
  return { width, height, colourType, pixels };
}

const solid = (colourType: number, value: number[], width = 300, height = 100): Image => ({
  width,
  height,
  colourType,
  pixels: Buffer.from(Array.from({ length: width * height }, () => value).flat()),
});

const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

async function reason(png: Buffer): Promise<unknown> {
  try {
    await parseSignature(dataUrl(png));
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('WORK_SIGNATURE_INVALID');
    return (err as AppError).details?.reason;
  }
  return 'accepted';
}

describe('the ink in a signature PNG', () => {
  it('decodes every scanline filter, alone and mixed, in each colour type', async () => {
    const filterings: Array<[string, (row: number) => number]> = [
      ...[0, 1, 2, 3, 4].map((f): [string, (row: number) => number] => [`filter ${f}`, () => f]),
      ['mixed', (row) => row % 5],
    ];
    for (const colourType of [6, 2, 0, 4])
      for (const [name, filterOf] of filterings) {
        // exactly at the threshold is a signature, one pixel short is not: a wrong unfilter would miscount
        const at = `colour type ${colourType}, ${name}`;
        expect(await reason(pngOf(drawing(colourType, INK.minPixels), filterOf)), at).toBe('accepted');
        expect(await reason(pngOf(drawing(colourType, INK.minPixels - 1), filterOf)), at).toBe('blank');
      }
  });

  it('takes a drawn line and refuses a blank pad, transparent or white', async () => {
    expect(await reason(signaturePng(600, 200))).toBe('accepted');
    expect(await parseSignature(dataUrl(signaturePng(600, 200)))).toMatchObject({ width: 600, height: 200 });
    expect(await reason(pngOf(solid(6, [0, 0, 0, 0]), () => 2))).toBe('blank');
    expect(await reason(pngOf(solid(6, [0x20, 0x20, 0x20, 40])))).toBe('blank'); // ink too faint to see
    expect(await reason(pngOf(solid(6, [255, 255, 255, 255]), () => 4))).toBe('blank');
    expect(await reason(pngOf(solid(2, [250, 252, 255]), () => 1))).toBe('blank');
    expect(await reason(pngOf(solid(0, [255])))).toBe('blank');
  });

  it('refuses image data that does not decode', async () => {
    const img = drawing(6, 200);
    const good = deflateSync(scanlines(img, () => 4));
    expect(await reason(encode(img, good))).toBe('accepted');
    const garbled = Buffer.from(good);
    garbled.fill(0xa5, 2, 40); // a corrupt IDAT with a matching CRC
    expect(await reason(encode(img, garbled))).toBe('corrupt');
    const badCrc = encode(img, good);
    badCrc[33 + 8 + 10] = badCrc[33 + 8 + 10]! ^ 0xff; // a byte inside the IDAT, its CRC left as it was
    expect(await reason(badCrc)).toBe('corrupt');
    expect(await reason(encode(img, good.subarray(0, good.length - 20)))).toBe('corrupt'); // truncated
    const short = deflateSync(scanlines(img, () => 0).subarray(0, (1 + 120 * 4) * 10)); // fewer rows than declared
    expect(await reason(encode(img, short))).toBe('corrupt');
    // More data than the rows declared: libpng reads the declared rows and leaves the rest, so the picture is just
    // what the header says (the pixel limit and the data URL's size bound any bomb).
    const extra = deflateSync(Buffer.concat([scanlines(img, () => 0), Buffer.alloc(1000)]));
    expect(await reason(encode(img, extra))).toBe('accepted');
    expect(await reason(encode(img, deflateSync(scanlines(img, () => 0).fill(5, 0, 1))))).toBe('corrupt'); // filter 5
    const noIdat = Buffer.concat([encode(img, good).subarray(0, 33), chunk('IEND', Buffer.alloc(0))]);
    expect(await reason(noIdat)).toBe('corrupt');
  });

  it('reads what a pad seldom produces (interlaced, 16-bit, palette) by its ink, like any other', async () => {
    const img = drawing(6, 200);
    const raw = sharp(img.pixels, { raw: { width: img.width, height: img.height, channels: 4 } });
    const interlaced = await raw.clone().png({ progressive: true }).toBuffer();
    expect(interlaced.readUInt8(28)).toBe(1); // the IHDR's interlace method: Adam7
    expect(await reason(interlaced)).toBe('accepted');
    expect(await reason(await raw.clone().toColourspace('rgb16').png().toBuffer())).toBe('accepted');
    expect(await reason(await raw.clone().png({ palette: true }).toBuffer())).toBe('accepted');
    const blank = sharp(Buffer.alloc(img.width * img.height * 4, 0xff), {
      raw: { width: img.width, height: img.height, channels: 4 },
    });
    expect(await reason(await blank.png({ progressive: true }).toBuffer())).toBe('blank');
  });
});
