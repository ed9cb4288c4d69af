import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  freshMobile,
  ipSequence,
  registerUser,
  staffLogin,
  type TestApp,
} from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(80);

let memberSeq = 0;
async function memberToken(roles: string[]): Promise<string> {
  const username = `problem${process.pid}_${++memberSeq}`;
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

const send = (payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/api/problem/add_pro',
    payload,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.headers,
  });

const list = (token: string, query = '') =>
  call(t.app, { method: 'GET', url: `/api/admin/problem/list${query}`, headers: { 'admin-token': token } });

describe('POST /api/problem/add_pro', () => {
  it('takes feedback from a visitor and answers a localized msg', async () => {
    const mobile = freshMobile();
    const res = await send({ type: 4, content: '上传封面时页面一直转圈', mobile });
    expect(res.body).toEqual({ code: 1, msg: '提交成功，我们会尽快处理', data: null });
    const eng = await send(
      { type: 9, content: 'The menu does not open on my phone', mobile },
      { headers: { 'accept-language': 'en' } },
    );
    expect(eng.body.msg).toBe('Thanks — we will look into it soon');
    const { rows } = await t.sql(
      'SELECT type, content, mobile, user_id, status, agent_id, ip FROM problem_feedback WHERE mobile = $1 ORDER BY id',
      [mobile],
    );
    expect(rows[0]).toMatchObject({ type: 4, content: '上传封面时页面一直转圈', user_id: null, status: 'open' });
    expect(rows[0].agent_id).not.toBeNull();
    expect(rows[0].ip).toMatch(/^10\.80\./);
  });

  it('refuses a bad type or a short content with 2001, and a bad mobile with 2014', async () => {
    const mobile = freshMobile();
    for (const type of [0, 10, 'abc', 1.5])
      expect((await send({ type, content: '足够长的问题描述', mobile })).body.code).toBe(2001);
    expect((await send({ type: 1, content: '短', mobile })).body.code).toBe(2001);
    expect((await send({ type: 1, content: '    ab    ', mobile })).body.code).toBe(2001);
    expect((await send({ type: 1, content: 'x'.repeat(1001), mobile })).body.code).toBe(2001);
    expect((await send({ content: '足够长的问题描述', mobile })).body.code).toBe(2001);
    for (const bad of ['12345', '23800138000', 'abcdefghijk'])
      expect((await send({ type: 1, content: '足够长的问题描述', mobile: bad })).body.code).toBe(2014);
    // a visitor must leave a number to be answered on
    expect((await send({ type: 1, content: '足够长的问题描述' })).body.code).toBe(2014);
    expect((await send({ type: 1, content: '足够长的问题描述', mobile: '' })).body.code).toBe(2014);
  });

  it('attaches a logged-in musician and uses their username when the mobile is empty', async () => {
    const user = await registerUser(t, {}, '10.81.0.1');
    const res = await send(
      { type: 2, content: '实名信息填写后无法保存', mobile: '' },
      { headers: { token: user.token } },
    );
    expect(res.body.code).toBe(1);
    const { rows } = await t.sql('SELECT mobile, user_id FROM problem_feedback WHERE content = $1', [
      '实名信息填写后无法保存',
    ]);
    expect(rows[0].mobile).toBe(user.mobile);
    const owner = await t.sql('SELECT id FROM users WHERE mobile = $1', [user.mobile]);
    expect(Number(rows[0].user_id)).toBe(Number(owner.rows[0].id));

    const other = freshMobile();
    await send({ type: 2, content: '留了另一个联系电话', mobile: other }, { headers: { token: user.token } });
    const again = await t.sql('SELECT mobile, user_id FROM problem_feedback WHERE content = $1', [
      '留了另一个联系电话',
    ]);
    expect(again.rows[0].mobile).toBe(other);
    expect(again.rows[0].user_id).not.toBeNull();

    // a stale token does not stop the feedback; it is then anonymous
    const stale = await send(
      { type: 2, content: '过期会话也能提交', mobile: other },
      { headers: { token: 'no-such-token' } },
    );
    expect(stale.body.code).toBe(1);
    const anon = await t.sql('SELECT user_id FROM problem_feedback WHERE content = $1', ['过期会话也能提交']);
    expect(anon.rows[0].user_id).toBeNull();
  });

  it('limits feedback per IP with 429 and code 2030', async () => {
    const ip = '10.82.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await send({ type: 1, content: `第 ${i} 条问题反馈`, mobile: freshMobile() }, { ip });
      expect(res.body.code, `attempt ${i}`).toBe(1);
    }
    const over = await send({ type: 1, content: '第 11 条问题反馈', mobile: freshMobile() }, { ip });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(2030);
    expect((await send({ type: 1, content: '换一个地址可以提交', mobile: freshMobile() })).body.code).toBe(1);
  });

  it('limits feedback per mobile number across addresses', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 5; i++)
      expect((await send({ type: 3, content: `同一号码 ${i} 次`, mobile })).body.code).toBe(1);
    expect((await send({ type: 3, content: '同一号码第六次', mobile })).body.code).toBe(2030);
  });
});

