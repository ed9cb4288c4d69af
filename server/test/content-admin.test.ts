/**
 * The staff content console: every call of /api/admin/content, who may use it, and what visitors then see through
 * the public calls (drafts, publish times, sites, deletion, sanitized HTML, the footer's fixed documents).
 */
import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { DANGER, XSS_PAYLOADS } from './xss-payloads';

let t: TestApp;
let admin: string;
let content: string;
let support: string;
let editor: string;
let musician: string;
let siteA: number;
let siteB: number;
const HOST_A = 'alpha-music.example';
const HOST_B = 'beta-music.example';
const nextIp = ipSequence(120);

const C = '/api/admin/content';
const KINDS = [
  'news',
  'news_category',
  'help_category',
  'help_article',
  'question_category',
  'question',
  'hot_plan',
  'version',
] as const;

async function memberToken(roles: string[]): Promise<string> {
  const username = `cms${process.pid}_${roles.join('_')}`;
  const password = 'Member2026x';
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/admin/staff/create',
    headers: { 'admin-token': admin },
    payload: { username, name: username, password, roles },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return staffLogin(t, username, password, nextIp());
}

async function createSite(domain: string, title: string): Promise<number> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/admin/agent/save',
    headers: { 'admin-token': admin },
    payload: { ...BLANK_AGENT, domain, site_title: title },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.agent.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
  content = await memberToken(['content']);
  support = await memberToken(['support']);
  editor = await memberToken(['editor', 'finance']);
  musician = (await registerUser(t, {}, nextIp())).token;
  siteA = await createSite(HOST_A, '阿尔法音乐');
  siteB = await createSite(HOST_B, '贝塔音乐');
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, query: Record<string, unknown> = {}, token = content) =>
  call(t.app, {
    method: 'GET',
    url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: { 'admin-token': token },
  });
const post = (path: string, payload: object, token = content) =>
  call(t.app, { method: 'POST', url: path, payload, headers: { 'admin-token': token } });
const save = (kind: string, payload: object, token = content) => post(`${C}/${kind}_save`, payload, token);
const info = (kind: string, id: number, token = content) => get(`${C}/${kind}_info`, { id }, token);
const list = (kind: string, query: Record<string, unknown> = {}, token = content) =>
  get(`${C}/${kind}_list`, query, token);
const remove = (kind: string, id: number, token = content) => post(`${C}/${kind}_delete`, { id }, token);

/** A public call as a visitor of a site (default site without a host) in a language. */
const visit = (url: string, body: object = {}, opts: { host?: string; lang?: 'en' } = {}) =>
  call(t.app, {
    method: 'POST',
    url,
    payload: body,
    headers: {
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.lang === 'en' ? { 'accept-language': 'en-US,en;q=0.9' } : {}),
    },
  });
const publicNewsTitles = async (opts: { host?: string; lang?: 'en' } = {}) =>
  (await visit('/api/cms/data/news', { limit: 50 }, opts)).body.data.list.map((n: { title: string }) => n.title);

const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 3_600_000).toISOString();

