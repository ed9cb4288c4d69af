import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from './files';
import { ADMIN_PASSWORD, call, createTestApp, registerUser, staffLogin, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

/** How many files the uploads left on disk. */
async function storedImages(): Promise<number> {
  const entries = await readdir(path.join(t.deps.config.filesDir, 'images'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

async function upload(
  file: Buffer,
  filename: string,
  type: string,
  headers: Record<string, string> = { 'admin-token': admin },
  field = 'file',
) {
  const body = await multipart(file, filename, type, field);
  return call(t.app, {
    method: 'POST',
    url: '/api/admin/upload/image',
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}

describe('POST /api/admin/upload/image', () => {
  it('stores a real PNG and serves it back at data.url as image/png', async () => {
    const image = png();
    const res = await upload(image, 'logo.png', 'image/png');
    expect(res.body.code).toBe(1);
    expect(res.body.data.url).toMatch(/^\/files\/images\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('names the file by what it is, not by what it claims to be', async () => {
    const res = await upload(png(), 'photo.jpg', 'image/jpeg');
    expect(res.body.code).toBe(1);
    expect(res.body.data.url).toMatch(/\.png$/);
  });

  it('takes an image between 1 and 2 MiB', async () => {
    const image = png(1.5 * 1024 * 1024);
    const res = await upload(image, 'big.png', 'image/png');
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.rawPayload.length).toBe(image.length);
  });

  it('refuses a text file named .png and an SVG (2060), and keeps nothing', async () => {
    const before = await storedImages();
    const text = await upload(Buffer.from('just some text, not an image'), 'fake.png', 'image/png');
    expect(text.body).toMatchObject({ code: 2060, msg: '文件格式或大小不符合要求' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'logo.svg', 'image/svg+xml')).body.code).toBe(2060);
    expect(await storedImages()).toBe(before);
    expect(text.body.data?.url).toBeUndefined();
  });

  it('refuses an image over 2 MiB (2060) and keeps nothing', async () => {
    const before = await storedImages();
    const res = await upload(png(2 * 1024 * 1024 + 1024), 'huge.png', 'image/png');
    expect(res.body).toMatchObject({ code: 2060, data: { max_bytes: 2 * 1024 * 1024 } });
    expect(await storedImages()).toBe(before);
  });

  it('refuses a request without the file field, or that is not multipart (2060)', async () => {
    expect((await upload(png(), 'logo.png', 'image/png', { 'admin-token': admin }, 'image')).body.code).toBe(2060);
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/admin/upload/image',
      headers: { 'admin-token': admin },
      payload: { file: 'x' },
    });
    expect(json.body.code).toBe(2060);
  });

  it('needs a staff session (1000); a musician token is not one', async () => {
    expect((await upload(png(), 'logo.png', 'image/png', {})).body.code).toBe(1000);
    const { token } = await registerUser(t, {}, '10.92.0.2');
    expect((await upload(png(), 'logo.png', 'image/png', { token })).body.code).toBe(1000);
    expect((await upload(png(), 'logo.png', 'image/png', { 'admin-token': token })).body.code).toBe(1000);
  });

  it('is refused (2040) to staff without the admin, content or support role', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      headers: { 'admin-token': admin },
      payload: { username: 'finance1', name: 'Finance', password: 'Finance2026x', roles: ['finance'] },
    });
    expect(created.body.code).toBe(1);
    const finance = await staffLogin(t, 'finance1', 'Finance2026x');
    expect((await upload(png(), 'logo.png', 'image/png', { 'admin-token': finance })).body.code).toBe(2040);
  });
});
