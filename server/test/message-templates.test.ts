/**
 * Issue 9: system messages in the reader's language. A message made from a template is stored with its key and
 * parameters and rendered in the language of whoever reads it (Accept-Language), not the one it was sent in;
 * messages stored before (plain title and content), and any whose template this version does not know, read as
 * they were written.
 */
import { renderMessage } from '@trackline/contract/message-templates';
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(141);
type Lang = 'zh-CN' | 'en';
const list = async (token: string, lang: Lang) =>
  (
    await call(t.app, {
      method: 'GET',
      url: `${API.messageList}?page=1&limit=50`,
      headers: { token, 'accept-language': lang === 'en' ? 'en-GB,en;q=0.9' : 'zh-CN,zh;q=0.9' },
    })
  ).body.data.list as Array<{ id: number; kind: string; title: string; content: string; link: string | null }>;
const userId = async (mobile: string) =>
  Number((await t.sql('SELECT id FROM users WHERE mobile = $1', [mobile])).rows[0].id);

describe('messages in the reader’s language', () => {
  it('the welcome message reads in Chinese to a Chinese reader and in English to an English one', async () => {
    const u = await registerUser(t, {}, nextIp());
    const [zh] = await list(u.token, 'zh-CN');
    const [en] = await list(u.token, 'en');
    expect(zh!.id).toBe(en!.id);
    expect(zh).toMatchObject({ kind: 'welcome', title: expect.stringMatching(/^欢迎加入/) });
    expect(en).toMatchObject({ kind: 'welcome', title: expect.stringMatching(/^Welcome to /) });
    expect(en!.content).toMatch(/Publish your first song/);
  });

  it('a work order closed by support reads in each reader’s language, with its parameters', async () => {
    const u = await registerUser(t, {}, nextIp());
    const created = await call(t.app, {
      method: 'POST',
      url: API.workorderCreate,
      payload: { type: 7, title: '账单金额不对', content: '三月的账单少了一笔收入' },
      headers: { token: u.token, 'accept-language': 'zh-CN' },
    });
    const id = created.body.data.id as number;
    const closed = await call(t.app, {
      method: 'POST',
      url: API.admin.workorderClose,
      payload: { id },
      headers: { 'admin-token': admin },
    });
    expect(closed.body.code).toBe(1);
    const zh = (await list(u.token, 'zh-CN')).find((m) => m.kind === 'workorder')!;
    const en = (await list(u.token, 'en')).find((m) => m.kind === 'workorder')!;
    expect(zh.title).toBe(`工单 #${id}「账单金额不对」已关闭`);
    expect(en.title).toBe(`Work order #${id} "账单金额不对" was closed`);
    expect(en.content).toMatch(/^Support closed this work order/);
    expect(en.link).toBe(`/gongdan/detail?id=${id}`);
    // stored: the key, the parameters, and the zh-CN text for the console and as a fallback
    const row = (await t.sql('SELECT template, params, title FROM messages WHERE id = $1', [zh.id])).rows[0];
    expect(row).toMatchObject({ template: 'workorder.closed', params: { id, title: '账单金额不对' }, title: zh.title });
  });

  it('messages stored before templates, and unknown templates, read as written in every language', async () => {
    const u = await registerUser(t, {}, nextIp());
    const owner = await userId(u.mobile);
    await t.sql(
      `INSERT INTO messages (audience, user_id, kind, title, content) VALUES ('user', $1, 'work_status', '旧消息', '旧内容')`,
      [owner],
    );
    await t.sql(
      `INSERT INTO messages (audience, user_id, kind, title, content, template, params)
       VALUES ('user', $1, 'work_status', '未知模板', '存储的文字', 'gone.template', '{"x":1}')`,
      [owner],
    );
    for (const lang of ['zh-CN', 'en'] as const) {
      const shown = await list(u.token, lang);
      expect(shown.find((m) => m.title === '旧消息')).toMatchObject({ content: '旧内容' });
      expect(shown.find((m) => m.title === '未知模板')).toMatchObject({ content: '存储的文字' });
    }
  });

  it('template and parameters come together (a constraint)', async () => {
    const u = await registerUser(t, {}, nextIp());
    await expect(
      t.sql(
        `INSERT INTO messages (audience, user_id, title, content, template) VALUES ('user', $1, 'a', 'b', 'welcome')`,
        [await userId(u.mobile)],
      ),
    ).rejects.toThrow(/messages_template_params/);
  });
});

describe('the templates', () => {
  it('render a rejection with its reason label and the editor’s text in both languages', () => {
    const params = { id: 7, title: '夜航', reason: 'other', text: '请补充作曲' };
    expect(renderMessage('work.rejected', params, 'zh-CN')).toEqual({
      title: '作品《夜航》未通过审核',
      content: expect.stringContaining('说明：请补充作曲'),
    });
    expect(renderMessage('work.rejected', params, 'en')!.title).toBe('"夜航" was not approved');
    expect(renderMessage('work.rejected', params, 'en')!.content).toMatch(/^Reason: .+\nDetails: 请补充作曲/);
  });

  it('render an approval with its codes, and a store failure with the rule’s words', () => {
    const approved = renderMessage(
      'work.approved',
      {
        id: 1,
        title: '',
        remark: '',
        change: false,
        upc: '036000291452',
        isrcs: [{ position: 1, isrc: 'USRC17607839' }],
      },
      'en',
    )!;
    expect(approved.title).toBe('#1 approved: being distributed');
    expect(approved.content).toContain('UPC: 036000291452');
    expect(approved.content).toContain('Track 1 ISRC: US-RC1-76-07839');
    const failed = renderMessage(
      'delivery.store_failed',
      { id: 1, title: '夜航', store_zh: 'QQ音乐', store_en: 'QQ Music', rule: 'fact.label' },
      'en',
    )!;
    expect(failed.title).toBe('"夜航" could not be sent to QQ Music (action needed)');
  });

  it('answer undefined for an unknown key or unreadable parameters', () => {
    expect(renderMessage('nope', {}, 'en')).toBeUndefined();
    expect(renderMessage('welcome', null, 'en')).toBeUndefined();
    expect(renderMessage('toString', {}, 'en')).toBeUndefined();
  });
});
