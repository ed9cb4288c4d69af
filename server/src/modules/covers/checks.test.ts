/**
 * The export checks, each with an image (or a design) that breaks it, next to a real render that passes them all;
 * and the design document's schema.
 */
import { type BackgroundSpec, type CoverDesign, coverDesign } from '@trackline/contract/covers';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { rulesOf } from '../../../test/rule-assert';
import { bannedPhrase, dHash, fileIssues, hamming, imageIssues, NEAR_COPY_BITS, sharpness, textIssues } from './checks';
import { renderCover } from './render';

const DUSK: BackgroundSpec = {
  category: 'gradient',
  gradient: { kind: 'linear', colors: ['#1e3c72', '#e96443'], angle: 135 },
};

function design(meta: Partial<CoverDesign['meta']> = {}): CoverDesign {
  return coverDesign.parse({
    version: 1,
    background: { id: 1 },
    meta: { title: '夜航星 Night Flight', artist: '林一', label: '乐轨音乐', ...meta },
    layers: [
      {
        type: 'text',
        id: 'title',
        source: 'title',
        font: 'noto-serif-sc-bold',
        size: 300,
        color: '#ffffff',
        x: 1500,
        y: 1400,
      },
      {
        type: 'text',
        id: 'artist',
        source: 'artist',
        font: 'noto-sans-sc',
        size: 150,
        color: '#ffffff',
        x: 1500,
        y: 1800,
      },
    ],
  });
}

async function render(d: CoverDesign): Promise<Buffer> {
  return renderCover({ design: d, meta: d.meta, background: DUSK, photos: new Map() });
}

let good: Buffer;
beforeAll(async () => {
  good = await render(design());
}, 60_000);

describe('a rendered cover', () => {
  it('is 3000×3000 sRGB JPEG without alpha and passes every pixel check', async () => {
    const m = await sharp(good).metadata();
    expect([m.format, m.width, m.height, m.space, m.channels, m.hasAlpha]).toEqual([
      'jpeg',
      3000,
      3000,
      'srgb',
      3,
      false,
    ]);
    expect(await imageIssues(good)).toEqual([]);
  });
});

describe('file checks', () => {
  it('names a cover that is not square', async () => {
    const wide = await sharp(good).resize(3000, 2400, { fit: 'fill' }).jpeg().toBuffer();
    expect(rulesOf(await fileIssues(wide))).toEqual(['cover.not_square', 'cover.too_small']);
  });

  it('names a cover that is too small', async () => {
    const small = await sharp(good).resize(1400, 1400).jpeg().toBuffer();
    expect(rulesOf(await fileIssues(small))).toEqual(['cover.too_small']);
  });

  it('names a greyscale cover and a CMYK one', async () => {
    const grey = await sharp(good).toColourspace('b-w').jpeg().toBuffer();
    expect(rulesOf(await fileIssues(grey))).toEqual(['cover.colour_space']);
    const cmyk = await sharp(good).toColourspace('cmyk').jpeg().toBuffer();
    expect(rulesOf(await fileIssues(cmyk))).toEqual(['cover.colour_space']);
  });

  it('names a cover with an alpha channel', async () => {
    const withAlpha = await sharp(good).ensureAlpha(0.5).png({ compressionLevel: 1 }).toBuffer();
    expect(rulesOf(await fileIssues(withAlpha))).toContain('cover.alpha');
  });
});

