/**
 * With S3_* set, files go to S3-compatible storage: checked against a real S3 API server (s3rver) started here.
 * The seeded logo and QR codes, and an uploaded image, are stored in the bucket and served back at /files/<key>,
 * or from S3_PUBLIC_URL when the bucket is public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateFileUrl } from '../src/modules/storage/file-access';
import { multipart, png } from './files';
import { call, createTestApp, staffLogin, type TestApp } from './harness';
import { startTestBucket, type TestBucket } from './s3rver';

const BUCKET = 'trackline-test';
let bucket: TestBucket;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  bucket = await startTestBucket(BUCKET);
  endpoint = bucket.endpoint;
  t = await createTestApp(bucket.env);
});

afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

describe('S3-compatible storage', () => {
  it('keeps the seeded site images in the bucket and serves them at /files', async () => {
    const agent = await call(t.app, { method: 'GET', url: '/api/agent/info?domain=localhost' });
    expect(agent.body.data.data.qr_ios).toBe('/files/demo/qr-ios.png');
    const stored = await t.deps.storage.get('demo/qr-ios.png');
    expect(stored?.subarray(1, 4).toString('latin1')).toBe('PNG');
    const served = await t.app.inject({ method: 'GET', url: '/files/demo/qr-ios.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(stored!)).toBe(true);
    // The route sets the policy itself, so another spelling of the path that reaches it gets it too.
    const encoded = await t.app.inject({ method: 'GET', url: '/%66iles/demo/qr-ios.png' });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['content-security-policy']).toContain('sandbox');
  });

  it('stores an uploaded image in the bucket', async () => {
    const token = await staffLogin(t);
    const image = png(5000);
    const body = await multipart(image, 'logo.png', 'image/png');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/upload/image',
      headers: { 'admin-token': token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.body.code).toBe(1);
    expect((await t.deps.storage.get(res.body.data.key))?.equals(image)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('answers a missing file or a key that climbs out of the bucket with a 404 envelope', async () => {
    const missing = await call(t.app, { method: 'GET', url: '/files/images/none.png' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(2044);
    const climbing = await call(t.app, { method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd' });
    expect(climbing.status).toBe(404);
  });

  it('hands out public bucket URLs when S3_PUBLIC_URL is set', async () => {
    const pub = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: `${endpoint}/${BUCKET}/`,
    });
    try {
      expect(pub.deps.storage.url('demo/logo.svg')).toBe(`${endpoint}/${BUCKET}/demo/logo.svg`);
      const direct = await fetch(pub.deps.storage.url('demo/logo.svg'));
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('<svg');
    } finally {
      await pub.close();
    }
  });

  it("reads a user's private file only through a presigned GET that expires, never through /files", async () => {
    const key = 'users/1/uploads/2026-01/00000000-0000-4000-8000-00000000000a.pdf';
    const body = Buffer.from('%PDF-1.4\n% private\n');
    await t.deps.storage.put(key, body, 'application/pdf');
    const url = await privateFileUrl(t.deps, key);
    expect(url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(body)).toBe(true);
    // Signed for FILE_URL_TTL_SECONDS (rounded up to the minute). s3rver itself checks no signatures, so the
    // bucket's refusal of a tampered or late link is the store's own, not exercised here.
    const expires = Number(new URL(url).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(t.deps.config.fileUrlTtlSeconds - 5);
    expect(expires).toBeLessThanOrEqual(t.deps.config.fileUrlTtlSeconds + 60);
    // The server's own route does not hand it out, whether the bucket is reached through it or not.
    const proxied = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.rawPayload.includes(body)).toBe(false);
  });

  it("never sends users' files to S3_PUBLIC_URL: their public ones come through the server, which checks them", async () => {
    const pub = await createTestApp({ ...bucket.env, S3_PUBLIC_URL: `${endpoint}/${BUCKET}/` });
    try {
      expect(pub.deps.storage.url('users/1/uploads/2026-01/a.png')).toBe('/files/users/1/uploads/2026-01/a.png');
      expect(pub.deps.storage.url('images/2026-01/a.png')).toBe(`${endpoint}/${BUCKET}/images/2026-01/a.png`);
    } finally {
      await pub.close();
    }
  });
});
