import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from './files';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let support: { token: string; id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
  support = await member(['support']);
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(111);
const user = () => registerUser(t, {}, nextIp());
type Musician = Awaited<ReturnType<typeof user>>;

let memberSeq = 0;
async function member(roles: string[]): Promise<{ token: string; id: number; name: string }> {
  const username = `wo${process.pid}_${++memberSeq}`;
  const name = `客服${memberSeq}`;
  const password = 'Member2026x';
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/admin/staff/create',
    headers: { 'admin-token': admin },
    payload: { username, name, password, roles },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return { token: await staffLogin(t, username, password), id: res.body.data.staff.id, name };
}

// The musician's calls.
const post = (u: Musician, url: string, payload: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url, payload, headers: { token: u.token, ...headers } });
const get = (u: Musician, url: string) => call(t.app, { method: 'GET', url, headers: { token: u.token } });
const create = (u: Musician, payload: object = {}, headers: Record<string, string> = {}) =>
  post(
    u,
    '/api/workorder/create',
    { type: 7, title: '账单金额不对', content: '三月的账单少了一笔收入', ...payload },
    headers,
  );
const detail = (u: Musician, id: number) => get(u, `/api/workorder/detail?id=${id}`);
const my = (u: Musician, query = '') => get(u, `/api/workorder/my${query}`);
const reply = (u: Musician, payload: object) => post(u, '/api/workorder/reply', payload);
const unreadCount = async (u: Musician) => (await get(u, '/api/message/count')).body.data.count as number;

async function uploadAs(u: Musician, file = png(), name = 'screenshot.png') {
  const body = await multipart(file, name, 'image/png');
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/common/upload',
    payload: body.payload,
    headers: { token: u.token, 'content-type': body.contentType },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data as { key: string; url: string; size: number; name: string };
}

// The console's calls.
const adminGet = (url: string, token = support.token) =>
  call(t.app, { method: 'GET', url, headers: { 'admin-token': token } });
const adminPost = (url: string, payload: object, token = support.token) =>
  call(t.app, { method: 'POST', url, payload, headers: { 'admin-token': token } });
const staffReply = (id: number, payload: object = {}, token = support.token) =>
  adminPost(
    '/api/admin/workorder/reply',
    { id, content: '已核对，差额将在下月补发。', status: 'answered', ...payload },
    token,
  );

async function openOrder(u: Musician, payload: object = {}): Promise<number> {
  const res = await create(u, payload);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data.id as number;
}