describe('pixel checks', () => {
  it('finds a QR code on the art', async () => {
    const qr = await QRCode.toBuffer('https://example.com/buy-now', { width: 900, margin: 2 });
    const withQr = await sharp(good)
      .composite([{ input: qr, left: 1950, top: 1950 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(rulesOf(await imageIssues(withQr))).toEqual(['cover.qr_code']);
  });

  it('finds a blurry cover', async () => {
    const blurred = await sharp(good).blur(12).jpeg({ quality: 92 }).toBuffer();
    expect(await sharpness(blurred)).toBeLessThan((await sharpness(good))!);
    expect(rulesOf(await imageIssues(blurred))).toEqual(['cover.blurry']);
  });

  it('a pixel-upscaled small picture is blurry too', async () => {
    const small = await sharp(good).resize(200, 200).toBuffer();
    const upscaled = await sharp(small).resize(3000, 3000, { kernel: 'cubic' }).jpeg().toBuffer();
    expect(rulesOf(await imageIssues(upscaled))).toContain('cover.blurry');
  });

  it('a cover of flat colour has no edges to judge', async () => {
    const flat = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    expect(await sharpness(flat)).toBeNull();
    expect(await imageIssues(flat)).toEqual([]);
  });

  it('dHash: a re-encoded, slightly changed copy is near; another design is not', async () => {
    const copy = await sharp(good).modulate({ brightness: 1.04 }).jpeg({ quality: 70 }).toBuffer();
    expect(hamming(await dHash(good), await dHash(copy))).toBeLessThanOrEqual(NEAR_COPY_BITS);
    const other = await renderCover({
      design: design(),
      meta: design().meta,
      background: { category: 'pattern', pattern: { kind: 'rings', colors: ['#264653', '#e9c46a'], scale: 180 } },
      photos: new Map(),
    });
    expect(hamming(await dHash(good), await dHash(other))).toBeGreaterThan(NEAR_COPY_BITS);
  }, 60_000);
});

describe('text checks', () => {
  const work = { title: '夜航星 Night Flight', artist: '林一 & Ava', label: '乐轨音乐' };

  it.each([
    ['https://music.example.com', 'https://music.example.com'],
    ['www.linyi.cn', 'www.linyi.cn'],
    ['关注 @linyi_music', '@linyi_music'],
    ['¥9.9', '¥9'],
    ['仅需 30元', '30元'],
    ['Spotify Exclusive', 'Spotify'],
    ['独家首发', '独家'],
    ['Limited Edition', 'Limited'],
    ['QQ音乐 新歌', 'QQ音乐'],
  ])('refuses %s', (title, found) => {
    const issues = textIssues(design({ title }), design({ title }).meta, null);
    expect(rulesOf(issues)).toEqual(['cover.text_banned']);
    expect(issues[0]!.params?.found).toBe(found);
  });

  it('passes ordinary titles in both scripts', () => {
    for (const title of ['夜航星', 'Night Flight (Live)', '2026 春', 'Café del Mar'])
      expect(bannedPhrase(title)).toBeNull();
  });

  it('with a work, the words must be the work’s own', () => {
    const d = design({ title: '夜航星 Night Flight (Remix)', artist: 'Ava、林一' });
    const issues = textIssues(d, d.meta, work);
    expect(rulesOf(issues)).toEqual(['cover.text_not_metadata']);
    expect(issues[0]!.params).toMatchObject({ field: 'title', expected: '夜航星 Night Flight' });
  });

  it('an artist line may join the same artists any usual way', () => {
    for (const artist of ['林一 & Ava', 'Ava、林一', '林一, Ava', 'Ava / 林一']) {
      const d = design({ title: work.title, artist });
      expect(textIssues(d, d.meta, work)).toEqual([]);
    }
  });

  it('warns about an empty text layer and a cover without its title', () => {
    const d = design({ title: '', artist: '林一' });
    expect(rulesOf(textIssues(d, d.meta, null))).toEqual(['cover.text_empty', 'cover.no_text']);
  });
});

describe('the design document schema', () => {
  it('fills defaults: effect none, centred, no rotation', () => {
    const layer = design().layers[0]!;
    expect(layer).toMatchObject({ align: 'middle', rotation: 0, effect: { kind: 'none' } });
  });

  it('a text layer has no free text: it names a metadata field', () => {
    const raw = JSON.parse(JSON.stringify(design()));
    raw.layers[0].source = 'custom';
    expect(coverDesign.safeParse(raw).success).toBe(false);
    raw.layers[0].source = 'title';
    raw.layers[0].text = 'www.example.com';
    expect(coverDesign.parse(raw).layers[0]).not.toHaveProperty('text');
  });

  it.each([
    ['a colour that is not #rrggbb', (l: Record<string, unknown>) => Object.assign(l, { color: 'red' })],
    ['an unknown font', (l: Record<string, unknown>) => Object.assign(l, { font: 'comic-sans' })],
    ['a rotation past 180°', (l: Record<string, unknown>) => Object.assign(l, { rotation: 270 })],
    ['a size of 5 px', (l: Record<string, unknown>) => Object.assign(l, { size: 5 })],
    ['an unknown effect', (l: Record<string, unknown>) => Object.assign(l, { effect: { kind: 'neon' } })],
  ])('refuses %s', (_name, change) => {
    const raw = JSON.parse(JSON.stringify(design()));
    change(raw.layers[0]);
    expect(coverDesign.safeParse(raw).success).toBe(false);
  });

  it('refuses more than 24 layers and another version', () => {
    const raw = JSON.parse(JSON.stringify(design()));
    expect(coverDesign.safeParse({ ...raw, version: 2 }).success).toBe(false);
    const many = Array.from({ length: 25 }, (_, i) => ({ ...raw.layers[0], id: `t${i}` }));
    expect(coverDesign.safeParse({ ...raw, layers: many }).success).toBe(false);
  });
});