let newsCategory: number;
async function saveNewsCategory(name: string, extra: object = {}) {
  const res = await save('news_category', {
    agent_id: null,
    status: 'published',
    sort: 50,
    texts: { 'zh-CN': { name }, en: { name: `${name} (en)` } },
    ...extra,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.id as number;
}

function newsBody(title: string, extra: Record<string, unknown> = {}) {
  return {
    agent_id: null,
    status: 'published',
    category_id: newsCategory,
    cover: '',
    author: '编辑部',
    texts: {
      'zh-CN': { title, summary: `${title} 摘要`, content: `<p>${title} <strong>正文</strong></p>` },
      en: { title: `${title} EN`, summary: '', content: `<p>${title} <strong>body</strong></p>` },
    },
    ...extra,
  };
}

async function saveNews(title: string, extra: Record<string, unknown> = {}) {
  const res = await save('news', newsBody(title, extra));
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data as { id: number; state: string; publish_at: string };
}

beforeAll(async () => {
  newsCategory = await saveNewsCategory('控制台测试分类');
});

describe('who may use the console', () => {
  const calls = () => [
    ...KINDS.flatMap((kind) => [
      { method: 'GET' as const, url: `${C}/${kind}_list` },
      { method: 'GET' as const, url: `${C}/${kind}_info?id=3` },
      { method: 'POST' as const, url: `${C}/${kind}_delete`, payload: { id: 999_999 } },
    ]),
    { method: 'POST' as const, url: `${C}/news_save`, payload: newsBody('权限测试', { status: 'draft' }) },
    { method: 'GET' as const, url: `${C}/sites` },
    {
      method: 'POST' as const,
      url: `${C}/download_save`,
      payload: { agent_id: siteB, ios: '', android: '', win32: '', qr_ios: '', qr_android: '' },
    },
  ];

  it('refuses visitors and musicians (1000), with their token in either header', async () => {
    for (const c of calls()) {
      expect((await call(t.app, c)).body.code, c.url).toBe(1000);
      expect((await call(t.app, { ...c, headers: { token: musician } })).body.code, c.url).toBe(1000);
      expect((await call(t.app, { ...c, headers: { 'admin-token': musician } })).body.code, c.url).toBe(1000);
    }
  });

  it('refuses staff without the content role (support, editor + finance): 2040', async () => {
    for (const token of [support, editor])
      for (const c of calls()) {
        const res = await call(t.app, { ...c, headers: { 'admin-token': token } });
        expect(res.body.code, c.url).toBe(2040);
        expect(res.status).toBe(200);
      }
    const { rows } = await t.sql(`SELECT count(*)::int AS n FROM news WHERE title = '权限测试'`);
    expect(rows[0].n).toBe(0);
  });

  it('lets content staff and admins in', async () => {
    for (const token of [content, admin]) {
      for (const kind of KINDS) expect((await list(kind, {}, token)).body.code, kind).toBe(1);
      expect((await info('help_article', 3, token)).body.code).toBe(1);
      expect((await get(`${C}/sites`, {}, token)).body.code).toBe(1);
    }
    const byAdmin = await save('news', newsBody('管理员草稿', { status: 'draft' }), admin);
    expect(byAdmin.body.code).toBe(1);
    expect((await remove('news', byAdmin.body.data.id, admin)).body.code).toBe(1);
  });
});

describe('news: drafts, publishing, scheduling, languages', () => {
  it('creates a draft in two languages: the console sees it, visitors do not', async () => {
    const draft = await saveNews('草稿新闻', { status: 'draft' });
    expect(draft.state).toBe('draft');

    const detail = (await info('news', draft.id)).body.data;
    expect(detail).toMatchObject({
      id: draft.id,
      status: 'draft',
      state: 'draft',
      fixed: false,
      agent_id: null,
      category_id: newsCategory,
      author: '编辑部',
    });
    expect(detail.texts['zh-CN']).toEqual({
      title: '草稿新闻',
      summary: '草稿新闻 摘要',
      content: '<p>草稿新闻 <strong>正文</strong></p>',
    });
    expect(detail.texts.en.title).toBe('草稿新闻 EN');

    const row = (await list('news', { keyword: '草稿新闻' })).body.data.list[0];
    expect(row).toMatchObject({ id: draft.id, title: '草稿新闻', state: 'draft', category_name: '控制台测试分类' });
    expect(row.langs).toEqual(['zh-CN', 'en']);

    expect(await publicNewsTitles()).not.toContain('草稿新闻');
    expect(await publicNewsTitles({ lang: 'en' })).not.toContain('草稿新闻 EN');
    const hidden = await visit('/api/cms/data/news_info', { id: draft.id });
    expect(hidden.body.code).toBe(2044);
  });

  it('publishing makes it appear in both languages, dated when it went out', async () => {
    const draft = await saveNews('待发布新闻', { status: 'draft', publish_at: '2020-01-01T00:00:00Z' });
    expect(draft.publish_at).toBe('2020-01-01T00:00:00.000Z');
    const before = Date.now();
    // No publish_at in the body.
    const rest = newsBody('待发布新闻', { id: draft.id });
    const published = await save('news', rest);
    expect(published.body.code).toBe(1);
    expect(published.body.data.state).toBe('published');
    // A draft published without a time goes out now, not at the time it was drafted with.
    expect(Date.parse(published.body.data.publish_at)).toBeGreaterThanOrEqual(before - 1000);

    expect(await publicNewsTitles()).toContain('待发布新闻');
    expect(await publicNewsTitles({ lang: 'en' })).toContain('待发布新闻 EN');
    const shown = await visit('/api/cms/data/news_info', { id: draft.id });
    expect(shown.body.data.content).toBe('<p>待发布新闻 <strong>正文</strong></p>');

    // Saved again without a time, a published item keeps its own.
    const again = await save('news', rest);
    expect(again.body.data.publish_at).toBe(published.body.data.publish_at);
  });

  it('a future publish time keeps a published item hidden until then (scheduled)', async () => {
    const item = await saveNews('定时新闻', { publish_at: future() });
    expect(item.state).toBe('scheduled');
    expect(await publicNewsTitles()).not.toContain('定时新闻');
    expect((await visit('/api/cms/data/news_info', { id: item.id })).body.code).toBe(2044);
    const scheduled = (await list('news', { status: 'scheduled' })).body.data.list;
    expect(scheduled.map((r: { id: number }) => r.id)).toContain(item.id);
    expect((await list('news', { status: 'published' })).body.data.list.map((r: { id: number }) => r.id)).not.toContain(
      item.id,
    );

    // The time comes: it shows.
    await t.sql(`UPDATE news SET publish_at = now() - interval '1 second' WHERE id = $1`, [item.id]);
    expect(await publicNewsTitles()).toContain('定时新闻');
    expect((await info('news', item.id)).body.data.state).toBe('published');
  });

  it('saving without English removes the English row; visitors in English get the Chinese one', async () => {
    const item = await saveNews('只留中文', { publish_at: past() });
    const body = newsBody('只留中文', { id: item.id, publish_at: past() });
    const res = await save('news', { ...body, texts: { 'zh-CN': body.texts['zh-CN'] } });
    expect(res.body.code).toBe(1);
    expect(Object.keys(res.body.data.texts)).toEqual(['zh-CN']);
    const { rows } = await t.sql('SELECT lang FROM news WHERE id = $1', [item.id]);
    expect(rows.map((r) => r.lang)).toEqual(['zh-CN']);
    const en = await visit('/api/cms/data/news_info', { id: item.id }, { lang: 'en' });
    expect(en.body.data.title).toBe('只留中文');
    expect((await list('news', { lang: 'en', keyword: '只留中文' })).body.data.total).toBe(0);
    expect((await list('news', { lang: 'zh-CN', keyword: '只留中文' })).body.data.total).toBe(1);
  });

  it('an item is saved whole or not at all (one transaction)', async () => {
    const item = await saveNews('整体保存', { publish_at: past() });
    // The English row needs the category in English: a category without it fails the save before anything changes.
    const zhOnly = await save('news_category', {
      agent_id: null,
      status: 'published',
      sort: 0,
      texts: { 'zh-CN': { name: '仅中文分类' } },
    });
    const res = await save('news', newsBody('整体保存-改', { id: item.id, category_id: zhOnly.body.data.id }));
    expect(res.body.code).toBe(2082);
    const { rows } = await t.sql('SELECT title, category_id FROM news WHERE id = $1 ORDER BY lang', [item.id]);
    expect(rows.map((r) => r.title)).toEqual(['整体保存 EN', '整体保存']);
    expect(rows.every((r) => Number(r.category_id) === newsCategory)).toBe(true);
  });

  it('deleting removes every language from the console and the site', async () => {
    const item = await saveNews('将被删除', { publish_at: past() });
    expect(await publicNewsTitles()).toContain('将被删除');
    const res = await remove('news', item.id);
    expect(res.body).toMatchObject({ code: 1, msg: '已删除' });
    expect(await publicNewsTitles()).not.toContain('将被删除');
    expect((await visit('/api/cms/data/news_info', { id: item.id }, { lang: 'en' })).body.code).toBe(2044);
    expect((await info('news', item.id)).body.code).toBe(2044);
    expect((await remove('news', item.id)).body.code).toBe(2044);
  });
});

describe('lists: paging, filters, bounds', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 5; i++) ids.push((await saveNews(`分页新闻${i}`, { publish_at: past() })).id);
  });

  it('pages with a total; past the end is an empty page', async () => {
    const p1 = (await list('news', { keyword: '分页新闻', limit: 2, page: 1 })).body.data;
    const p3 = (await list('news', { keyword: '分页新闻', limit: 2, page: 3 })).body.data;
    expect(p1).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(p1.list).toHaveLength(2);
    expect(p3.list).toHaveLength(1);
    const seen = new Set(
      [...p1.list, ...(await list('news', { keyword: '分页新闻', limit: 2, page: 2 })).body.data.list, ...p3.list].map(
        (r: { id: number }) => r.id,
      ),
    );
    expect([...seen].sort()).toEqual([...ids].sort());
    const beyond = (await list('news', { keyword: '分页新闻', limit: 2, page: 9 })).body.data;
    expect(beyond).toMatchObject({ list: [], total: 5, page: 9 });
    expect((await list('news')).body.data).toMatchObject({ page: 1, limit: 20 });
    expect((await list('news', { limit: 50 })).body.code).toBe(1);
  });

  it('refuses out-of-range paging and filters: 2001', async () => {
    for (const bad of [
      { page: 0 },
      { page: -1 },
      { page: 10_001 },
      { limit: 0 },
      { limit: 51 },
      { page: 'x' },
      { status: 'hidden' },
      { lang: 'fr' },
      { agent_id: -1 },
      { category_id: 0 },
      { platform: 'linux' },
      { keyword: 'x'.repeat(101) },
    ])
      expect((await list('news', bad)).body.code, JSON.stringify(bad)).toBe(2001);
  });

  it('filters by status, language, site, category and title', async () => {
    const otherCategory = await saveNewsCategory('过滤分类');
    const draft = await saveNews('过滤-草稿', { status: 'draft', category_id: otherCategory });
    const forA = await saveNews('过滤-站点A', { agent_id: siteA, publish_at: past(), category_id: otherCategory });
    const ids = (q: Record<string, string | number>) =>
      list('news', { ...q, limit: 50 }).then((r) => r.body.data.list.map((x: { id: number }) => x.id) as number[]);

    expect(await ids({ status: 'draft', keyword: '过滤' })).toEqual([draft.id]);
    expect(await ids({ agent_id: siteA })).toEqual([forA.id]);
    expect(await ids({ agent_id: siteB })).toEqual([]);
    expect(await ids({ agent_id: 0, keyword: '过滤' })).toEqual([draft.id]);
    expect((await ids({ category_id: otherCategory })).sort()).toEqual([draft.id, forA.id].sort());
    // The search looks at every language's title.
    expect(await ids({ keyword: '过滤-站点A EN' })).toEqual([forA.id]);
    // With a language filter the row's title is in that language.
    const en = (await list('news', { lang: 'en', keyword: '过滤-站点A' })).body.data.list[0];
    expect(en.title).toBe('过滤-站点A EN');
    // % and _ are matched literally.
    expect(await ids({ keyword: '%' })).toEqual([]);
  });
});