describe('a musician’s work orders', () => {
  it('names only the user’s own work: another user’s work or an unknown one is refused (2100)', async () => {
    const [owner, other] = [await user(), await user()];
    const work = await post(owner, '/api/publish/create', { kind: 'single' });
    for (const work_id of [work.body.data.id, 999_999]) {
      const res = await create(other, { work_id });
      expect(res.body.code, String(work_id)).toBe(2100);
    }
    const list = await post(other, '/api/workorder/my', {});
    expect(list.body.data.total).toBe(0);
  });

  it('creates an order whose opening text is the first reply, with its attachments from user_files', async () => {
    const u = await user();
    const file = await uploadAs(u, png(), '账单截图.png');
    const work = await post(u, '/api/publish/create', { kind: 'single' });
    const workId: number = work.body.data.id;
    const res = await create(u, { attachments: [file.key], work_id: workId });
    expect(res.body).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
    const id = res.body.data.id;

    const d = await detail(u, id);
    expect(d.body.code).toBe(1);
    expect(d.body.data.order).toMatchObject({
      id,
      type: 7,
      title: '账单金额不对',
      status: 'open',
      work_id: workId,
      last_reply_by: 'user',
      closed_at: null,
    });
    expect(d.body.data.replies).toEqual([
      {
        id: expect.any(Number),
        author: 'user',
        content: '三月的账单少了一笔收入',
        attachments: [
          { key: file.key, url: file.url, name: '账单截图.png', size: file.size, content_type: 'image/png' },
        ],
        created_at: expect.any(String),
      },
    ]);
    // The attachment's URL serves the uploaded bytes.
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);

    const list = await my(u);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.body.data.list[0]).toMatchObject({ id, status: 'open', type: 7, reply_count: 1, unread: 0 });
  });

  it('answers the same calls by GET and by POST (JSON body or query)', async () => {
    const u = await user();
    const id = await openOrder(u);
    const byPost = await post(u, '/api/workorder/my', { page: 1, limit: 5 });
    expect(byPost.body.data).toMatchObject({ total: 1, limit: 5 });
    const byQuery = await call(t.app, {
      method: 'POST',
      url: '/api/workorder/my?status=closed',
      headers: { token: u.token },
    });
    expect(byQuery.body.data.total).toBe(0);
    const detailPost = await post(u, '/api/workorder/detail', { id });
    expect(detailPost.body.data.order.id).toBe(id);
    expect((await post(u, '/api/workorder/detail?t=1', { id })).body.code).toBe(1);
  });

  it('pages newest activity first, filters by status, and keeps page and limit in bounds', async () => {
    const u = await user();
    const a = await openOrder(u, { title: 'A' });
    const b = await openOrder(u, { title: 'B' });
    const c = await openOrder(u, { title: 'C' });
    const ids = async (query: string) => (await my(u, query)).body.data.list.map((o: { id: number }) => o.id);
    expect(await ids('?page=1&limit=2')).toEqual([c, b]);
    expect(await ids('?page=2&limit=2')).toEqual([a]);
    expect(await ids('?page=3&limit=2')).toEqual([]);

    // A reply is activity: A comes first.
    expect((await reply(u, { id: a, content: '补充：是三月十二日那笔。' })).body.code).toBe(1);
    expect(await ids('')).toEqual([a, c, b]);
    expect((await my(u)).body.data.list[0].reply_count).toBe(2);

    expect((await staffReply(b, { status: 'awaiting_user' })).body.code).toBe(1);
    expect(await ids('?status=awaiting_user')).toEqual([b]);
    expect(await ids('?status=open')).toEqual([a, c]);

    for (const bad of ['?page=0', '?page=10001', '?limit=0', '?limit=51', '?status=pending', '?page=x']) {
      const res = await my(u, bad);
      expect(res.body.code, bad).toBe(2001);
    }
    expect((await my(u, '?limit=50')).body.data.limit).toBe(50);
  });

  it('refuses bad types, empty or over-long fields, a bad work_id and too many attachments (2001)', async () => {
    const u = await user();
    const bad: object[] = [
      { type: 0 },
      { type: 10 },
      { type: 'bill' },
      { type: 2.5 },
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(101) },
      { content: '' },
      { content: 'x'.repeat(5001) },
      { work_id: 0 },
      { work_id: -3 },
      { work_id: 'abc' },
      { attachments: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { attachments: 'users/1/x.png' },
    ];
    for (const payload of bad) {
      const res = await create(u, payload);
      expect(res.body.code, JSON.stringify(payload)).toBe(2001);
    }
    // The limits themselves are allowed.
    expect((await create(u, { title: '标'.repeat(100), content: '字'.repeat(5000), type: 9 })).body.code).toBe(1);
    const id = (await my(u)).body.data.list[0].id;
    expect((await reply(u, { id, content: 'x'.repeat(5001) })).body.code).toBe(2001);
    expect((await reply(u, { id, content: '' })).body.code).toBe(2001);
    expect((await reply(u, { id: 'abc', content: 'hi' })).body.code).toBe(2001);
    expect((await my(u)).body.data.total).toBe(1);
  });

  it('refuses another user’s upload key, an unknown key and a made-up one (2071), and writes nothing', async () => {
    const a = await user();
    const b = await user();
    const bFile = await uploadAs(b);
    const aFile = await uploadAs(a);
    const stolen = await create(a, { attachments: [aFile.key, bFile.key] });
    expect(stolen.body).toMatchObject({ code: 2071, data: { key: bFile.key } });
    expect((await create(a, { attachments: ['users/1/uploads/2026-01/nope.png'] })).body.code).toBe(2071);
    expect((await create(a, { attachments: ['../../etc/passwd'] })).body.code).toBe(2071);
    expect((await my(a)).body.data.total).toBe(0);

    const id = await openOrder(a);
    expect((await reply(a, { id, content: '再附一张图', attachments: [bFile.key] })).body.code).toBe(2071);
    expect((await detail(a, id)).body.data.replies).toHaveLength(1);
    // The same key twice is one attachment.
    expect((await reply(a, { id, content: '截图', attachments: [aFile.key, aFile.key] })).body.code).toBe(1);
    const replies = (await detail(a, id)).body.data.replies;
    expect(replies[1].attachments.map((x: { key: string }) => x.key)).toEqual([aFile.key]);
  });

  it('answers an unknown id and another user’s id exactly alike (2070)', async () => {
    const owner = await user();
    const other = await user();
    const id = await openOrder(owner);
    const theirs = await detail(other, id);
    const unknown = await detail(other, 999_999_999);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ code: 2070, msg: '工单不存在', data: null });
    expect(unknown.status).toBe(theirs.status);
    expect(unknown.body).toEqual(theirs.body);
    expect((await reply(other, { id, content: '我也想看看' })).body).toEqual(theirs.body);
    expect((await reply(other, { id: 999_999_999, content: '我也想看看' })).body).toEqual(theirs.body);
    expect((await post(other, '/api/workorder/detail', { id })).body).toEqual(theirs.body);
    expect((await my(other)).body.data).toMatchObject({ total: 0, list: [] });
    // Nothing of the other user's attempt reached the thread.
    expect((await detail(owner, id)).body.data.replies).toHaveLength(1);
  });

  it('needs a musician session (1000) for every call; a staff token is not one', async () => {
    const staffHeaders = { 'admin-token': support.token };
    const calls = [
      { method: 'POST' as const, url: '/api/workorder/create', payload: { type: 1, title: 'x', content: 'y' } },
      { method: 'GET' as const, url: '/api/workorder/my' },
      { method: 'POST' as const, url: '/api/workorder/my', payload: {} },
      { method: 'GET' as const, url: '/api/workorder/detail?id=1' },
      { method: 'POST' as const, url: '/api/workorder/reply', payload: { id: 1, content: 'y' } },
    ];
    for (const c of calls) {
      expect((await call(t.app, c)).body.code, c.url).toBe(1000);
      expect((await call(t.app, { ...c, headers: staffHeaders })).body.code, c.url).toBe(1000);
    }
  });

  it('limits each user to 10 new orders an hour (429 / 2030); others are not affected', async () => {
    const u = await user();
    for (let i = 0; i < 10; i++) expect((await create(u, { title: `第${i}个` })).body.code).toBe(1);
    const over = await create(u, { title: '第11个' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(2030);
    expect((await my(u)).body.data.total).toBe(10);
    // Replies have their own allowance.
    const id = (await my(u)).body.data.list[0].id;
    expect((await reply(u, { id, content: '还在吗' })).body.code).toBe(1);
    const other = await user();
    expect((await create(other)).body.code).toBe(1);
  });
});

