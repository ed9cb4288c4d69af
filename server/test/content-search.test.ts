/**
 * Issue 9: the help centre's search found questions only. POST /api/cms/data/search looks in help documents, news
 * and questions at once and answers them grouped, with totals and plain-text excerpts around the match; only what
 * the site shows (published, due, global or its own, the caller's language) is found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
const WORD = '星轨码';
beforeAll(async () => {
  t = await createTestApp();
  const ids = async (q: string, params: unknown[] = []) => (await t.sql(q, params)).rows[0].id as number;
  const helpCat = await ids(
    `INSERT INTO help_categories (lang, type, title) VALUES ('zh-CN', 1, '搜索分类') RETURNING id`,
  );
  await t.sql(
    `INSERT INTO help_articles (lang, category_id, type, tid, title, content, status) VALUES
      ('zh-CN', $1, 1, $2, '如何使用${WORD}', '<p>正文</p>', 'published'),
      ('zh-CN', $1, 1, $2, '发行须知', '<p>发行前请先在<b>${WORD}</b>页面确认 &amp; 检查。</p>', 'published'),
      ('zh-CN', $1, 1, $2, '${WORD}草稿', '<p>未发布</p>', 'draft'),
      ('zh-CN', $1, 1, $2, '标签里才有', '<div class="${WORD}">没有</div>', 'published')`,
    [helpCat, Number(helpCat)],
  );
  const newsCat = await ids(`INSERT INTO news_categories (lang, name) VALUES ('zh-CN', '搜索新闻') RETURNING id`);
  await t.sql(
    `INSERT INTO news (lang, category_id, title, summary, content, status, publish_at) VALUES
      ('zh-CN', $1, '平台上线${WORD}', '摘要', '<p>内容</p>', 'published', now() - interval '1 day'),
      ('zh-CN', $1, '明天的新闻', '${WORD}将上线', '', 'published', now() + interval '1 day')`,
    [newsCat],
  );
  const other = await ids(
    `INSERT INTO agents (domain, site_title) VALUES ('search-other.test', '别的站') RETURNING id`,
  );
  await t.sql(
    `INSERT INTO news (lang, agent_id, category_id, title, status) VALUES ('zh-CN', $2, $1, '别站的${WORD}', 'published')`,
    [newsCat, other],
  );
  const qCat = await ids(`INSERT INTO question_categories (lang, name) VALUES ('zh-CN', '搜索问答') RETURNING id`);
  await t.sql(
    `INSERT INTO questions (lang, category_id, question, answer, status) VALUES
      ('zh-CN', $1, '什么是星轨？', '<p>它和${WORD}有关</p>', 'published')`,
    [qCat],
  );
});
afterAll(async () => {
  await t?.close();
});

const search = (payload: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/cms/data/search', payload, headers });

describe('POST /api/cms/data/search', () => {
  it('finds documents, news and questions, grouped, title matches first, with excerpts around the match', async () => {
    const res = await search({ keyword: WORD });
    expect(res.body.code).toBe(1);
    const { help, news, questions } = res.body.data;
    expect(help.total).toBe(2);
    expect(help.list.map((h: { title: string }) => h.title)).toEqual([`如何使用${WORD}`, '发行须知']);
    expect(help.list[1]).toMatchObject({ type: 1, category_title: '搜索分类' });
    expect(help.list[1].excerpt).toBe(`发行前请先在 ${WORD} 页面确认 & 检查。`);
    // drafts, future news and another site's news are not found
    expect(news).toMatchObject({ total: 1, list: [{ title: `平台上线${WORD}` }] });
    expect(typeof news.list[0].publish_at).toBe('string');
    expect(questions).toMatchObject({ total: 1, list: [{ title: '什么是星轨？', excerpt: `它和${WORD}有关` }] });
  });

  it('limits each group and still counts all; finds nothing quietly; refuses an empty keyword', async () => {
    const one = await search({ keyword: WORD, limit: 1 });
    expect(one.body.data.help).toMatchObject({ total: 2 });
    expect(one.body.data.help.list).toHaveLength(1);
    const none = await search({ keyword: '完全不存在的词语' });
    expect(none.body).toMatchObject({
      code: 1,
      data: { help: { total: 0, list: [] }, news: { total: 0, list: [] }, questions: { total: 0, list: [] } },
    });
    expect((await search({ keyword: '  ' })).body.code).toBe(2001);
    expect((await search({})).body.code).toBe(2001);
    // % and _ are plain characters
    expect((await search({ keyword: '%' })).body.data.help.total).toBe(0);
  });

  it('answers by query parameters too, in English from English rows (or Chinese where there are none)', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/cms/data/search?keyword=${encodeURIComponent(WORD)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data.keyword).toBe(WORD);
  });
});