describe('unknown ids and bad input', () => {
  it('answers 2044 for unknown ids on info, save and delete', async () => {
    for (const kind of KINDS) {
      expect((await info(kind, 987_654)).body.code, kind).toBe(2044);
      expect((await remove(kind, 987_654)).body.code, kind).toBe(2044);
    }
    expect((await save('news', newsBody('不存在', { id: 987_654 }))).body.code).toBe(2044);
    const { rows } = await t.sql('SELECT count(*)::int AS n FROM news WHERE id = 987654');
    expect(rows[0].n).toBe(0);
    expect((await info('news', 0)).body.code).toBe(2001);
    expect((await get(`${C}/news_info`)).body.code).toBe(2001);
  });

  it('refuses malformed items: 2001', async () => {
    const good = newsBody('校验');
    const bad: Array<[string, object]> = [
      ['no zh-CN', { ...good, texts: { en: good.texts.en } }],
      ['empty title', { ...good, texts: { 'zh-CN': { ...good.texts['zh-CN'], title: '  ' } } }],
      ['long title', { ...good, texts: { 'zh-CN': { ...good.texts['zh-CN'], title: 'x'.repeat(201) } } }],
      ['unknown language', { ...good, texts: { ...good.texts, fr: good.texts.en } }],
      ['status', { ...good, status: 'hidden' }],
      ['publish_at', { ...good, publish_at: 'tomorrow' }],
      ['agent_id', { ...good, agent_id: 0 }],
      ['no agent_id', { ...good, agent_id: undefined }],
      ['category', { ...good, category_id: 'x' }],
      ['cover scheme', { ...good, cover: 'javascript:alert(1)' }],
      ['cover protocol-relative', { ...good, cover: '//evil.example/x.png' }],
      ['body too long', { ...good, texts: { 'zh-CN': { ...good.texts['zh-CN'], content: 'x'.repeat(200_001) } } }],
    ];
    for (const [name, payload] of bad) expect((await save('news', payload)).body.code, name).toBe(2001);

    const plan = {
      agent_id: null,
      status: 'draft',
      cover: '',
      sort: 0,
      texts: { 'zh-CN': { title: 'p', content: '' } },
    };
    const backwards = await save('hot_plan', { ...plan, starts_at: future(), ends_at: past() });
    expect(backwards.body.code).toBe(2001);
    expect(
      (
        await save('version', {
          agent_id: null,
          status: 'draft',
          platform: 'linux',
          version: '1',
          texts: { 'zh-CN': {} },
        })
      ).body.code,
    ).toBe(2001);
    expect(
      (await save('help_category', { agent_id: null, status: 'draft', type: 3, texts: { 'zh-CN': { title: 'x' } } }))
        .body.code,
    ).toBe(2001);
  });

  it('refuses an unknown category (2082) or site (2083)', async () => {
    expect((await save('news', newsBody('无分类', { category_id: 987_654 }))).body.code).toBe(2082);
    expect((await save('news', newsBody('无站点', { agent_id: 987_654 }))).body.code).toBe(2083);
    expect(
      (await save('news_category', { agent_id: 987_654, status: 'published', texts: { 'zh-CN': { name: 'x' } } })).body
        .code,
    ).toBe(2083);
  });
});

