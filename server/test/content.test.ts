import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, staffLogin, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url, payload, headers });
const en = { 'accept-language': 'en-US,en;q=0.9' };

/** A category id of the default site's news in zh-CN. */
async function newsCategoryId(): Promise<number> {
  const { rows } = await t.sql(`SELECT id FROM news_categories WHERE lang = 'zh-CN' ORDER BY sort LIMIT 1`);
  return Number(rows[0].id);
}

async function insertNews(fields: Record<string, unknown>): Promise<number> {
  const values = {
    lang: 'zh-CN',
    agent_id: null,
    category_id: await newsCategoryId(),
    title: 'x',
    content: '<p>x</p>',
    status: 'published',
    publish_at: new Date(Date.now() - 60_000).toISOString(),
    ...fields,
  };
  const cols = Object.keys(values);
  const { rows } = await t.sql(
    `INSERT INTO news (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(values),
  );
  return Number(rows[0].id);
}

describe('POST /api/cms/data/news', () => {
  it('lists the published news of the site newest first, with its categories and the total', async () => {
    const res = await post('/api/cms/data/news', { page: 1, limit: 10 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    const data = res.body.data;
    expect(data).toMatchObject({ page: 1, limit: 10, total: 8 });
    expect(data.list).toHaveLength(8);
    expect(data.categories.map((c: { name: string }) => c.name)).toEqual(['平台公告', '行业资讯', '发行指南']);
    const first = data.list[0];
    expect(Object.keys(first).sort()).toEqual(
      ['id', 'category_id', 'category_name', 'title', 'summary', 'cover', 'publish_at'].sort(),
    );
    expect(first.title).toBe('乐轨音乐新版发行后台上线');
    const times = data.list.map((n: { publish_at: string }) => Date.parse(n.publish_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages: defaults without a body, limits and bounds, an empty list past the end', async () => {
    const noBody = await call(t.app, { method: 'POST', url: '/api/cms/data/news' });
    expect(noBody.body.data).toMatchObject({ page: 1, limit: 10, total: 8 });

    const p3 = await post('/api/cms/data/news', { page: 3, limit: 3 });
    expect(p3.body.data.list).toHaveLength(2);
    expect(p3.body.data.total).toBe(8);

    const past = await post('/api/cms/data/news', { page: 50, limit: 10 });
    expect(past.body.code).toBe(1);
    expect(past.body.data).toMatchObject({ list: [], total: 8, page: 50 });

    for (const bad of [{ page: 0 }, { limit: 51 }, { limit: 0 }, { page: -1 }, { page: 'x' }, { category: 0 }]) {
      const res = await post('/api/cms/data/news', bad);
      expect(res.body.code, JSON.stringify(bad)).toBe(2001);
    }
    expect((await post('/api/cms/data/news', { limit: 50 })).body.code).toBe(1);
  });

  it('accepts the parameters in the query string too', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/cms/data/news?page=2&limit=3&t=123' });
    expect(res.body.data).toMatchObject({ page: 2, limit: 3, total: 8 });
    expect(res.body.data.list).toHaveLength(3);
  });

  it('filters by category', async () => {
    const all = (await post('/api/cms/data/news')).body.data;
    const guide = all.categories.find((c: { name: string }) => c.name === '发行指南');
    const res = await post('/api/cms/data/news', { category: guide.id });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list.every((n: { category_id: number }) => n.category_id === guide.id)).toBe(true);
  });

  it('answers English rows to Accept-Language: en', async () => {
    const res = await post('/api/cms/data/news', {}, en);
    expect(res.body.data.total).toBe(8);
    expect(res.body.data.categories.map((c: { name: string }) => c.name)).toEqual([
      'Announcements',
      'Industry news',
      'Release guides',
    ]);
    expect(res.body.data.list[0].title).toBe('The new Trackline release console is live');
    // a translation shares its original's id
    const zh = await post('/api/cms/data/news');
    expect(res.body.data.list.map((n: { id: number }) => n.id)).toEqual(
      zh.body.data.list.map((n: { id: number }) => n.id),
    );
  });

  it('hides drafts and articles whose publish time has not come', async () => {
    const draft = await insertNews({ title: 'DRAFT-ARTICLE', status: 'draft' });
    const future = await insertNews({ title: 'FUTURE-ARTICLE', publish_at: new Date(Date.now() + 86_400_000) });
    const res = await post('/api/cms/data/news', { limit: 50 });
    const titles = res.body.data.list.map((n: { title: string }) => n.title);
    expect(titles).not.toContain('DRAFT-ARTICLE');
    expect(titles).not.toContain('FUTURE-ARTICLE');
    expect(res.body.data.total).toBe(8);
    for (const id of [draft, future]) {
      const info = await post('/api/cms/data/news_info', { id });
      expect(info.status).toBe(200);
      expect(info.body.code).toBe(2044);
    }
    await t.sql('DELETE FROM news WHERE id = ANY($1)', [[draft, future]]);
  });
});

describe('POST /api/cms/data/news_info', () => {
  it('answers the article with its sanitized content and its neighbours in the list', async () => {
    const list = (await post('/api/cms/data/news')).body.data.list as Array<{ id: number; title: string }>;
    const first = await post('/api/cms/data/news_info', { id: list[0]!.id });
    expect(first.body.code).toBe(1);
    expect(first.body.data).toMatchObject({
      id: list[0]!.id,
      title: '乐轨音乐新版发行后台上线',
      author: '乐轨运营团队',
      category_name: '平台公告',
      prev: null,
      next: { id: list[1]!.id, title: list[1]!.title },
    });
    expect(first.body.data.content).toContain('<ul>');

    const middle = await post('/api/cms/data/news_info', { id: list[3]!.id });
    expect(middle.body.data.prev).toEqual({ id: list[2]!.id, title: list[2]!.title });
    expect(middle.body.data.next).toEqual({ id: list[4]!.id, title: list[4]!.title });

    const last = await post('/api/cms/data/news_info', { id: list[7]!.id });
    expect(last.body.data.next).toBeNull();
  });

  it('answers the English translation to an English caller', async () => {
    const list = (await post('/api/cms/data/news')).body.data.list as Array<{ id: number }>;
    const res = await post('/api/cms/data/news_info', { id: list[0]!.id }, en);
    expect(res.body.data.title).toBe('The new Trackline release console is live');
    expect(res.body.data.next.title).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('falls back to the zh-CN row of an article that has no translation', async () => {
    const id = await insertNews({ title: '只有中文的文章', publish_at: new Date(Date.now() - 400 * 86_400_000) });
    const res = await post('/api/cms/data/news_info', { id }, en);
    expect(res.body.code).toBe(1);
    expect(res.body.data.title).toBe('只有中文的文章');
    await t.sql('DELETE FROM news WHERE id = $1', [id]);
  });

  it('answers HTTP 200 with code 2044 for an unknown id, and 2001 for a malformed one', async () => {
    const res = await post('/api/cms/data/news_info', { id: 987654 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 2044, data: null });
    expect(res.body.msg).toBe('请求的资源不存在');
    expect((await post('/api/cms/data/news_info', { id: 987654 }, en)).body.msg).toBe('Not found');
    expect((await post('/api/cms/data/news_info', {})).body.code).toBe(2001);
    expect((await post('/api/cms/data/news_info', { id: 'abc' })).body.code).toBe(2001);
  });

  it('sanitizes the content when showing it, even for a row written around the service', async () => {
    const dirty = [
      '<p>Hello <strong>world</strong></p>',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="&#106;avascript:alert(1)">enc</a>',
      '<a href="https://example.com" target="_blank">ok</a>',
      '<svg onload=alert(1)></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
    ].join('');
    const id = await insertNews({ title: 'XSS', content: dirty });
    const res = await post('/api/cms/data/news_info', { id });
    const html: string = res.body.data.content;
    expect(html).toContain('<p>Hello <strong>world</strong></p>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).not.toMatch(/<script|onerror|javascript:|<svg|onload|<iframe|style=/i);
    await t.sql('DELETE FROM news WHERE id = $1', [id]);
  });
});

describe('agent scoping', () => {
  let agentId: number;
  let onlyTheirs: number;
  beforeAll(async () => {
    const token = await staffLogin(t);
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/admin/agent/save',
      headers: { 'admin-token': token },
      payload: { ...BLANK_AGENT, domain: 'other.example', site_title: '别家音乐' },
    });
    expect(saved.body.code).toBe(1);
    agentId = saved.body.data.agent.id;
    onlyTheirs = await insertNews({ title: 'OTHER-AGENT-ONLY', agent_id: agentId });
  });

  it('shows an agent’s own news only on its own site, beside the global ones', async () => {
    const home = await post('/api/cms/data/news', { limit: 50 });
    expect(home.body.data.list.map((n: { title: string }) => n.title)).not.toContain('OTHER-AGENT-ONLY');
    expect(home.body.data.total).toBe(8);

    const theirs = await post('/api/cms/data/news', { limit: 50 }, { host: 'other.example' });
    expect(theirs.body.data.list.map((n: { title: string }) => n.title)).toContain('OTHER-AGENT-ONLY');
    expect(theirs.body.data.total).toBe(9);

    const infoHome = await post('/api/cms/data/news_info', { id: onlyTheirs });
    expect(infoHome.status).toBe(200);
    const infoTheirs = await post('/api/cms/data/news_info', { id: onlyTheirs }, { host: 'other.example:8080' });
    expect(infoTheirs.body.data.title).toBe('OTHER-AGENT-ONLY');
  });

  it('answers an agent’s own download links, else the global ones', async () => {
    const global = await post('/api/web/download_config', {}, { host: 'other.example' });
    expect(global.body.data).toEqual({
      ios: expect.stringMatching(/^https:\/\//),
      android: 'https://example.com/trackline.apk',
      win32: expect.stringMatching(/^https:\/\//),
      qr_ios: '',
      qr_android: '',
    });
    await t.sql(
      `INSERT INTO download_configs (agent_id, ios, android, win32) VALUES ($1, '', 'https://other.example/app.apk', '')`,
      [agentId],
    );
    const own = await post('/api/web/download_config', {}, { host: 'other.example' });
    expect(own.body.data).toEqual({
      ios: '',
      android: 'https://other.example/app.apk',
      win32: '',
      qr_ios: '',
      qr_android: '',
    });
    const home = await post('/api/web/download_config');
    expect(home.body.data.android).toBe('https://example.com/trackline.apk');
  });
});

describe('hot plans', () => {
  it('lists the plans with their dates, and one plan with its sanitized content and terms', async () => {
    const res = await post('/api/cms/data/hot_plan', { page: 1, limit: 10 });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 10 });
    const plan = res.body.data.list[0];
    expect(Object.keys(plan).sort()).toEqual(['cover', 'ends_at', 'id', 'starts_at', 'summary', 'title']);
    expect(plan.title).toBe('新人首发扶持计划');
    expect(Date.parse(plan.ends_at)).toBeGreaterThan(Date.parse(plan.starts_at));

    const info = await post('/api/cms/data/hot_plan_info', { id: plan.id });
    expect(info.body.data).toMatchObject({ id: plan.id, title: plan.title });
    expect(info.body.data.content).toContain('<ul>');
    expect(info.body.data.terms).toContain('<ol>');
    expect((await post('/api/cms/data/hot_plan_info', { id: 424242 })).body.code).toBe(2044);
    expect((await post('/api/cms/data/hot_plan', { limit: 51 })).body.code).toBe(2001);
    expect((await post('/api/cms/data/hot_plan', { page: 9 })).body.data.list).toEqual([]);
  });

  it('falls back to zh-CN when the language has no rows of a kind', async () => {
    expect((await post('/api/cms/data/hot_plan', {}, en)).body.data.list[0].title).toBe('First release boost');
    await t.sql(`UPDATE hot_plans SET status = 'draft' WHERE lang = 'en'`);
    const res = await post('/api/cms/data/hot_plan', {}, en);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list[0].title).toBe('新人首发扶持计划');
    await t.sql(`UPDATE hot_plans SET status = 'published' WHERE lang = 'en'`);
  });
});

describe('software versions', () => {
  it('lists versions newest first, optionally for one platform', async () => {
    const res = await post('/api/softversion/getversion');
    expect(res.body.code).toBe(1);
    const list = res.body.data.list as Array<{ platform: string; version: string; released_at: string; notes: string }>;
    expect(list).toHaveLength(5);
    const times = list.map((v) => Date.parse(v.released_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'notes', 'platform', 'released_at', 'version']);

    const android = await post('/api/softversion/getversion', { platform: 'android' });
    expect(android.body.data.list.map((v: { version: string }) => v.version)).toEqual(['3.2.0', '3.1.4']);
    const english = await post('/api/softversion/getversion', { platform: 'win32' }, en);
    expect(english.body.data.list[0].notes).toMatch(/desktop client/);
    expect((await post('/api/softversion/getversion', { platform: 'symbian' })).body.code).toBe(2001);
  });
});
