import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from './files';
import { call, createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { jpegImage, pngImage } from './media-files';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(110);
const user = () => registerUser(t, {}, nextIp());

const MiB = 1024 * 1024;
const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
const lyrics = () => Buffer.from('[00:01.00]月光洒在窗前\n[00:05.20]我轻轻唱起这首歌\n', 'utf8');

async function upload(file: Buffer, filename: string, type: string, headers: Record<string, string>, field = 'file') {
  const body = await multipart(file, filename, type, field);
  return call(t.app, {
    method: 'POST',
    url: '/api/common/upload',
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}

/** Files kept on disk under one user's prefix. */
async function storedFiles(userId: number): Promise<number> {
  const entries = await readdir(path.join(t.deps.config.filesDir, 'users', String(userId)), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

const rows = async (userId: number) =>
  (
    await t.sql('SELECT key, kind, content_type, size_bytes, original_name FROM user_files WHERE user_id = $1', [
      userId,
    ])
  ).rows;

describe('POST /api/common/upload', () => {
  it('stores a real PNG under the user’s own prefix, records it, and serves it back', async () => {
    const u = await user();
    const id = u.userinfo.id as number;
    const image = png();
    const res = await upload(image, '封面 草稿.png', 'image/png', { token: u.token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const { key, url } = res.body.data;
    expect(key).toMatch(new RegExp(`^users/${id}/uploads/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));
    // The uploader's own file, private: a signed link that expires; the raw URL serves nothing.
    expect(url).toMatch(new RegExp(`^/files/${key}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    expect(res.body.data).toMatchObject({ name: '封面 草稿.png', size: image.length, kind: 'image' });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(await rows(id)).toEqual([
      { key, kind: 'image', content_type: 'image/png', size_bytes: image.length, original_name: '封面 草稿.png' },
    ]);
  });

  it('takes a JPEG, a PDF and UTF-8 text (.txt and .lrc), each named by what it is', async () => {
    const u = await user();
    const jpeg = jpegImage(64, 64);
    const j = await upload(jpeg, 'photo.jpeg', 'image/jpeg', { token: u.token });
    expect(j.body.data).toMatchObject({ kind: 'image', content_type: 'image/jpeg' });
    expect(j.body.data.key).toMatch(/\.jpg$/);

    const p = await upload(pdf(), 'contract.pdf', 'application/pdf', { token: u.token });
    expect(p.body.code, JSON.stringify(p.body)).toBe(1);
    expect(p.body.data).toMatchObject({ kind: 'pdf', content_type: 'application/pdf', name: 'contract.pdf' });
    expect(p.body.data.key).toMatch(/\.pdf$/);
    const servedPdf = await t.app.inject({ method: 'GET', url: p.body.data.url });
    expect(servedPdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(servedPdf.rawPayload.equals(pdf())).toBe(true);

    const l = await upload(lyrics(), '月光.lrc', 'application/octet-stream', { token: u.token });
    expect(l.body.code, JSON.stringify(l.body)).toBe(1);
    expect(l.body.data).toMatchObject({ kind: 'text', content_type: 'text/plain; charset=utf-8', name: '月光.lrc' });
    expect(l.body.data.key).toMatch(/\.lrc$/);

    const note = Buffer.from('Hello, support.\nMy bill looks wrong.\n');
    const txt = await upload(note, 'note.TXT', 'text/plain', { token: u.token });
    expect(txt.body.data).toMatchObject({ kind: 'text', size: note.length });
    expect(txt.body.data.key).toMatch(/\.txt$/);
    expect(await storedFiles(u.userinfo.id)).toBe(4);
  });

  it('names the image by its bytes, whatever the declared name and type say', async () => {
    const u = await user();
    const res = await upload(png(), 'notes.txt', 'text/plain', { token: u.token });
    expect(res.body.data).toMatchObject({ kind: 'image', content_type: 'image/png' });
    expect(res.body.data.key).toMatch(/\.png$/);
  });

  it('refuses a small PNG declaring 20000×20000 pixels from its header (2067), and keeps nothing', async () => {
    const u = await user();
    const bomb = pngImage(20_000, 20_000, 2, true);
    expect(bomb.length).toBeLessThan(1024);
    const res = await upload(bomb, 'cover.png', 'image/png', { token: u.token });
    expect(res.body.code).toBe(2067);
    expect(res.body.msg).toContain('10000');
    expect(await storedFiles(u.userinfo.id as number)).toBe(0);
    // A real square cover of a normal size still goes through.
    const ok = await upload(pngImage(600, 600), 'cover.png', 'image/png', { token: u.token });
    expect(ok.body.data).toMatchObject({ kind: 'image', content_type: 'image/png' });
  });

  it('refuses an image that does not parse (2221, naming the rule), and keeps nothing', async () => {
    const u = await user();
    const id = u.userinfo.id as number;
    // A PNG whose IHDR no longer matches its CRC: its header still reads, its pixels do not.
    const badCrc = pngImage(600, 600);
    badCrc[29] = badCrc[29]! ^ 0x01;
    // A JPEG cut short in its picture data, and one cut before any picture at all.
    const jpeg = jpegImage(600, 600);
    const cut = jpeg.subarray(0, jpeg.length - 40);
    const headerOnly = jpegImage(600, 600, 3, true);
    const fakeGif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const [body, name, type] of [
      [badCrc, 'broken.png', 'image/png'],
      [cut, 'cut.jpg', 'image/jpeg'],
      [headerOnly, 'empty.jpg', 'image/jpeg'],
      [fakeGif, 'x.gif', 'image/gif'],
    ] as const) {
      const res = await upload(body, name, type, { token: u.token });
      expect(res.status, name).toBe(200);
      expect(res.body.code, name).toBe(2221);
      expect(res.body.msg).toBe('图片文件已损坏或无法读取，请重新导出后再上传');
    }
    const en = await upload(badCrc, 'broken.png', 'image/png', { token: u.token, 'accept-language': 'en' });
    expect(en.body.msg).toBe('The image is damaged or cannot be read; export it again and upload it');
    expect(await storedFiles(id)).toBe(0);
    // The same pictures whole go through.
    expect((await upload(jpeg, 'whole.jpg', 'image/jpeg', { token: u.token })).body.code).toBe(1);
  });

  it('refuses a text file renamed .png, an SVG and an unknown binary (2063), and keeps nothing', async () => {
    const u = await user();
    const id = u.userinfo.id as number;
    const fake = await upload(Buffer.from('just some text, not an image'), 'fake.png', 'image/png', { token: u.token });
    expect(fake.body).toMatchObject({ code: 2063 });
    expect(fake.body.msg).toContain('PNG');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'logo.svg', 'image/svg+xml', { token: u.token })).body.code).toBe(2063);
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
    const refused = await upload(exe, 'setup.exe', 'application/octet-stream', {
      token: u.token,
      'accept-language': 'en',
    });
    expect(refused.body).toMatchObject({
      code: 2063,
      msg: 'Only PNG, JPEG, GIF or WebP images, PDF files and UTF-8 plain text (TXT, LRC) can be uploaded',
    });
    expect(await storedFiles(id)).toBe(0);
    expect(await rows(id)).toEqual([]);
  });

  it('refuses text that is not UTF-8 or carries NUL bytes (2066)', async () => {
    const u = await user();
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7]); // 你好，世界 in GBK
    expect((await upload(gbk, 'gbk.txt', 'text/plain', { token: u.token })).body.code).toBe(2066);
    const nul = Buffer.from('line one\u0000line two', 'utf8');
    expect((await upload(nul, 'nul.lrc', 'text/plain', { token: u.token })).body.code).toBe(2066);
    expect(await storedFiles(u.userinfo.id)).toBe(0);
  });

  it('takes a file just under 10 MiB and refuses one over it (2064), keeping nothing', async () => {
    const u = await user();
    const id = u.userinfo.id as number;
    const big = png(10 * MiB - 4096);
    const ok = await upload(big, 'big.png', 'image/png', { token: u.token });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1);
    expect(ok.body.data.size).toBe(big.length);
    const over = await upload(png(10 * MiB + 1024), 'huge.png', 'image/png', { token: u.token });
    expect(over.body).toMatchObject({ code: 2064, data: { max_bytes: 10 * MiB } });
    expect(await storedFiles(id)).toBe(1);
    expect(await rows(id)).toHaveLength(1);
  });

  it('refuses an empty file (2065), a missing file field or a JSON body (2062)', async () => {
    const u = await user();
    expect((await upload(Buffer.alloc(0), 'empty.txt', 'text/plain', { token: u.token })).body.code).toBe(2065);
    expect((await upload(png(), 'a.png', 'image/png', { token: u.token }, 'image')).body.code).toBe(2062);
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/common/upload',
      headers: { token: u.token },
      payload: { file: 'x' },
    });
    expect(json.body.code).toBe(2062);
  });

  it('keeps the last segment of the name, drops control and bidi characters, and cuts it to 200 characters', async () => {
    const u = await user();
    const tricky = await upload(lyrics(), '..\\..\\evil\u202egpj.\u0007lrc<>.lrc', 'text/plain', { token: u.token });
    expect(tricky.body.code, JSON.stringify(tricky.body)).toBe(1);
    expect(tricky.body.data.name).toBe('evilgpj.lrc.lrc');
    const long = await upload(lyrics(), `${'长'.repeat(300)}.lrc`, 'text/plain', { token: u.token });
    expect(Array.from(long.body.data.name as string)).toHaveLength(200);
    expect(long.body.data.name).toMatch(/^长+\.lrc$/);
    const stored = await rows(u.userinfo.id);
    expect(stored.map((r) => r.original_name).sort()).toEqual([long.body.data.name, 'evilgpj.lrc.lrc'].sort());
  });

  it('needs a musician session (1000); a staff token is not one; a cross-site cookie call is refused (2041)', async () => {
    expect((await upload(png(), 'a.png', 'image/png', {})).body.code).toBe(1000);
    expect((await upload(png(), 'a.png', 'image/png', { 'admin-token': 'nope' })).body.code).toBe(1000);
    const u = await user();
    const crossSite = await upload(png(), 'a.png', 'image/png', {
      cookie: `token=${u.token}`,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.body.code).toBe(2041);
    expect(await storedFiles(u.userinfo.id)).toBe(0);
  });

  it('limits each user to 30 uploads an hour (429 / 2030); another user is not affected', async () => {
    const u = await user();
    for (let i = 0; i < 30; i++) {
      const res = await upload(png(), `p${i}.png`, 'image/png', { token: u.token });
      expect(res.body.code, `upload ${i}: ${JSON.stringify(res.body)}`).toBe(1);
    }
    const over = await upload(png(), 'p31.png', 'image/png', { token: u.token });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(2030);
    expect(await rows(u.userinfo.id)).toHaveLength(30);
    const other = await user();
    expect((await upload(png(), 'a.png', 'image/png', { token: other.token })).body.code).toBe(1);
  });
});
