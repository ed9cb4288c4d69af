/**
 * The letter's pieces without a server: the font (the packaged Noto Sans SC unpacked from WOFF and subset),
 * signature checks by bytes, and China-time calendar days.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import { authorizationLetter, type LetterInput } from './authorization-letter';
import { addDays, isCalendarDate, shanghaiDayStart, shanghaiToday } from './calendar';
import { signaturePng } from './demo-media';
import { cjkFontSource, woffToSfnt } from './pdf-font';
import { parseSignature } from './signature';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real RGBA PNG of one colour. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x20)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

async function refusal(run: () => Promise<unknown>): Promise<Record<string, unknown> | undefined> {
  try {
    await run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('WORK_SIGNATURE_INVALID');
    return (err as AppError).details;
  }
  throw new Error('expected a refusal');
}

describe('the letter font', () => {
  it('unpacks the packaged WOFF into a font fontkit reads, with CJK glyphs', async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@openfonts/noto-sans-sc_all/package.json'));
    const sfnt = woffToSfnt(await readFile(path.join(dir, 'files', 'noto-sans-sc-all-400.woff')));
    const font = fontkit.create(sfnt) as fontkit.Font & { hasGlyphForCodePoint(c: number): boolean };
    expect(font.postscriptName).toBe('NotoSansSC-Regular');
    expect(font.hasGlyphForCodePoint('授'.codePointAt(0)!)).toBe(true);
    expect((await cjkFontSource())?.origin).toContain('noto-sans-sc-all-400.woff');
    expect(() => woffToSfnt(Buffer.from('not a font at all, not even close to one; more bytes here'))).toThrow();
  });

  it('writes a PDF with the work in it and the signature embedded', async () => {
    const input: LetterInput = {
      workId: 7,
      kind: 'single',
      title: '夜航',
      version: '',
      primaryArtists: ['林一'],
      featuredArtists: [],
      label: '',
      upc: null,
      tracks: [{ position: 1, title: '夜航', version: '', primaryArtists: ['林一'], featuredArtists: [], isrc: null }],
      property: 1,
      wcStatement: 2,
      source: 4,
      platforms: [{ code: 'qq_music', nameZh: 'QQ音乐', nameEn: 'QQ Music' }],
      territories: 'worldwide',
      releaseDate: '2030-01-01',
      agreementVersion: '2026-11',
      signedAt: new Date('2026-11-22T02:00:00Z'),
      ip: '203.0.113.9',
      signer: { id: 3, nickname: '林一', mobile: '138****0000' },
      signaturePng: png(300, 100),
    };
    const bytes = await authorizationLetter(input);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toContain('夜航');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
    // the subset, not the 10 MB font
    expect(bytes.length).toBeLessThan(200_000);
  });
});

describe('signature checks', () => {
  it('takes a signing pad’s PNG with a drawn line in it (signature.test.ts checks the pixels further)', async () => {
    expect(await parseSignature(dataUrl(signaturePng(600, 200)))).toMatchObject({ width: 600, height: 200 });
  });

  it('refuses what is not a sane PNG', async () => {
    expect(await refusal(() => parseSignature('data:image/jpeg;base64,AAAA'))).toMatchObject({ reason: 'not_png' });
    expect(await refusal(() => parseSignature(dataUrl(Buffer.from('GIF89a......'))))).toMatchObject({
      reason: 'not_png',
    });
    expect(await refusal(() => parseSignature(dataUrl(png(10, 10))))).toMatchObject({ reason: 'dimensions' });
    expect(await refusal(() => parseSignature(dataUrl(png(5000, 100))))).toMatchObject({ reason: 'dimensions' });
    const broken = png(600, 200);
    broken[20] = broken[20]! ^ 0xff; // the IHDR no longer matches its CRC
    expect(await refusal(() => parseSignature(dataUrl(broken)))).toMatchObject({ reason: 'corrupt' });
    const big = Buffer.concat([png(600, 200), Buffer.alloc(600 * 1024)]);
    expect(await refusal(() => parseSignature(dataUrl(big)))).toMatchObject({ reason: 'size' });
  });
});

describe('China-time days', () => {
  it('counts days in Asia/Shanghai whatever the server’s zone', () => {
    expect(shanghaiToday(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(shanghaiToday(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(shanghaiDayStart('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });
});
