import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (app: TestApp, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  call(app.app, { method: 'POST', url, payload, headers });
const en = { 'accept-language': 'en' };

const FOOTER = [
  { id: 3, zh: '关于平台', en: 'About the platform' },
  { id: 5, zh: '平台协议', en: 'Platform agreement' },
  { id: 6, zh: '内容准入', en: 'Content admission' },
];

describe('POST /api/cms/data/webAnchorConfig', () => {
  it('answers the help categories with their article anchors', async () => {
    const res = await post(t, '/api/cms/data/webAnchorConfig');
    expect(res.body.code).toBe(1);
    const list = res.body.data.list as Array<{
      id: number;
      type: number;
      title: string;
      anchors: Array<{ id: number; type: number; tid: number; title: string }>;
    }>;
    expect(list.map((c) => c.title)).toEqual([
      '账号注册',
      '作品发布',
      '版权与授权',
      '收益与提现',
      '发行渠道',
      '平台文档',
    ]);
    expect(list.flatMap((c) => c.anchors)).toHaveLength(13);
    const docs = list.find((c) => c.type === 2)!;
    expect(docs.anchors).toEqual(FOOTER.map((f) => ({ id: f.id, type: 2, tid: 0, title: f.zh })));
    const topic = list[0]!;
    expect(topic.anchors[0]).toMatchObject({ type: 1, tid: topic.id });
  });

  it('filters by type, answers English to English callers, and refuses a bad type', async () => {
    const docs = await post(t, '/api/cms/data/webAnchorConfig', { type: 2 }, en);
    expect(docs.body.data.list).toHaveLength(1);
    expect(docs.body.data.list[0].title).toBe('Platform documents');
    expect(docs.body.data.list[0].anchors.map((a: { title: string }) => a.title)).toEqual(FOOTER.map((f) => f.en));
    const topics = await post(t, '/api/cms/data/webAnchorConfig', { type: 1 });
    expect(topics.body.data.list).toHaveLength(5);
    expect((await post(t, '/api/cms/data/webAnchorConfig', { type: 3 })).body.code).toBe(2001);
  });
});

describe('POST /api/cms/data/help_info', () => {
  it('answers the footer documents by id, type 2 and tid 0, in both languages', async () => {
    for (const f of FOOTER) {
      const zh = await post(t, '/api/cms/data/help_info', { id: f.id, type: 2, tid: 0 });
      expect(zh.body.code).toBe(1);
      expect(zh.body.data).toMatchObject({ id: f.id, type: 2, tid: 0, title: f.zh, category_title: '平台文档' });
      expect(zh.body.data.content.length).toBeGreaterThan(500);
      expect(Number.isNaN(Date.parse(zh.body.data.updated_at))).toBe(false);
      const eng = await post(t, '/api/cms/data/help_info', { id: f.id, type: 2, tid: 0 }, en);
      expect(eng.body.data).toMatchObject({ id: f.id, title: f.en, category_title: 'Platform documents' });
    }
    const agreement = await post(t, '/api/cms/data/help_info', { id: 5 });
    expect(agreement.body.data.content).toContain('<h3>第一条 服务内容</h3>');
  });

  it('accepts the footer link’s query parameters as they are', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/cms/data/help_info?id=6&type=2&tid=0' });
    expect(res.body.data.title).toBe('内容准入');
  });

  it('answers 2044 (HTTP 200) when the type or tid does not match, or the id is unknown; 2001 for bad values', async () => {
    for (const body of [{ id: 3, type: 1 }, { id: 3, tid: 7 }, { id: 4 }, { id: 99999 }]) {
      const res = await post(t, '/api/cms/data/help_info', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code).toBe(2044);
    }
    for (const body of [{}, { id: 0 }, { id: 3, type: 5 }, { id: 3, tid: -1 }])
      expect((await post(t, '/api/cms/data/help_info', body)).body.code, JSON.stringify(body)).toBe(2001);
  });

  it('hides a draft article', async () => {
    await t.sql(`UPDATE help_articles SET status = 'draft' WHERE id = 6`);
    expect((await post(t, '/api/cms/data/help_info', { id: 6 })).status).toBe(200);
    const anchors = await post(t, '/api/cms/data/webAnchorConfig', { type: 2 });
    expect(anchors.body.data.list[0].anchors.map((a: { id: number }) => a.id)).toEqual([3, 5]);
    await t.sql(`UPDATE help_articles SET status = 'published' WHERE id = 6`);
  });

  it('sanitizes a help article when showing it', async () => {
    await t.sql(
      `UPDATE help_articles SET content = '<p>ok</p><img src=x onerror=alert(1)><script>alert(1)</script>' WHERE id = 3 AND lang = 'en'`,
    );
    const res = await post(t, '/api/cms/data/help_info', { id: 3 }, en);
    expect(res.body.data.content).toBe('<p>ok</p><img src="x" />');
  });
});