describe('staff: /api/admin/problem/list and /close', () => {
  it('lists feedback newest first with filters, for support staff and admins', async () => {
    const mobile = freshMobile();
    await send({ type: 7, content: '账单金额与预期不符', mobile });
    await send({ type: 8, content: '提现一直在处理中', mobile });

    const support = await memberToken(['support']);
    const all = await list(support, '?t=1');
    expect(all.body.code).toBe(1);
    expect(all.body.data).toMatchObject({ page: 1, limit: 20 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(2);
    const ids = all.body.data.list.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.data.list[0]).toMatchObject({ type: 8, content: '提现一直在处理中', mobile, status: 'open' });
    expect(Object.keys(all.body.data.list[0])).toEqual(
      expect.arrayContaining(['id', 'type', 'content', 'mobile', 'user_id', 'status', 'created_at']),
    );

    const bills = await list(admin, '?type=7');
    expect(bills.body.data.list.every((p: { type: number }) => p.type === 7)).toBe(true);
    expect(bills.body.data.list.map((p: { content: string }) => p.content)).toContain('账单金额与预期不符');

    expect((await list(support, '?page=0')).body.code).toBe(2001);
    expect((await list(support, '?limit=51')).body.code).toBe(2001);
    expect((await list(support, '?type=10')).body.code).toBe(2001);
    expect((await list(support, '?status=gone')).body.code).toBe(2001);
    expect((await list(support, '?page=999')).body.data.list).toEqual([]);
  });

  it('closes feedback; a closed item leaves the open filter; unknown ids answer 2044', async () => {
    const support = await memberToken(['support']);
    await send({ type: 5, content: '某平台上线后搜不到作品', mobile: freshMobile() });
    const open = await list(support, '?status=open&type=5');
    const item = open.body.data.list.find((p: { content: string }) => p.content === '某平台上线后搜不到作品');
    const closed = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem/close',
      headers: { 'admin-token': support },
      payload: { id: item.id },
    });
    expect(closed.body).toMatchObject({ code: 1, msg: '已关闭' });
    const openAfter = await list(support, '?status=open&type=5');
    expect(openAfter.body.data.list.map((p: { id: number }) => p.id)).not.toContain(item.id);
    const closedList = await list(support, '?status=closed');
    const row = closedList.body.data.list.find((p: { id: number }) => p.id === item.id);
    expect(row.status).toBe('closed');
    expect(row.closed_at).not.toBeNull();

    // closing twice is harmless
    const twice = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem/close',
      headers: { 'admin-token': support },
      payload: { id: item.id },
    });
    expect(twice.body.code).toBe(1);
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem/close',
      headers: { 'admin-token': support },
      payload: { id: 9_999_999 },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.code).toBe(2044);
  });

  it('refuses musicians (1000), staff without the support role (2040) and nobody (1000)', async () => {
    const user = await registerUser(t, {}, '10.81.0.2');
    const asMusician = await call(t.app, {
      method: 'GET',
      url: '/api/admin/problem/list',
      headers: { token: user.token },
    });
    expect(asMusician.body.code).toBe(1000);
    const musicianClose = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem/close',
      headers: { token: user.token },
      payload: { id: 1 },
    });
    expect(musicianClose.body.code).toBe(1000);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/problem/list' })).body.code).toBe(1000);

    const editor = await memberToken(['editor']);
    const res = await list(editor);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2040);
    const close = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem/close',
      headers: { 'admin-token': editor },
      payload: { id: 1 },
    });
    expect(close.body.code).toBe(2040);
  });
});