describe('support staff and the thread', () => {
  it('a staff reply writes exactly one message with a link; the user sees it unread, then read', async () => {
    const u = await user();
    const id = await openOrder(u, { title: '提现一直没到账' });
    const before = await unreadCount(u);
    const res = await staffReply(id, { content: '您好，银行处理中，预计 1–3 个工作日到账。' });
    expect(res.body).toMatchObject({ code: 1, data: { status: 'answered', message_id: expect.any(Number) } });
    expect(await unreadCount(u)).toBe(before + 1);
    const rows = (
      await t.sql('SELECT kind, title, content, link FROM messages WHERE user_id = $1 AND kind = $2 ORDER BY id', [
        u.userinfo.id,
        'workorder',
      ])
    ).rows;
    expect(rows).toEqual([
      {
        kind: 'workorder',
        title: `工单 #${id}「提现一直没到账」有新回复`,
        content: '您好，银行处理中，预计 1–3 个工作日到账。',
        link: `/gongdan/detail?id=${id}`,
      },
    ]);
    const messages = await get(u, '/api/message/getlist?unread=1');
    expect(messages.body.data.list[0]).toMatchObject({ kind: 'workorder', link: `/gongdan/detail?id=${id}`, read: 0 });

    const listed = (await my(u)).body.data.list[0];
    expect(listed).toMatchObject({ id, status: 'answered', last_reply_by: 'staff', unread: 1, reply_count: 2 });
    const d = await detail(u, id);
    expect(d.body.data.order.status).toBe('answered');
    expect(d.body.data.replies[1]).toMatchObject({
      author: 'staff',
      content: '您好，银行处理中，预计 1–3 个工作日到账。',
    });
    // Musicians never see which staff member wrote.
    expect(d.body.data.replies[1]).not.toHaveProperty('staff_name');
    expect(d.body.data.replies[1]).not.toHaveProperty('staff_id');
    expect((await my(u)).body.data.list[0].unread).toBe(0);

    // A second reply, a second message: one per reply.
    await staffReply(id, { content: '请提供银行卡后四位。', status: 'awaiting_user' });
    expect(await unreadCount(u)).toBe(before + 2);
    const last = (await get(u, '/api/message/getlist')).body.data.list[0];
    expect(last.content).toContain('客服需要您补充信息');
  });

  it('a user reply reopens an answered or awaiting order; a closed order reopens too', async () => {
    const u = await user();
    const id = await openOrder(u);
    await staffReply(id, { status: 'awaiting_user' });
    expect((await detail(u, id)).body.data.order.status).toBe('awaiting_user');
    const r1 = await reply(u, { id, content: '卡号后四位 1234' });
    expect(r1.body).toMatchObject({ code: 1, data: { status: 'open' } });
    expect((await detail(u, id)).body.data.order).toMatchObject({ status: 'open', last_reply_by: 'user' });

    await staffReply(id, { status: 'answered' });
    expect((await reply(u, { id, content: '收到，谢谢' })).body.data.status).toBe('open');

    const before = await unreadCount(u);
    const closed = await adminPost('/api/admin/workorder/close', { id });
    expect(closed.body).toMatchObject({ code: 1, data: { closed: true } });
    expect(await unreadCount(u)).toBe(before + 1);
    expect((await detail(u, id)).body.data.order).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    // Closing again changes nothing and sends nothing.
    expect((await adminPost('/api/admin/workorder/close', { id })).body.data.closed).toBe(false);
    expect(await unreadCount(u)).toBe(before + 1);
    // Staff cannot reply to a closed order; the user can, and it opens again.
    expect((await staffReply(id)).body.code).toBe(2072);
    expect(await unreadCount(u)).toBe(before + 1);
    expect((await reply(u, { id, content: '问题又出现了' })).body.code).toBe(1);
    expect((await detail(u, id)).body.data.order).toMatchObject({ status: 'open', closed_at: null });
    expect((await adminGet(`/api/admin/workorder/detail?id=${id}`)).body.data.order.status).toBe('open');
  });

  it('lists the queue with masked mobiles, filters by status, type and assignee, and pages', async () => {
    const u = await user();
    const a = await openOrder(u, { type: 4, title: 'BUG 一则' });
    const b = await openOrder(u, { type: 8, title: '提现问题' });
    const other = await member(['support']);

    const res = await adminGet('/api/admin/workorder/list?limit=50');
    expect(res.body.code).toBe(1);
    const row = res.body.data.list.find((o: { id: number }) => o.id === b);
    expect(row).toMatchObject({
      id: b,
      type: 8,
      status: 'open',
      user_id: u.userinfo.id,
      user_mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}`,
      assignee_staff_id: null,
      assignee_name: null,
      reply_count: 1,
      last_reply_by: 'user',
    });
    expect(JSON.stringify(res.body.data)).not.toContain(u.mobile);

    const ids = async (query: string, token = support.token) =>
      (await adminGet(`/api/admin/workorder/list?limit=50&${query}`, token)).body.data.list.map(
        (o: { id: number }) => o.id,
      );
    expect(await ids('type=4')).toContain(a);
    expect(await ids('type=4')).not.toContain(b);

    expect((await adminPost('/api/admin/workorder/assign', { id: a, staff_id: support.id })).body.code).toBe(1);
    expect((await adminPost('/api/admin/workorder/assign', { id: b, staff_id: other.id })).body.code).toBe(1);
    expect(await ids('assignee=me')).toContain(a);
    expect(await ids('assignee=me')).not.toContain(b);
    expect(await ids('assignee=me', other.token)).toEqual([b]);
    expect(await ids(`assignee=${other.id}`)).toEqual([b]);
    expect(await ids('assignee=none')).not.toContain(a);
    const detailA = await adminGet(`/api/admin/workorder/detail?id=${a}`);
    expect(detailA.body.data.order).toMatchObject({ assignee_staff_id: support.id, assignee_name: support.name });

    // Release, then a reply by someone takes the unassigned order.
    expect((await adminPost('/api/admin/workorder/assign', { id: a, staff_id: null })).body.code).toBe(1);
    expect(await ids('assignee=none')).toContain(a);
    await staffReply(a, {}, other.token);
    const afterReply = (await adminGet(`/api/admin/workorder/detail?id=${a}`)).body.data;
    expect(afterReply.order).toMatchObject({ assignee_staff_id: other.id, status: 'answered', last_reply_by: 'staff' });
    expect(afterReply.replies[1]).toMatchObject({ author: 'staff', staff_name: other.name });
    expect(await ids('status=answered')).toContain(a);
    expect(await ids('status=open')).not.toContain(a);

    const p1 = await adminGet('/api/admin/workorder/list?page=1&limit=1');
    expect(p1.body.data).toMatchObject({ page: 1, limit: 1 });
    expect(p1.body.data.list).toHaveLength(1);
    expect(p1.body.data.total).toBeGreaterThanOrEqual(2);
    for (const bad of ['page=0', 'limit=51', 'status=done', 'type=10', 'assignee=someone', 'assignee=0']) {
      expect((await adminGet(`/api/admin/workorder/list?${bad}`)).body.code, bad).toBe(2001);
    }
  });

  it('assigns only to active support members or admins; unknown orders are 2070', async () => {
    const u = await user();
    const id = await openOrder(u);
    const finance = await member(['finance']);
    expect((await adminPost('/api/admin/workorder/assign', { id, staff_id: finance.id })).body.code).toBe(2073);
    expect((await adminPost('/api/admin/workorder/assign', { id, staff_id: 999_999 })).body.code).toBe(2073);
    expect((await adminPost('/api/admin/workorder/assign', { id: 999_999_999, staff_id: support.id })).body.code).toBe(
      2070,
    );
    expect((await adminGet('/api/admin/workorder/detail?id=999999999')).body.code).toBe(2070);
    expect((await staffReply(999_999_999)).body.code).toBe(2070);
    expect((await adminPost('/api/admin/workorder/close', { id: 999_999_999 })).body.code).toBe(2070);
    expect((await staffReply(id, { status: 'closed' })).body.code).toBe(2001);
    expect((await staffReply(id, { status: 'open' })).body.code).toBe(2001);
    expect((await staffReply(id, { content: 'x'.repeat(5001) })).body.code).toBe(2001);
  });

  it('staff attach console images (images/ keys that exist), never users’ files', async () => {
    const u = await user();
    const id = await openOrder(u);
    const body = await multipart(png(), 'guide.png', 'image/png');
    const uploaded = await call(t.app, {
      method: 'POST',
      url: '/api/admin/upload/image',
      payload: body.payload,
      headers: { 'admin-token': support.token, 'content-type': body.contentType },
    });
    // Support members may upload console images for their replies.
    expect(uploaded.body.code).toBe(1);
    const imageKey = uploaded.body.data.key as string;
    const res = await staffReply(id, { attachments: [imageKey] });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const staffAttachment = (await detail(u, id)).body.data.replies[1].attachments[0];
    expect(staffAttachment).toMatchObject({ key: imageKey, url: `/files/${imageKey}`, content_type: 'image/png' });

    const userFile = await uploadAs(u);
    expect((await staffReply(id, { attachments: [userFile.key] })).body.code).toBe(2071);
    expect(
      (await staffReply(id, { attachments: ['images/2026-01/00000000-0000-0000-0000-000000000000.png'] })).body.code,
    ).toBe(2071);
  });

  it('writes the messages in the language of whoever reads them, not of the order (issue 9)', async () => {
    const u = await user();
    const res = await create(u, { title: 'Payout missing' }, { 'accept-language': 'en' });
    const id = res.body.data.id;
    expect(res.body.msg).toBe('Work order sent; support will reply soon');
    await staffReply(id, { content: 'We are checking with the bank.' });
    await adminPost('/api/admin/workorder/close', { id });
    const read = (lang: string) =>
      call(t.app, { method: 'GET', url: '/api/message/getlist', headers: { token: u.token, 'accept-language': lang } });
    const list = (await read('en')).body.data.list;
    expect(list[0].title).toBe(`Work order #${id} "Payout missing" was closed`);
    expect(list[1].title).toBe(`New reply to work order #${id} "Payout missing"`);
    const zh = (await read('zh-CN')).body.data.list;
    expect(zh[0].title).toBe(`工单 #${id}「Payout missing」已关闭`);
    expect(zh[1].title).toBe(`工单 #${id}「Payout missing」有新回复`);
  });
});

describe('who may do what', () => {
  it('a second musician cannot read, reply to or list the first one’s order', async () => {
    const owner = await user();
    const intruder = await user();
    const id = await openOrder(owner);
    expect((await detail(intruder, id)).body.code).toBe(2070);
    expect((await reply(intruder, { id, content: '偷看' })).body.code).toBe(2070);
    expect((await my(intruder)).body.data.list.map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await detail(owner, id)).body.data.order.status).toBe('open');
  });

  it('the console calls refuse musician tokens (1000) and staff without the support role (2040)', async () => {
    const u = await user();
    const id = await openOrder(u);
    const finance = await member(['finance']);
    const content = await member(['content']);
    const editor = await member(['editor']);
    const calls = (token: string) => [
      adminGet('/api/admin/workorder/list', token),
      adminGet(`/api/admin/workorder/detail?id=${id}`, token),
      staffReply(id, {}, token),
      adminPost('/api/admin/workorder/assign', { id, staff_id: null }, token),
      adminPost('/api/admin/workorder/close', { id }, token),
    ];
    for (const res of await Promise.all(calls(u.token))) expect(res.body.code).toBe(1000);
    const asMusician = await call(t.app, {
      method: 'GET',
      url: '/api/admin/workorder/list',
      headers: { token: u.token },
    });
    expect(asMusician.body.code).toBe(1000);
    for (const staff of [finance, content, editor])
      for (const res of await Promise.all(calls(staff.token))) expect(res.body.code).toBe(2040);
    // Nothing those refused calls tried happened.
    expect((await detail(u, id)).body.data.order.status).toBe('open');
    expect((await detail(u, id)).body.data.replies).toHaveLength(1);
    // Admins pass every role; a support member too.
    expect((await adminGet('/api/admin/workorder/list', admin)).body.code).toBe(1);
    expect((await adminGet(`/api/admin/workorder/detail?id=${id}`)).body.code).toBe(1);
  });
});

describe('the API description', () => {
  it('documents the work-order and upload calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    expect(Object.keys(paths['/api/workorder/my']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/workorder/detail']).sort()).toEqual(['get', 'post']);
    for (const path of [
      '/api/workorder/create',
      '/api/workorder/reply',
      '/api/common/upload',
      '/api/admin/workorder/reply',
      '/api/admin/workorder/assign',
      '/api/admin/workorder/close',
    ])
      expect(paths[path], path).toHaveProperty('post');
    expect(paths['/api/admin/workorder/list']).toHaveProperty('get');
  });
});