describe('POST /api/cms/data/webQuestion', () => {
  it('lists the questions with their categories, paged', async () => {
    const res = await post(t, '/api/cms/data/webQuestion', { limit: 5 });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ total: 12, page: 1, limit: 5 });
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.categories.map((c: { name: string }) => c.name)).toEqual([
      '注册与账号',
      '发行与审核',
      '收益与结算',
    ]);
    expect(Object.keys(res.body.data.list[0]).sort()).toEqual(
      ['answer', 'category_id', 'category_name', 'id', 'question'].sort(),
    );
    expect((await post(t, '/api/cms/data/webQuestion', { page: 4, limit: 5 })).body.data.list).toEqual([]);
    expect((await post(t, '/api/cms/data/webQuestion', { page: 0 })).body.code).toBe(2001);
    expect((await post(t, '/api/cms/data/webQuestion', { limit: 51 })).body.code).toBe(2001);
    expect((await post(t, '/api/cms/data/webQuestion', { keyword: 'x'.repeat(51) })).body.code).toBe(2001);
  });

  it('searches the question and answer text, and filters by category', async () => {
    const hits = await post(t, '/api/cms/data/webQuestion', { keyword: '提现' });
    expect(hits.body.data.total).toBeGreaterThanOrEqual(2);
    for (const q of hits.body.data.list) expect(`${q.question}${q.answer}`).toContain('提现');

    const english = await post(t, '/api/cms/data/webQuestion', { keyword: 'WITHDRAW' }, en);
    expect(english.body.data.total).toBeGreaterThanOrEqual(1);
    expect(english.body.data.list[0].question).toMatch(/withdraw/i);

    const cats = hits.body.data.categories as Array<{ id: number }>;
    const inCategory = await post(t, '/api/cms/data/webQuestion', { category: cats[0]!.id });
    expect(inCategory.body.data.total).toBe(4);
  });

  it('treats % and _ in a keyword as themselves', async () => {
    for (const keyword of ['%', '_', '\\', '%%__'])
      expect((await post(t, '/api/cms/data/webQuestion', { keyword })).body.data.total, keyword).toBe(0);
    const { rows } = await t.sql(`SELECT id FROM questions WHERE lang = 'zh-CN' ORDER BY id LIMIT 1`);
    await t.sql(`UPDATE questions SET question = '满 100% 才能提现？' WHERE id = $1 AND lang = 'zh-CN'`, [rows[0].id]);
    const res = await post(t, '/api/cms/data/webQuestion', { keyword: '100%' });
    expect(res.body.data.list.map((q: { id: number }) => q.id)).toEqual([Number(rows[0].id)]);
  });
});

describe('seeding', () => {
  it('seeds the footer documents even without demo content, and only once', async () => {
    const bare = await createTestApp({ SEED_DEMO: 'false' });
    try {
      for (const f of FOOTER) {
        expect((await post(bare, '/api/cms/data/help_info', { id: f.id, type: 2, tid: 0 })).body.data.title).toBe(f.zh);
        expect((await post(bare, '/api/cms/data/help_info', { id: f.id }, en)).body.data.title).toBe(f.en);
      }
      expect((await post(bare, '/api/cms/data/news')).body.data).toMatchObject({ list: [], total: 0, categories: [] });
      expect((await post(bare, '/api/web/download_config')).body.data).toEqual({
        ios: '',
        android: '',
        win32: '',
        qr_ios: '',
        qr_android: '',
      });
      expect((await post(bare, '/api/softversion/getversion')).body.data.list).toEqual([]);

      await seed(bare.deps);
      const { rows } = await bare.sql('SELECT count(*)::int AS n FROM help_articles');
      expect(rows[0].n).toBe(6);
      // a new article never takes a reserved id
      const next = await bare.sql(`SELECT nextval('help_articles_id_seq') AS id`);
      expect(Number(next.rows[0].id)).toBeGreaterThanOrEqual(100);
    } finally {
      await bare.close();
    }
  });

  it('does not seed the demo twice', async () => {
    await seed(t.deps);
    expect((await post(t, '/api/cms/data/news')).body.data.total).toBe(8);
  });
});