describe('sites: an agent’s item shows on its site only, global ones on all', () => {
  it('scopes news by site', async () => {
    const onA = await saveNews('只在A站', { agent_id: siteA, publish_at: past() });
    const global = await saveNews('全站新闻', { publish_at: past() });
    expect(await publicNewsTitles({ host: HOST_A })).toEqual(expect.arrayContaining(['只在A站', '全站新闻']));
    expect(await publicNewsTitles({ host: HOST_B })).toContain('全站新闻');
    expect(await publicNewsTitles({ host: HOST_B })).not.toContain('只在A站');
    expect(await publicNewsTitles()).not.toContain('只在A站');
    expect((await visit('/api/cms/data/news_info', { id: onA.id }, { host: HOST_B })).body.code).toBe(2044);
    expect((await visit('/api/cms/data/news_info', { id: onA.id }, { host: HOST_A })).body.data.title).toBe('只在A站');
    expect((await visit('/api/cms/data/news_info', { id: global.id }, { host: HOST_B })).body.code).toBe(1);
  });

  it('keeps items and categories on the same site', async () => {
    const catA = await saveNewsCategory('A站分类', { agent_id: siteA });
    expect((await save('news', newsBody('全站用A分类', { category_id: catA }))).body.code).toBe(2082);
    expect((await save('news', newsBody('B站用A分类', { category_id: catA, agent_id: siteB }))).body.code).toBe(2082);
    const ok = await save('news', newsBody('A站用A分类', { category_id: catA, agent_id: siteA, publish_at: past() }));
    expect(ok.body.code).toBe(1);
    // The category cannot move to another site while it holds this item.
    const move = await save('news_category', {
      id: catA,
      agent_id: siteB,
      status: 'published',
      texts: { 'zh-CN': { name: 'A站分类' }, en: { name: 'A' } },
    });
    expect(move.body.code).toBe(2081);
  });

  it('scopes hot plans, questions, help articles and versions the same way', async () => {
    const plan = await save('hot_plan', {
      agent_id: siteA,
      status: 'published',
      publish_at: past(),
      cover: '/files/images/plan.png',
      starts_at: past(),
      ends_at: future(),
      sort: 0,
      texts: { 'zh-CN': { title: 'A站计划', summary: 's', content: '<p>内容</p>', terms: '<p>条款</p>' } },
    });
    expect(plan.body.code, JSON.stringify(plan.body)).toBe(1);
    const titles = async (host: string) =>
      (await visit('/api/cms/data/hot_plan', { limit: 50 }, { host })).body.data.list.map(
        (p: { title: string }) => p.title,
      );
    expect(await titles(HOST_A)).toContain('A站计划');
    expect(await titles(HOST_B)).not.toContain('A站计划');

    const version = await save('version', {
      agent_id: siteB,
      status: 'published',
      platform: 'android',
      version: '9.9.9',
      texts: { 'zh-CN': { notes: 'B站专属版本' } },
    });
    expect(version.body.code).toBe(1);
    const versions = async (host: string) =>
      (await visit('/api/softversion/getversion', {}, { host })).body.data.list.map(
        (v: { version: string }) => v.version,
      );
    expect(await versions(HOST_B)).toContain('9.9.9');
    expect(await versions(HOST_A)).not.toContain('9.9.9');
  });
});

