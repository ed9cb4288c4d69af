/**
 * The picture code (platform/security/captcha.ts, captcha-image.ts): a 200×64 PNG drawn on the server, different
 * on every drawing even of the same text, with no markup a script could read the characters from; the answer is
 * checked as before (once, without case).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCaptcha, createCaptcha } from '../src/platform/security/captcha';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  captchaText,
  drawCaptcha,
} from '../src/platform/security/captcha-image';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function decode(dataUrl: string): Buffer {
  const match = /^data:image\/png;base64,(.+)$/.exec(dataUrl);
  expect(match, 'a PNG data URL').not.toBeNull();
  return Buffer.from(match![1]!, 'base64');
}

describe('GET /api/index/captcha', () => {
  it('answers { captcha_id, image } with a real 200×64 PNG', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/index/captcha?t=1' });
    expect(res.body.code).toBe(1);
    expect(res.body.data.captcha_id).toMatch(/^[0-9a-f-]{36}$/);
    const png = decode(res.body.data.image);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    // Not a blank or flat picture: the pixels vary.
    const stats = await sharp(png).stats();
    expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(20);
  });

  it('holds no SVG or other text a script could read the characters from', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/index/captcha?t=1' });
    const png = decode(res.body.data.image);
    expect(png.toString('latin1')).not.toMatch(/<svg|<path|<text/i);
    const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies)).not.toContain('svg-captcha');
  });
});

describe('the drawing', () => {
  it('differs between two drawings of the same code', async () => {
    const [a, b] = await Promise.all([drawCaptcha('K7PX'), drawCaptcha('K7PX')]);
    expect(a.equals(b)).toBe(false);
    const [pa, pb] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
    let differing = 0;
    for (let i = 0; i < pa!.length; i++) if (Math.abs(pa![i]! - pb![i]!) > 40) differing++;
    // Not a few noise dots apart: background, placement and noise all change.
    expect(differing / pa!.length).toBeGreaterThan(0.2);
  });

  it('uses only characters people do not confuse', () => {
    for (const ambiguous of '0O1IL2Z5S8BUV') expect(CAPTCHA_ALPHABET).not.toContain(ambiguous);
    for (let i = 0; i < 200; i++) expect(captchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
  });
});

describe('checking the answer', () => {
  it('accepts the right answer once, in any case, and nothing after', async () => {
    const { captcha_id } = await createCaptcha(t.deps.database.db, t.deps.secret, 'K7PX');
    expect(await checkCaptcha(t.deps.database.db, t.deps.secret, captcha_id, ' k7px ')).toBe(true);
    expect(await checkCaptcha(t.deps.database.db, t.deps.secret, captcha_id, 'K7PX')).toBe(false);
  });

  it('a wrong answer uses the code up too', async () => {
    const { captcha_id } = await createCaptcha(t.deps.database.db, t.deps.secret, 'K7PX');
    expect(await checkCaptcha(t.deps.database.db, t.deps.secret, captcha_id, 'K7PY')).toBe(false);
    expect(await checkCaptcha(t.deps.database.db, t.deps.secret, captcha_id, 'K7PX')).toBe(false);
  });
});
