/**
 * Idempotency keys (issue 9): a double click, a retry or a burst of the same state-changing call with one key
 * changes things once and answers every copy with the first answer.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from '../src/platform/http/idempotency';
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

const nextIp = ipSequence(171);
const musician = () => registerUser(t, {}, nextIp());
type Musician = Awaited<ReturnType<typeof musician>>;
let keySeq = 0;
const freshKey = () => `k-${process.pid}-${Date.now()}-${++keySeq}`;

const post = (u: Musician, url: string, payload: object, key?: string) =>
  call(t.app, {
    method: 'POST',
    url,
    payload,
    headers: { token: u.token, ...(key ? { 'idempotency-key': key } : {}) },
  });
const order = (u: Musician, key?: string, title = '账单金额不对') =>
  post(u, '/api/workorder/create', { type: 7, title, content: '三月的账单少了一笔收入' }, key);
const countOrders = async (u: Musician) =>
  (await call(t.app, { method: 'GET', url: '/api/workorder/my', headers: { token: u.token } })).body.data.total;
const unread = async (u: Musician) =>
  (await call(t.app, { method: 'GET', url: '/api/message/count', headers: { token: u.token } })).body.data
    .count as number;

describe('idempotency keys', () => {
  it('a burst of 120 identical creates with one key makes one work order; every copy gets its answer', async () => {
    const u = await musician();
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 120 }, () => order(u, key)));
    for (const a of answers) expect(a.body.code, JSON.stringify(a.body)).toBe(1);
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(119);
    expect(await countOrders(u)).toBe(1);
    // A retry later still answers the first result and changes nothing.
    const again = await order(u, key);
    expect(again.body.data.id).toBe([...ids][0]);
    expect(await countOrders(u)).toBe(1);
  });

  it('different keys are different actions; no key keeps today’s behaviour', async () => {
    const u = await musician();
    await Promise.all([order(u, freshKey()), order(u, freshKey()), order(u), order(u)]);
    expect(await countOrders(u)).toBe(4);
  });

  it('a double-sent reply (musician and staff) posts once and writes one system message', async () => {
    const u = await musician();
    const id = (await order(u, freshKey())).body.data.id as number;
    const replyKey = freshKey();
    const replies = await Promise.all(
      [1, 2].map(() => post(u, '/api/workorder/reply', { id, content: '补充：是 QQ 音乐的那笔' }, replyKey)),
    );
    expect(replies.map((r) => r.body.code)).toEqual([1, 1]);
    const unreadBefore = await unread(u); // the welcome message
    const staffKey = freshKey();
    const staffReplies = await Promise.all(
      [1, 2].map(() =>
        call(t.app, {
          method: 'POST',
          url: '/api/admin/workorder/reply',
          payload: { id, content: '已核对，差额将在下月补发。', status: 'answered' },
          headers: { 'admin-token': admin, 'idempotency-key': staffKey },
        }),
      ),
    );
    expect(staffReplies.map((r) => r.body.code)).toEqual([1, 1]);
    const detail = await call(t.app, {
      method: 'GET',
      url: `/api/workorder/detail?id=${id}`,
      headers: { token: u.token },
    });
    const contents = (detail.body.data.replies as Array<{ content: string }>).map((r) => r.content);
    expect(contents.filter((c) => c === '补充：是 QQ 音乐的那笔')).toHaveLength(1);
    expect(contents.filter((c) => c === '已核对，差额将在下月补发。')).toHaveLength(1);
    expect(await unread(u)).toBe(unreadBefore + 1);
  });

  it('the same key with another request is refused (2240) and runs nothing', async () => {
    const u = await musician();
    const key = freshKey();
    expect((await order(u, key, '第一张')).body.code).toBe(1);
    const other = await order(u, key, '第二张');
    expect(other.body.code).toBe(2240);
    expect(other.status).toBe(200);
    expect(await countOrders(u)).toBe(1);
  });

  it('a refusal is not kept: the corrected retry with the same key runs', async () => {
    const u = await musician();
    const key = freshKey();
    const refused = await post(u, '/api/workorder/create', { type: 7, title: '', content: '' }, key);
    expect(refused.body.code).toBe(2001);
    expect((await order(u, key)).body.code).toBe(1);
    expect(await countOrders(u)).toBe(1);
  });

  it('one caller’s key never meets another’s', async () => {
    const [a, b] = [await musician(), await musician()];
    const key = freshKey();
    const [ra, rb] = await Promise.all([order(a, key), order(b, key)]);
    expect(ra.body.code).toBe(1);
    expect(rb.body.code).toBe(1);
    expect(ra.body.data.id).not.toBe(rb.body.data.id);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is refused with the envelope', async () => {
    const u = await musician();
    const res = await order(u, 'short');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2001);
    expect(await countOrders(u)).toBe(0);
  });

  it('a read in the spec’s POST form ignores the key and keeps nothing', async () => {
    const key = freshKey();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/cms/data/news',
      payload: {},
      headers: { 'idempotency-key': key },
    });
    expect(res.body.code).toBe(1);
    const kept = await t.deps.database.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(kept).toHaveLength(0);
  });

  it('keys older than a day are swept; recent ones stay', async () => {
    const u = await musician();
    const key = freshKey();
    await order(u, key);
    const db = t.deps.database.db;
    const before = await db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(before).toHaveLength(1);
    await sweepIdempotencyKeys(db);
    expect(await db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toHaveLength(1);
    await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`.execute(db);
    expect(await sweepIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toHaveLength(0);
  });
});