describe('the other kinds through the console and the public calls', () => {
  it('help categories and articles: anchors, help_info, type from the category', async () => {
    const cat = await save('help_category', {
      agent_id: null,
      status: 'published',
      type: 1,
      sort: 5,
      texts: { 'zh-CN': { title: '控制台帮助分类' }, en: { title: 'Console help' } },
    });
    expect(cat.body.code).toBe(1);
    const catId = cat.body.data.id as number;
    const article = await save('help_article', {
      agent_id: null,
      status: 'published',
      publish_at: past(),
      category_id: catId,
      tid: catId,
      sort: 1,
      texts: {
        'zh-CN': { title: '控制台帮助文章', content: '<p>步骤</p>' },
        en: { title: 'Console article', content: '<p>Steps</p>' },
      },
    });
    expect(article.body.code, JSON.stringify(article.body)).toBe(1);
    expect(article.body.data).toMatchObject({ type: 1, tid: catId, category_id: catId });
    const id = article.body.data.id as number;

    const anchors = (await visit('/api/cms/data/webAnchorConfig', { type: 1 })).body.data.list;
    const mine = anchors.find((c: { id: number }) => c.id === catId);
    expect(mine.anchors).toEqual([{ id, type: 1, tid: catId, title: '控制台帮助文章' }]);
    const shown = await visit('/api/cms/data/help_info', { id, type: 1, tid: catId }, { lang: 'en' });
    expect(shown.body.data).toMatchObject({ title: 'Console article', content: '<p>Steps</p>' });

    // A draft category hides its articles, in the list and by id.
    const hide = await save('help_category', {
      id: catId,
      agent_id: null,
      status: 'draft',
      type: 1,
      sort: 5,
      texts: { 'zh-CN': { title: '控制台帮助分类' }, en: { title: 'Console help' } },
    });
    expect(hide.body.data.state).toBe('draft');
    expect((await visit('/api/cms/data/help_info', { id })).body.code).toBe(2044);

    // Changing the category's type moves its articles with it.
    const retyped = await save('help_category', {
      id: catId,
      agent_id: null,
      status: 'published',
      type: 2,
      sort: 5,
      texts: { 'zh-CN': { title: '控制台帮助分类' }, en: { title: 'Console help' } },
    });
    expect(retyped.body.code).toBe(1);
    expect((await info('help_article', id)).body.data.type).toBe(2);
    expect((await list('help_article', { type: 2, category_id: catId })).body.data.total).toBe(1);

    // A category that holds articles cannot go; once empty it can.
    expect((await remove('help_category', catId)).body.code).toBe(2081);
    // Nor can it drop a language its articles are written in.
    const dropEn = await save('help_category', {
      id: catId,
      agent_id: null,
      status: 'published',
      type: 2,
      texts: { 'zh-CN': { title: '控制台帮助分类' } },
    });
    expect(dropEn.body.code).toBe(2081);
    expect((await remove('help_article', id)).body.code).toBe(1);
    expect((await remove('help_category', catId)).body.code).toBe(1);
    expect((await info('help_category', catId)).body.code).toBe(2044);
  });

  it('questions and answers', async () => {
    const cat = await save('question_category', {
      agent_id: null,
      status: 'published',
      texts: { 'zh-CN': { name: '控制台问答分类' } },
    });
    const q = await save('question', {
      agent_id: null,
      status: 'published',
      category_id: cat.body.data.id,
      texts: { 'zh-CN': { question: '控制台问题？', answer: '<p>这是<strong>答案</strong></p>' } },
    });
    expect(q.body.code, JSON.stringify(q.body)).toBe(1);
    const found = (await visit('/api/cms/data/webQuestion', { keyword: '控制台问题' })).body.data.list;
    expect(found).toEqual([
      expect.objectContaining({ question: '控制台问题？', answer: '<p>这是<strong>答案</strong></p>' }),
    ]);
    expect((await list('question', { category_id: cat.body.data.id })).body.data.list[0]).toMatchObject({
      title: '控制台问题？',
      category_name: '控制台问答分类',
    });
  });

  it('hot plans with terms, and software versions', async () => {
    const plan = await save('hot_plan', {
      agent_id: null,
      status: 'published',
      cover: 'https://cdn.example.com/plan.png',
      starts_at: null,
      ends_at: null,
      texts: {
        'zh-CN': { title: '控制台计划', summary: '摘要', content: '<p>权益</p>', terms: '<ol><li>条款一</li></ol>' },
      },
    });
    expect(plan.body.code, JSON.stringify(plan.body)).toBe(1);
    const shown = await visit('/api/cms/data/hot_plan_info', { id: plan.body.data.id });
    expect(shown.body.data).toMatchObject({ title: '控制台计划', terms: '<ol><li>条款一</li></ol>', starts_at: null });

    const draft = await save('version', {
      agent_id: null,
      status: 'draft',
      platform: 'win32',
      version: '7.0.0',
      released_at: past(),
      texts: { 'zh-CN': { notes: '新版本' }, en: { notes: 'New version' } },
    });
    const versions = async () =>
      (await visit('/api/softversion/getversion', { platform: 'win32' })).body.data.list.map(
        (v: { version: string }) => v.version,
      );
    expect(await versions()).not.toContain('7.0.0');
    const { id } = draft.body.data;
    const out = await save('version', { ...draft.body.data, id, status: 'published', publish_at: undefined });
    expect(out.body.code, JSON.stringify(out.body)).toBe(1);
    expect(await versions()).toContain('7.0.0');
    expect((await list('version', { platform: 'win32', keyword: '7.0' })).body.data.list[0]).toMatchObject({
      id,
      title: '7.0.0',
      platform: 'win32',
      state: 'published',
    });
  });

  it('news categories: in use cannot go, empty can; a draft category hides its news', async () => {
    const cat = await saveNewsCategory('临时分类');
    const item = await saveNews('临时分类新闻', { category_id: cat, publish_at: past() });
    expect((await remove('news_category', cat)).body.code).toBe(2081);
    await save('news_category', {
      id: cat,
      agent_id: null,
      status: 'draft',
      texts: { 'zh-CN': { name: '临时分类' }, en: { name: 'tmp' } },
    });
    expect(await publicNewsTitles()).not.toContain('临时分类新闻');
    expect((await visit('/api/cms/data/news_info', { id: item.id })).body.code).toBe(2044);
    expect((await remove('news', item.id)).body.code).toBe(1);
    expect((await remove('news_category', cat)).body.code).toBe(1);
  });
});

