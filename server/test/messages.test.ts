import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, freshMobile, registerUser, staffLogin, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
const nextIp = () => `10.70.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function memberToken(roles: string[]): Promise<string> {
  const username = `msg${process.pid}_${++ipSeq}`;
  const password = 'Member2026x';
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/admin/staff/create',
    headers: { 'admin-token': admin },
    payload: { username, name: username, password, roles },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return staffLogin(t, username, password);
}

const user = () => registerUser(t, {}, nextIp());

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url, headers: { token, ...headers } });
const count = async (token: string) => (await get(token, '/api/message/count')).body.data.count as number;
const list = (token: string, query = '') => get(token, `/api/message/getlist${query}`);
const read = (token: string, id: number) => get(token, `/api/message/read?id=${id}`);

const send = (payload: Record<string, unknown>, token = admin) =>
  call(t.app, {
    method: 'POST',
    url: '/api/admin/message/broadcast',
    headers: { 'admin-token': token },
    payload,
  });
const readRows = async (messageId: number) =>
  Number((await t.sql('SELECT count(*) FROM message_reads WHERE message_id = $1', [messageId])).rows[0].count);

describe('a user’s messages', () => {
  it('lists the welcome message, reads it, and the count follows', async () => {
    const u = await user();
    expect(await count(u.token)).toBe(1);
    const res = await list(u.token, '?t=123');
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 10, unread: 1 });
    const [welcome] = res.body.data.list;
    expect(welcome).toMatchObject({ kind: 'welcome', read: 0 });
    expect(typeof welcome.created_at).toBe('string');

    const r = await read(u.token, welcome.id);
    expect(r.body).toMatchObject({ code: 1, data: { unread: 0 } });
    expect(await count(u.token)).toBe(0);
    expect((await list(u.token)).body.data.list[0].read).toBe(1);
    // Reading again is harmless.
    expect((await read(u.token, welcome.id)).body.data).toEqual({ unread: 0 });
  });

  it('filters unread and pages newest first', async () => {
    const u = await user();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await send({ audience: 'user', mobile: u.mobile, title: `第${i}条`, content: '内容' });
      expect(s.body.code).toBe(1);
      ids.push(s.body.data.id);
    }
    await read(u.token, ids[1]!);
    const unread = await list(u.token, '?unread=1&limit=50');
    expect(unread.body.data.total).toBe(4);
    expect(unread.body.data.list.every((m: { read: number }) => m.read === 0)).toBe(true);
    expect(unread.body.data.list.map((m: { id: number }) => m.id)).not.toContain(ids[1]);

    const page1 = await list(u.token, '?page=1&limit=2');
    const page2 = await list(u.token, '?page=2&limit=2');
    const page3 = await list(u.token, '?page=3&limit=2');
    expect(page1.body.data).toMatchObject({ total: 5, page: 1, limit: 2, unread: 4 });
    expect(page1.body.data.list.map((m: { id: number }) => m.id)).toEqual([ids[3], ids[2]]);
    expect(page2.body.data.list.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[0]]);
    expect(page3.body.data.list).toHaveLength(1);
    expect(page3.body.data.list[0].kind).toBe('welcome');
  });

  it('never reads someone else’s direct message (2044) and leaves their state alone', async () => {
    const a = await user();
    const b = await user();
    const bWelcome = (await list(b.token)).body.data.list[0];
    const res = await read(a.token, bWelcome.id);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2044);
    expect((await list(a.token)).body.data.list.map((m: { id: number }) => m.id)).not.toContain(bWelcome.id);
    expect(await count(b.token)).toBe(1);
    expect(await readRows(bWelcome.id)).toBe(0);
    const unknown = await read(a.token, 999_999_999);
    expect(unknown.status).toBe(200);
    expect(unknown.body.code).toBe(2044);
  });

  it('readall marks every unread message in one go', async () => {
    const u = await user();
    await send({ audience: 'user', mobile: u.mobile, title: 'one', content: 'x' });
    await send({ audience: 'user', mobile: u.mobile, title: 'two', content: 'x' });
    const before = await count(u.token);
    expect(before).toBe(3);
    const res = await get(u.token, '/api/message/readall');
    expect(res.body).toMatchObject({ code: 1, data: { marked: 3, unread: 0 } });
    expect(await count(u.token)).toBe(0);
    expect((await get(u.token, '/api/message/readall')).body.data).toEqual({ marked: 0, unread: 0 });
  });

  it('refuses a cookie-authenticated read from another site (403/2041)', async () => {
    const u = await user();
    const id = (await list(u.token)).body.data.list[0].id;
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/message/read?id=${id}`,
      cookies: { token: u.token },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(2041);
    const all = await call(t.app, {
      method: 'GET',
      url: '/api/message/readall',
      cookies: { token: u.token },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(all.body.code).toBe(2041);
    expect(await count(u.token)).toBe(1);
  });
});

