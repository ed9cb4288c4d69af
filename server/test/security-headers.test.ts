/**
 * Browser-side protection headers (platform/http/security-headers.ts): every HTML answer carries the page CSP with
 * `frame-ancestors 'none'`, whatever path served it; HSTS only when the public address is https; every stored file
 * carries the no-script CSP, however its path is spelled.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let https: TestApp;
let plain: TestApp;
beforeAll(async () => {
  const webDist = path.join(await mkdtemp(path.join(tmpdir(), 'trackline-web-')), 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>t</title></head></html>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  [https, plain] = await Promise.all([
    createTestApp({ WEB_DIST: webDist, PUBLIC_BASE_URL: 'https://music.example.com' }),
    createTestApp({ WEB_DIST: webDist }),
  ]);
});
afterAll(async () => {
  await Promise.all([https?.close(), plain?.close()]);
});

function expectPagePolicy(res: { headers: Record<string, unknown> }) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('HTML answers', () => {
  it.each(['/login', '/index.html', '/api/docs'])('%s carries the page CSP and cannot be framed', async (url) => {
    const res = await plain.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPagePolicy(res);
  });

  it('a script or a JSON answer gets no page policy', async () => {
    const js = await plain.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['x-frame-options']).toBeUndefined();
    const api = await plain.app.inject({ method: 'GET', url: '/api/ping' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});

describe('HSTS', () => {
  it('is sent on every answer when the public address is https', async () => {
    for (const url of ['/api/ping', '/login', '/index.html']) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is not sent when the public address is not https', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('stored files', () => {
  it('carry the no-script CSP under every spelling of their path', async () => {
    await plain.deps.storage.put('t/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    for (const url of ['/files/t/page.html', '/%66iles/t/page.html', '/%66%69%6c%65%73/t/page.html']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
    }
  });
});