describe('download settings', () => {
  it('lists the global record and every site, and saves one site’s links and QR images', async () => {
    const sites = (await get(`${C}/sites`)).body.data.list;
    expect(sites[0]).toMatchObject({ agent_id: null, domain: '' });
    expect(sites[0].download.android).toBe('https://example.com/trackline.apk');
    const a = sites.find((s: { agent_id: number }) => s.agent_id === siteA);
    expect(a).toMatchObject({ domain: HOST_A, site_title: '阿尔法音乐' });
    expect(a.download).toMatchObject({ ios: '', updated_at: null });

    const settings = {
      agent_id: siteA,
      ios: 'https://apps.example.com/alpha',
      android: 'https://alpha.example/app.apk',
      win32: '',
      qr_ios: '/files/images/2026-01/ios.png',
      qr_android: 'https://cdn.example.com/android.png',
    };
    const saved = await post(`${C}/download_save`, settings);
    expect(saved.body.code).toBe(1);
    expect(saved.body.data).toMatchObject(settings);
    const seen = await visit('/api/web/download_config', {}, { host: HOST_A });
    expect(seen.body.data).toEqual({
      ios: settings.ios,
      android: settings.android,
      win32: '',
      qr_ios: settings.qr_ios,
      qr_android: settings.qr_android,
    });
    // Another site keeps the global record.
    expect((await visit('/api/web/download_config', {}, { host: HOST_B })).body.data.android).toBe(
      'https://example.com/trackline.apk',
    );

    expect((await post(`${C}/download_save`, { ...settings, ios: 'javascript:alert(1)' })).body.code).toBe(2001);
    expect((await post(`${C}/download_save`, { ...settings, qr_ios: 'data:image/png;base64,AAAA' })).body.code).toBe(
      2001,
    );
    expect((await post(`${C}/download_save`, { ...settings, agent_id: 987_654 })).body.code).toBe(2083);
  });
});