describe('broadcasts', () => {
  it('one row to everyone: each user sees it, with read state of their own', async () => {
    const a = await user();
    const b = await user();
    const [ca, cb] = [await count(a.token), await count(b.token)];
    const sent = await send({ audience: 'all', title: '平台公告', content: '系统维护通知' });
    expect(sent.body).toMatchObject({ code: 1, msg: '发送成功' });
    const id = sent.body.data.id as number;
    expect(await readRows(id)).toBe(0);
    expect(await count(a.token)).toBe(ca + 1);
    expect(await count(b.token)).toBe(cb + 1);

    expect((await read(a.token, id)).body.data.unread).toBe(ca);
    expect(await count(a.token)).toBe(ca);
    expect(await count(b.token)).toBe(cb + 1);
    expect((await list(b.token)).body.data.list.find((m: { id: number }) => m.id === id)).toMatchObject({
      kind: 'broadcast',
      read: 0,
    });

    const admins = await call(t.app, {
      method: 'GET',
      url: '/api/admin/message/list',
      headers: { 'admin-token': admin },
    });
    const item = admins.body.data.list.find((m: { id: number }) => m.id === id);
    expect(item).toMatchObject({ audience: 'all', agent_id: null, user_id: null, user_mobile: null, read_count: 1 });
  });

  it('reaches one agent’s users only', async () => {
    const domain = `msg${process.pid}.example.com`;
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/admin/agent/save',
      headers: { 'admin-token': admin },
      payload: { ...BLANK_AGENT, domain, site_title: '代理站' },
    });
    expect(saved.body.code).toBe(1);
    const agentId = saved.body.data.agent.id as number;

    const mobile = freshMobile();
    const ip = nextIp();
    await call(t.app, {
      method: 'GET',
      url: `/api/sms/send?mobile=${mobile}&event=register`,
      remoteAddress: ip,
      headers: { host: domain },
    });
    const reg = await call(t.app, {
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: ip,
      headers: { host: domain },
      payload: { mobile, code: t.lastSmsCode(mobile, 'register'), password: 'Secret123', group_id: 1 },
    });
    expect(reg.body.code, JSON.stringify(reg.body)).toBe(1);
    const onAgent = reg.body.data.userinfo.token as string;
    const elsewhere = await user();
    const [c1, c2] = [await count(onAgent), await count(elsewhere.token)];

    const sent = await send({ audience: 'agent', agent_id: agentId, title: '代理公告', content: '仅本站' });
    expect(sent.body.code).toBe(1);
    const id = sent.body.data.id as number;
    expect(await count(onAgent)).toBe(c1 + 1);
    expect(await count(elsewhere.token)).toBe(c2);
    expect((await read(elsewhere.token, id)).body.code).toBe(2044);
    expect((await read(onAgent, id)).body.code).toBe(1);

    expect((await send({ audience: 'agent', agent_id: 999_999, title: 'x', content: 'y' })).body.code).toBe(2044);
    expect((await send({ audience: 'agent', title: 'x', content: 'y' })).body.code).toBe(2001);
  });

  it('reaches one user by mobile; the console shows the mobile masked', async () => {
    const a = await user();
    const b = await user();
    const sent = await send({ audience: 'user', mobile: a.mobile, title: '私信', content: '你好' });
    expect(sent.body.code).toBe(1);
    expect(await count(a.token)).toBe(2);
    expect(await count(b.token)).toBe(1);
    const admins = await call(t.app, {
      method: 'GET',
      url: '/api/admin/message/list?limit=50',
      headers: { 'admin-token': admin },
    });
    expect(admins.body.data).toMatchObject({ page: 1, limit: 50 });
    const item = admins.body.data.list.find((m: { id: number }) => m.id === sent.body.data.id);
    expect(item.user_mobile).toBe(`${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`);
    expect(item.audience).toBe('user');
    expect(admins.body.data.list[0].id).toBe(sent.body.data.id);
  });

  it('does not show broadcasts sent before the user registered', async () => {
    const sent = await send({ audience: 'all', title: '旧公告', content: '旧' });
    const u = await user();
    expect(await count(u.token)).toBe(1);
    expect((await list(u.token)).body.data.list.map((m: { id: number }) => m.id)).not.toContain(sent.body.data.id);
    expect((await read(u.token, sent.body.data.id)).body.code).toBe(2044);
  });

  it('validates the input', async () => {
    const long = await send({ audience: 'all', title: 'x'.repeat(101), content: 'y' });
    expect(long.body.code).toBe(2001);
    expect((await send({ audience: 'user', mobile: '13800000001', title: 'x', content: 'y' })).body.code).toBe(2021);
    expect((await send({ audience: 'user', mobile: '12345', title: 'x', content: 'y' })).body.code).toBe(2014);
    expect((await send({ audience: 'user', title: 'x', content: 'y' })).body.code).toBe(2001);
    expect((await send({ audience: 'nobody', title: 'x', content: 'y' })).body.code).toBe(2001);
  });

  it('refuses musicians (1000) and staff without support/content (2040); support passes', async () => {
    const u = await user();
    const asMusician = await call(t.app, {
      method: 'POST',
      url: '/api/admin/message/broadcast',
      headers: { token: u.token },
      payload: { audience: 'all', title: 'x', content: 'y' },
    });
    expect(asMusician.body.code).toBe(1000);
    const listAsMusician = await call(t.app, {
      method: 'GET',
      url: '/api/admin/message/list',
      headers: { token: u.token },
    });
    expect(listAsMusician.body.code).toBe(1000);

    const editor = await memberToken(['editor']);
    const res = await send({ audience: 'all', title: 'x', content: 'y' }, editor);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2040);
    const editorList = await call(t.app, {
      method: 'GET',
      url: '/api/admin/message/list',
      headers: { 'admin-token': editor },
    });
    expect(editorList.body.code).toBe(2040);

    const support = await memberToken(['support']);
    const ok = await send({ audience: 'user', mobile: u.mobile, title: 'x', content: 'y' }, support);
    expect(ok.body.code).toBe(1);
  });
});
