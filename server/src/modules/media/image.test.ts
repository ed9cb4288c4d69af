import type { CoverInfo } from '@trackline/contract/works-types';
import { describe, expect, it } from 'vitest';
import { jpegImage, pngImage, textFile } from '../../../test/media-files';
import { expectRefused, rulesOf } from '../../../test/rule-assert';
import { analyzeCover, coverIssues, readCoverHeader } from './image';
import { isRefusal } from './refusal';

async function accepted(buf: Buffer): Promise<CoverInfo> {
  const result = await analyzeCover(buf);
  if (isRefusal(result)) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result;
}

describe('analyzeCover', () => {
  it('accepts a real 3000×3000 RGB JPEG', async () => {
    const cover = await accepted(jpegImage(3000, 3000));
    expect(cover).toEqual({ format: 'jpg', width: 3000, height: 3000, colorSpace: 'rgb', bitDepth: 8, warnings: [] });
  });

  it('accepts a real 3000×3000 RGB PNG', async () => {
    const cover = await accepted(pngImage(3000, 3000));
    expect(cover).toEqual({ format: 'png', width: 3000, height: 3000, colorSpace: 'rgb', bitDepth: 8, warnings: [] });
  });

  it('accepts an RGBA PNG with an alpha warning', async () => {
    const cover = await accepted(pngImage(3000, 3000, 6));
    expect(cover.colorSpace).toBe('rgba');
    expect(rulesOf(cover.warnings)).toEqual(['cover.alpha']);
    expect(cover.warnings[0]!.severity).toBe('warning');
  });

  it('refuses a small PNG declaring 20000×20000 from its header alone, at once', async () => {
    const bomb = pngImage(20_000, 20_000, 2, true);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const result = await analyzeCover(bomb);
    expect(performance.now() - started).toBeLessThan(50);
    const issue = expectRefused(result, 'cover.too_large', 'cover');
    expect(issue.params).toMatchObject({ width: 20_000, height: 20_000 });
    expect((result as { issues: unknown[] }).issues).toHaveLength(1);
  });

  it('refuses a JPEG declaring 12000×12000 from its header alone', async () => {
    // A real JPEG (libvips reads a header only up to the scan), 144 megapixels in under 2 MB.
    const started = performance.now();
    expectRefused(await analyzeCover(jpegImage(12_000, 12_000)), 'cover.too_large');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('allows exactly 10000×10000 (100 megapixels) by its header; one pixel more on a side is refused', async () => {
    // whole: false, the header's verdict alone (these bombs hold no real picture to decode)
    expect(isRefusal(await analyzeCover(pngImage(10_000, 10_000, 2, true), 'cover', { whole: false }))).toBe(false);
    expectRefused(await analyzeCover(pngImage(10_001, 9_000, 2, true)), 'cover.too_large');
  });

  it('refuses a CMYK JPEG', async () => {
    const issue = expectRefused(await analyzeCover(jpegImage(3000, 3000, 4)), 'cover.colour_space');
    expect(issue.params).toEqual({ colorSpace: 'cmyk' });
  });

  it('refuses a greyscale JPEG and a greyscale PNG', async () => {
    expectRefused(await analyzeCover(jpegImage(3000, 3000, 1)), 'cover.colour_space');
    const issue = expectRefused(await analyzeCover(pngImage(3000, 3000, 0)), 'cover.colour_space');
    expect(issue.params).toEqual({ colorSpace: 'grayscale' });
    expectRefused(await analyzeCover(pngImage(3000, 3000, 4)), 'cover.colour_space');
  });

  it('refuses a palette PNG', async () => {
    const issue = expectRefused(await analyzeCover(pngImage(3000, 3000, 3)), 'cover.colour_space');
    expect(issue.params).toEqual({ colorSpace: 'palette' });
  });

  it('refuses 2000×2000 as too small', async () => {
    const issue = expectRefused(await analyzeCover(jpegImage(2000, 2000)), 'cover.too_small');
    expect(issue.params).toEqual({ width: 2000, height: 2000, min: 3000 });
  });

  it('refuses 3000×2999 as not square (and too small on one side)', async () => {
    const result = await analyzeCover(pngImage(3000, 2999));
    expectRefused(result, 'cover.not_square');
    expectRefused(result, 'cover.too_small');
  });

  it('refuses 4000×3000 as not square only', async () => {
    const result = await analyzeCover(jpegImage(4000, 3000));
    expectRefused(result, 'cover.not_square');
    expect(rulesOf((result as { issues: never[] }).issues)).toEqual(['cover.not_square']);
  });

  it('refuses what is not JPG or PNG: text, GIF, WebP', async () => {
    expectRefused(await analyzeCover(textFile()), 'cover.format', 'cover');
    expectRefused(await analyzeCover(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')), 'cover.format');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expectRefused(await analyzeCover(webp, 'work.cover'), 'cover.format', 'work.cover');
  });

  it('refuses a PNG whose IHDR does not match its CRC, and a JPEG with no frame header', async () => {
    const png = pngImage(3000, 3000);
    png[29] = png[29]! ^ 0x01; // one bit of the IHDR's CRC
    expectRefused(await analyzeCover(png), 'cover.corrupt');
    const wider = pngImage(3000, 3000);
    wider[17] = wider[17]! ^ 0x01; // one bit of the width: 68536 wide, refused before its CRC is ever read
    expectRefused(await analyzeCover(wider), 'cover.too_large');
    const jpeg = jpegImage(3000, 3000);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expectRefused(await analyzeCover(jpeg.subarray(0, sof)), 'cover.corrupt');
  });

  it('refuses a cut JPEG or PNG, whose header alone would pass', async () => {
    const jpeg = jpegImage(3000, 3000);
    const cutJpeg = jpeg.subarray(0, jpeg.length - 200);
    expect(isRefusal(await analyzeCover(cutJpeg, 'cover', { whole: false }))).toBe(false);
    expectRefused(await analyzeCover(cutJpeg), 'cover.corrupt');
    const png = pngImage(3000, 3000);
    expectRefused(await analyzeCover(png.subarray(0, png.length - 100)), 'cover.corrupt');
  });

  it('finds the frame header after large APP segments (EXIF) and fill bytes', async () => {
    const jpeg = jpegImage(3000, 3000);
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(0xfffd, 0x45)]);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), exif, exif, Buffer.from([0xff, 0xff]), jpeg.subarray(2)]);
    expect((await accepted(withExif)).width).toBe(3000);
  });
});

describe('coverIssues', () => {
  it('lists every rule a header breaks', async () => {
    const header = await readCoverHeader(pngImage(100, 200, 0, true));
    if (isRefusal(header)) throw new Error('refused');
    expect(rulesOf(coverIssues(header, 'cover')).sort()).toEqual(
      ['cover.colour_space', 'cover.not_square', 'cover.too_small'].sort(),
    );
  });
});