describe('HTML is sanitized when saved through the console and when shown', () => {
  const cases = Object.entries(XSS_PAYLOADS);
  let questionCategory: number;
  beforeAll(async () => {
    const res = await save('question_category', {
      agent_id: null,
      status: 'published',
      texts: { 'zh-CN': { name: 'XSS' } },
    });
    questionCategory = res.body.data.id;
  });

  it('news bodies', async () => {
    for (const [name, payload] of cases) {
      const res = await save('news', newsBody(`XSS ${name}`, { publish_at: past() }));
      const id = res.body.data.id;
      const dirty = newsBody(`XSS ${name}`, { id, publish_at: past() });
      dirty.texts['zh-CN'].content = `<p>正文</p>${payload}`;
      dirty.texts.en.content = payload;
      const saved = await save('news', dirty);
      expect(saved.body.code, name).toBe(1);
      expect(saved.body.data.texts['zh-CN'].content, name).not.toMatch(DANGER);
      const stored = await t.sql('SELECT content FROM news WHERE id = $1', [id]);
      for (const row of stored.rows) expect(row.content, name).not.toMatch(DANGER);
      const zh = await visit('/api/cms/data/news_info', { id });
      expect(zh.body.data.content, name).not.toMatch(DANGER);
      expect(zh.body.data.content).toContain('<p>正文</p>');
      const en = await visit('/api/cms/data/news_info', { id }, { lang: 'en' });
      expect(en.body.data.content, name).not.toMatch(DANGER);
    }
  });

  it('help articles, answers, hot plan contents and terms', async () => {
    const all = cases.map(([, p]) => p).join('');
    const article = await save('help_article', {
      agent_id: null,
      status: 'published',
      category_id: 1,
      texts: { 'zh-CN': { title: 'XSS 帮助', content: all } },
    });
    // Category 1 is the platform documents' (type 2); an article may sit there without being fixed.
    expect(article.body.code, JSON.stringify(article.body)).toBe(1);
    const help = await visit('/api/cms/data/help_info', { id: article.body.data.id });
    expect(help.body.data.content).not.toMatch(DANGER);

    const q = await save('question', {
      agent_id: null,
      status: 'published',
      category_id: questionCategory,
      texts: { 'zh-CN': { question: 'XSS 问题', answer: all } },
    });
    const answers = (await visit('/api/cms/data/webQuestion', { keyword: 'XSS 问题' })).body.data.list;
    expect(answers).toHaveLength(1);
    expect(answers[0].answer).not.toMatch(DANGER);
    expect((await info('question', q.body.data.id)).body.data.texts['zh-CN'].answer).not.toMatch(DANGER);

    const plan = await save('hot_plan', {
      agent_id: null,
      status: 'published',
      cover: '',
      texts: { 'zh-CN': { title: 'XSS 计划', summary: '', content: all, terms: all } },
    });
    const shown = (await visit('/api/cms/data/hot_plan_info', { id: plan.body.data.id })).body.data;
    expect(shown.content).not.toMatch(DANGER);
    expect(shown.terms).not.toMatch(DANGER);
    const stored = await t.sql('SELECT content, terms FROM hot_plans WHERE id = $1', [plan.body.data.id]);
    expect(stored.rows[0].content).not.toMatch(DANGER);
    expect(stored.rows[0].terms).not.toMatch(DANGER);
  });
});

