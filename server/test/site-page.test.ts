/**
 * index.html carries the site configuration of the host it is served for (modules/site/site-page.ts): pages of
 * the single-page app render the right header and footer without first calling /api/agent/info.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteConfig } from '../src/modules/site/site-page';
import { call, createTestApp, staffLogin, type TestApp } from './harness';

const INDEX =
  '<!doctype html>\n<html>\n  <head>\n    <title>乐轨音乐</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = path.join(await mkdtemp(path.join(tmpdir(), 'trackline-web-')), 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
});

function siteConfig(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="site-config">(.*?)<\/script>/s.exec(html);
  expect(match, 'the page has the site-config block').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const page = (url: string, host: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

describe('index.html with the site configuration', () => {
  it("writes the host's site into every page of the app, with the page's security policy and no caching", async () => {
    const token = await staffLogin(t);
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/admin/agent/save',
      headers: { 'admin-token': token },
      payload: { ...BLANK_AGENT, domain: 'star.example.com', site_title: '星河音乐' },
    });
    expect(saved.body.code).toBe(1);

    for (const url of ['/guest/index', '/advisory/detail?id=100', '/']) {
      const res = await page(url, 'star.example.com:8080');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // Private audio may play from the bucket's own address (presigned GETs with S3 storage).
      expect(res.headers['content-security-policy']).toContain("media-src 'self' blob: https: http:");
      expect(siteConfig(res.body)).toMatchObject({ domain: 'star.example.com', site_title: '星河音乐' });
    }
    // The same as GET /api/agent/info answers for that domain.
    const api = await call(t.app, { method: 'GET', url: '/api/agent/info?domain=star.example.com' });
    expect(siteConfig((await page('/guest/index', 'star.example.com')).body)).toEqual(api.body.data.data);
  });

  it('gives an unknown host the default site, and leaves API and file 404s alone', async () => {
    const res = await page('/guest/index', 'unknown.example.org');
    expect(siteConfig(res.body)).toMatchObject({ domain: 'localhost' });
    const api = await page('/api/nothing-here', 'unknown.example.org');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 2044 });
  });

  it('keeps a title that tries to close the script inside the JSON', () => {
    const html = withSiteConfig(INDEX, { site_title: '</script><script>alert(1)</script>\u2028' });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.indexOf('id="site-config"')).toBeLessThan(html.indexOf('</head>'));
    expect(siteConfig(html).site_title).toBe('</script><script>alert(1)</script>\u2028');
  });
});
