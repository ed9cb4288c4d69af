/**
 * Upload grants (GET /api/aliyun/osssecret): on local disk a signed URL of the server (PUT /api/upload/signed),
 * single-use, expiring, bound to user, key, size and content type, the bytes checked before anything is kept;
 * on S3-compatible storage a presigned POST the bucket takes (s3rver, started here), recorded by
 * POST /api/upload/confirm after checking the stored bytes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { flac, id3WithPicture, jpegImage, pngImage, textFile, wav } from './media-files';
import { startTestBucket, type TestBucket } from './s3rver';

const MiB = 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ USER_STORAGE_QUOTA_BYTES: String(30 * MiB) });
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(123);
const user = () => registerUser(t, {}, nextIp());

function grant(app: TestApp, token: string, q: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
  return call(app.app, { method: 'GET', url: `/api/aliyun/osssecret?${search}`, headers: { token } });
}

function put(app: TestApp, url: string, body: Buffer, type: string) {
  return call(app.app, { method: 'PUT', url, headers: { 'content-type': type }, payload: body });
}

const rows = async (app: TestApp, userId: number) =>
  (
    await app.sql(
      'SELECT key, kind, content_type, size_bytes, original_name, sha256, meta FROM user_files WHERE user_id = $1',
      [userId],
    )
  ).rows;

describe('upload grants on local disk (signed URL)', () => {
  it('grants a cover upload bound to the user, type and size, taken once', async () => {
    const u = await user();
    const id = u.userinfo.id as number;
    const cover = pngImage(64, 64);
    const g = await grant(t, u.token, {
      kind: 'cover',
      size: cover.length,
      content_type: 'image/png',
      name: 'cover.png',
    });
    expect(g.body.code, JSON.stringify(g.body)).toBe(1);
    const data = g.body.data;
    expect(data).toMatchObject({
      kind: 'cover',
      method: 'PUT',
      content_type: 'image/png',
      max_bytes: cover.length,
      headers: { 'Content-Type': 'image/png' },
      fields: {},
      confirm_url: null,
    });
    expect(data.key).toMatch(new RegExp(`^users/${id}/cover/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(data.url).toMatch(/^\/api\/upload\/signed\?.*&sig=[0-9a-f]{64}$/);
    const expires = Date.parse(data.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(290_000);
    expect(expires).toBeLessThanOrEqual(300_000);

    const stored = await put(t, data.url, cover, 'image/png');
    expect(stored.body.code, JSON.stringify(stored.body)).toBe(1);
    expect(stored.body.data).toMatchObject({
      key: data.key,
      url: expect.stringMatching(/^\/files\/users\/.*\?exp=\d+&sig=[0-9a-f]{64}$/),
      name: 'cover.png',
      size: cover.length,
      kind: 'image',
      content_type: 'image/png',
      meta: { format: 'png', width: 64, height: 64, colorSpace: 'rgb' },
    });
    const served = await t.app.inject({ method: 'GET', url: stored.body.data.url });
    expect(served.rawPayload.equals(cover)).toBe(true);
    expect(await rows(t, id)).toHaveLength(1);

    // Used once: the same URL again is refused.
    const again = await put(t, data.url, cover, 'image/png');
    expect(again.status).toBe(403);
    expect(again.body.code).toBe(2093);
    expect(await rows(t, id)).toHaveLength(1);
  });

  it('refuses a tampered signature, a changed parameter and an expired grant (2093)', async () => {
    const u = await user();
    const cover = jpegImage(32, 32);
    const ask = () => grant(t, u.token, { kind: 'cover', size: cover.length, content_type: 'image/jpeg' });
    const { url } = (await ask()).body.data as { url: string };
    const sig = url.slice(-64);
    const flipped = url.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect((await put(t, flipped, cover, 'image/jpeg')).body.code).toBe(2093);
    const bigger = url.replace(/([?&]size=)\d+/, `$1${20 * MiB}`);
    expect((await put(t, bigger, cover, 'image/jpeg')).body.code).toBe(2093);
    const otherUser = url.replace(/([?&]uid=)\d+/, '$11');
    expect((await put(t, otherUser, cover, 'image/jpeg')).body.code).toBe(2093);
    const later = (await ask()).body.data.url as string;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    try {
      const expired = await put(t, later, cover, 'image/jpeg');
      expect(expired.status).toBe(403);
      expect(expired.body.code).toBe(2093);
    } finally {
      vi.useRealTimers();
    }
    const missing = await put(t, '/api/upload/signed?kind=cover', cover, 'image/jpeg');
    expect(missing.body.code).toBe(2001);
    // Nothing was used up by the refusals: the untouched grant still works.
    expect((await put(t, url, cover, 'image/jpeg')).body.code).toBe(1);
  });

  it('refuses a wrong content type, a size over the kind’s limit or the grant’s, and bytes of the wrong kind', async () => {
    const u = await user();
    const cover = pngImage(16, 16);
    const html = await grant(t, u.token, { kind: 'cover', size: 100, content_type: 'text/html' });
    expect(html.body.code).toBe(2094);
    const huge = await grant(t, u.token, { kind: 'cover', size: 20 * MiB + 1, content_type: 'image/png' });
    expect(huge.body).toMatchObject({ code: 2092, data: { max_bytes: 20 * MiB } });
    const lyric = await grant(t, u.token, { kind: 'lyric', size: MiB + 1, content_type: 'text/plain' });
    expect(lyric.body).toMatchObject({ code: 2092, data: { max_bytes: MiB } });

    const g = (await grant(t, u.token, { kind: 'cover', size: cover.length, content_type: 'image/png' })).body.data;
    const wrongType = await put(t, g.url, cover, 'text/html');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.code).toBe(2094);
    const g2 = (await grant(t, u.token, { kind: 'cover', size: cover.length, content_type: 'image/png' })).body.data;
    const tooLong = await put(t, g2.url, Buffer.concat([cover, Buffer.alloc(10)]), 'image/png');
    expect(tooLong.status).toBe(413);
    expect(tooLong.body).toMatchObject({ code: 2092, data: { max_bytes: cover.length } });
    const text = textFile();
    const g3 = (await grant(t, u.token, { kind: 'cover', size: text.length, content_type: 'image/png' })).body.data;
    const notImage = await put(t, g3.url, text, 'image/png');
    expect(notImage.status).toBe(422);
    expect(notImage.body.code).toBe(2094);
    expect(notImage.body.data.issues[0].rule).toBe('cover.format');
    expect(await rows(t, u.userinfo.id)).toEqual([]);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/aliyun/osssecret?kind=cover&size=1&content_type=image/png' })).body
        .code,
    ).toBe(1000);
  });

  it('takes GBK lyrics and a WAV, recording what they are', async () => {
    const u = await user();
    const gbk = Buffer.from([0x5b, 0x30, 0x30, 0x3a, 0x30, 0x31, 0x2e, 0x30, 0x30, 0x5d, 0xc4, 0xe3, 0xba, 0xc3, 0x0a]);
    const g = (
      await grant(t, u.token, { kind: 'lyric', size: gbk.length, content_type: 'text/plain', name: '歌词.lrc' })
    ).body.data;
    expect(g.key).toMatch(/\.lrc$/);
    const l = await put(t, g.url, gbk, 'text/plain');
    expect(l.body.code, JSON.stringify(l.body)).toBe(1);
    expect(l.body.data).toMatchObject({
      name: '歌词.lrc',
      kind: 'text',
      content_type: 'text/plain; charset=gbk',
      meta: { encoding: 'gbk', format: 'lrc', lines: 1 },
    });
    const song = wav({ seconds: 2 });
    const a = (
      await grant(t, u.token, { kind: 'audio', size: song.length, content_type: 'audio/wav', name: 'demo.wav' })
    ).body.data;
    const stored = await put(t, a.url, song, 'audio/wav');
    expect(stored.body.data).toMatchObject({
      kind: 'audio',
      content_type: 'audio/wav',
      meta: { format: 'wav', durationSec: 2 },
    });
    expect(stored.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const usage = await call(t.app, { method: 'GET', url: '/api/userstorage/userdata', headers: { token: u.token } });
    expect(usage.body.data).toEqual({ used_bytes: gbk.length + song.length, quota_bytes: 30 * MiB, file_count: 2 });
  });

  it('refuses files whose header lies about what follows: a cut WAV or FLAC, a cover cut in its pixels', async () => {
    const u = await user();
    const send = async (kind: string, body: Buffer, type: string, name: string) => {
      const g = (await grant(t, u.token, { kind, size: body.length, content_type: type, name })).body.data;
      return put(t, g.url, body, type);
    };
    // The WAV's data chunk declares 31 s; the file holds a few kilobytes of it.
    const song = wav({ seconds: 31, silent: true });
    const wavLie = await send('audio', song.subarray(0, 4096), 'audio/wav', 'cut.wav');
    expect(wavLie.body.code, JSON.stringify(wavLie.body)).toBe(2091);
    expect(wavLie.body.data.issues[0].rule).toBe('audio.truncated');
    // The FLAC's STREAMINFO says more metadata follows: a 4096-byte block, of which 100 bytes are there.
    const head = flac({ headerOnly: true });
    head[4] = 0x00;
    const flacLie = await send(
      'audio',
      Buffer.concat([head, Buffer.from([0x81, 0x00, 0x10, 0x00]), Buffer.alloc(100)]),
      'audio/flac',
      'cut.flac',
    );
    expect(flacLie.body.code, JSON.stringify(flacLie.body)).toBe(2091);
    expect(flacLie.body.data.issues[0].rule).toBe('audio.truncated');
    // A cover whose header reads (3000×3000 RGB) but whose picture data stops early: decoded, and refused.
    const cover = jpegImage(3000, 3000);
    const cutCover = await send('cover', cover.subarray(0, cover.length - 500), 'image/jpeg', 'cut.jpg');
    expect(cutCover.body.code, JSON.stringify(cutCover.body)).toBe(2094);
    expect(cutCover.body.data.issues[0].rule).toBe('cover.corrupt');
    expect(await rows(t, u.userinfo.id)).toEqual([]);
  });

  it('refuses a grant that would not fit in the quota (2090)', async () => {
    const u = await user();
    await t.sql(
      `INSERT INTO user_files (user_id, key, kind, content_type, size_bytes) VALUES ($1, $2, 'pdf', 'application/pdf', $3)`,
      [u.userinfo.id, `users/${u.userinfo.id}/uploads/filler.pdf`, 30 * MiB - 100],
    );
    const g = await grant(t, u.token, { kind: 'cover', size: 200, content_type: 'image/png' });
    expect(g.body.code).toBe(2090);
  });
});

describe('upload grants on S3-compatible storage (presigned POST)', () => {
  const BUCKET = 'trackline-grants';
  let bucket: TestBucket;
  let s: TestApp;
  let endpoint: string;

  beforeAll(async () => {
    bucket = await startTestBucket(BUCKET);
    endpoint = bucket.endpoint;
    s = await createTestApp({ ...bucket.env, S3_REGION: 'cn-test-1' });
  });
  afterAll(async () => {
    await s?.close();
    await bucket?.close();
  });

  async function post(data: { url: string; fields: Record<string, string> }, file: Buffer, type: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(data.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file)], { type }), 'upload');
    return fetch(data.url, { method: 'POST', body: form });
  }

  it('answers a policy limited to the user’s prefix, the type, the size and five minutes', async () => {
    const u = await registerUser(s, {}, '10.124.0.1');
    const id = u.userinfo.id as number;
    const g = await grant(s, u.token, { kind: 'cover', size: 5000, content_type: 'image/jpeg' });
    expect(g.body.code, JSON.stringify(g.body)).toBe(1);
    const data = g.body.data;
    expect(data).toMatchObject({
      method: 'POST',
      url: `${endpoint}/${BUCKET}`,
      content_type: 'image/jpeg',
      max_bytes: 5000,
      confirm_url: '/api/upload/confirm',
    });
    expect(data.key).toMatch(new RegExp(`^users/${id}/cover/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.jpg$`));
    expect(data.fields).toMatchObject({
      key: data.key,
      'Content-Type': 'image/jpeg',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(data.fields['x-amz-credential']).toMatch(/^S3RVER\/\d{8}\/cn-test-1\/s3\/aws4_request$/);
    expect(data.fields['x-amz-signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(data.fields.policy, 'base64').toString('utf8'));
    expect(Date.parse(policy.expiration)).toBe(Date.parse(data.expires_at));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: BUCKET },
        ['starts-with', '$key', `users/${id}/cover/`],
        { 'Content-Type': 'image/jpeg' },
        ['content-length-range', 1, 5000],
        { 'x-amz-date': data.fields['x-amz-date'] },
        { 'x-amz-credential': data.fields['x-amz-credential'] },
      ]),
    );
  });

  it('a real form POST lands in the bucket; confirm checks and records it once', async () => {
    const u = await registerUser(s, {}, '10.124.0.2');
    const cover = jpegImage(48, 48);
    const data = (
      await grant(s, u.token, { kind: 'cover', size: cover.length, content_type: 'image/jpeg', name: 'c.jpg' })
    ).body.data;
    const sent = await post(data, cover, 'image/jpeg');
    expect(sent.status).toBe(204);
    expect((await s.deps.storage.get(data.key))?.equals(cover)).toBe(true);

    const other = await registerUser(s, {}, '10.124.0.3');
    const stolen = await call(s.app, {
      method: 'POST',
      url: '/api/upload/confirm',
      headers: { token: other.token },
      payload: { key: data.key },
    });
    expect(stolen.body.code).toBe(2044);

    const confirm = () =>
      call(s.app, {
        method: 'POST',
        url: '/api/upload/confirm',
        headers: { token: u.token },
        payload: { key: data.key, name: 'c.jpg' },
      });
    const ok = await confirm();
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1);
    expect(ok.body.data).toMatchObject({
      key: data.key,
      name: 'c.jpg',
      size: cover.length,
      kind: 'image',
      content_type: 'image/jpeg',
      meta: { format: 'jpg', width: 48, height: 48 },
    });
    expect((await confirm()).body.code).toBe(2093);
    expect(await rows(s, u.userinfo.id)).toHaveLength(1);
  });

  it('confirm reads a FLAC past its first MiB from the bucket object, streamed to music-metadata', async () => {
    const u = await registerUser(s, {}, '10.124.0.5');
    const song = Buffer.concat([id3WithPicture(900_000), flac({ tone: true })]);
    expect(song.length).toBeGreaterThan(1024 * 1024);
    const data = (await grant(s, u.token, { kind: 'audio', size: song.length, content_type: 'audio/flac' })).body.data;
    expect((await post(data, song, 'audio/flac')).status).toBe(204);
    const ok = await call(s.app, {
      method: 'POST',
      url: '/api/upload/confirm',
      headers: { token: u.token },
      payload: { key: data.key, name: 'song.flac' },
    });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1);
    expect(ok.body.data).toMatchObject({
      key: data.key,
      size: song.length,
      content_type: 'audio/flac',
      meta: { format: 'flac', bitDepth: 16, sampleRate: 44_100, channels: 2, durationSec: 31, lossy: false },
    });
  });

  it('confirm refuses and deletes an object that is not what its kind needs', async () => {
    const u = await registerUser(s, {}, '10.124.0.4');
    const text = textFile();
    const data = (await grant(s, u.token, { kind: 'audio', size: text.length, content_type: 'audio/wav' })).body.data;
    expect((await post(data, text, 'audio/wav')).status).toBe(204);
    const refused = await call(s.app, {
      method: 'POST',
      url: '/api/upload/confirm',
      headers: { token: u.token },
      payload: { key: data.key },
    });
    expect(refused.body.code).toBe(2091);
    expect(refused.body.data.issues[0].rule).toBe('audio.format');
    expect(await s.deps.storage.stat(data.key)).toBeNull();
    expect(await rows(s, u.userinfo.id)).toEqual([]);
  });
});