describe('the footer documents (ids 3, 5, 6; type 2, tid 0)', () => {
  const docBody = (detail: Record<string, unknown>, changes: Record<string, unknown> = {}) => {
    const { id, agent_id, status, category_id, tid, sort, texts } = detail;
    return { id, agent_id, status, category_id, tid, sort, texts, ...changes };
  };

  it('are listed as fixed and cannot be deleted, nor their category', async () => {
    const docs = (await list('help_article', { category_id: 1 })).body.data.list.filter(
      (r: { fixed: boolean }) => r.fixed,
    );
    expect(docs.map((r: { id: number }) => r.id).sort()).toEqual([3, 5, 6]);
    for (const id of [3, 5, 6]) {
      const res = await remove('help_article', id);
      expect(res.body.code).toBe(2080);
      expect((await visit('/api/cms/data/help_info', { id, type: 2, tid: 0 })).body.code).toBe(1);
    }
    expect((await remove('help_category', 1)).body.code).toBe(2080);
    expect((await remove('help_category', 1, admin)).body.code).toBe(2080);
  });

  it('stay editable: a new title and body show in the footer link', async () => {
    const detail = (await info('help_article', 5)).body.data;
    expect(detail).toMatchObject({ id: 5, fixed: true, type: 2, tid: 0, category_id: 1, agent_id: null });
    const texts = {
      'zh-CN': { title: '平台协议（修订）', content: '<p>修订后的<strong>协议</strong></p><script>x</script>' },
      en: detail.texts.en,
    };
    const res = await save('help_article', docBody(detail, { texts }));
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const shown = await visit('/api/cms/data/help_info', { id: 5, type: 2, tid: 0 });
    expect(shown.body.data).toMatchObject({
      title: '平台协议（修订）',
      content: '<p>修订后的<strong>协议</strong></p>',
    });
  });

  it('cannot be unpublished, scheduled, moved or given to one site', async () => {
    const detail = (await info('help_article', 3)).body.data;
    const catTopics = await save('help_category', {
      agent_id: null,
      status: 'published',
      type: 2,
      texts: { 'zh-CN': { title: '别处' }, en: { title: 'Elsewhere' } },
    });
    for (const changes of [
      { status: 'draft' },
      { publish_at: future() },
      { tid: 7 },
      { category_id: catTopics.body.data.id },
      { agent_id: siteA },
    ])
      expect((await save('help_article', docBody(detail, changes))).body.code, JSON.stringify(changes)).toBe(2080);
    const category = (await info('help_category', 1)).body.data;
    const keep = { id: 1, agent_id: null, status: 'published', type: 2, sort: category.sort, texts: category.texts };
    expect((await save('help_category', { ...keep, type: 1 })).body.code).toBe(2080);
    expect((await save('help_category', { ...keep, status: 'draft' })).body.code).toBe(2080);
    expect((await save('help_category', keep)).body.code).toBe(1);
    const shown = await visit('/api/cms/data/help_info', { id: 3, type: 2, tid: 0 });
    expect(shown.body.data.title).toBe(detail.texts['zh-CN'].title);
  });
});

describe('the API documentation', () => {
  it('describes every console call with its schema', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/docs/json' });
    const paths = res.body as unknown as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
    for (const kind of KINDS) {
      expect(paths.paths[`${C}/${kind}_list`]?.get?.parameters?.length, kind).toBeGreaterThan(5);
      expect(paths.paths[`${C}/${kind}_save`]?.post, kind).toBeDefined();
      expect(paths.paths[`${C}/${kind}_delete`]?.post, kind).toBeDefined();
      expect(paths.paths[`${C}/${kind}_info`]?.get, kind).toBeDefined();
    }
    expect(paths.paths[`${C}/download_save`]?.post).toBeDefined();
  });
});
