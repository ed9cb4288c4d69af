/**
 * The contract, in the right order (issue 8): every operation of the OpenAPI document that is not public answers an
 * anonymous caller 1000 and a staff member without the role 2040 before it looks at the body or query (which are
 * wrong here on purpose); a business refusal is HTTP 200 with its code; the document declares `security` on every
 * operation that needs a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/staff/staff.service';
import { call, createTestApp, staffLogin, type TestApp } from './harness';

/** The calls anyone may make (spec §7 and the public content of the site). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ping',
  'GET /api/index/captcha',
  'GET /api/sms/send',
  'POST /api/user/register',
  'POST /api/user/login',
  'POST /api/user/resetpwd',
  'GET /api/agent/info',
  'POST /api/admin/auth/login',
  'POST /api/cms/data/news',
  'POST /api/cms/data/news_info',
  'POST /api/cms/data/webAnchorConfig',
  'POST /api/cms/data/help_info',
  'POST /api/cms/data/webQuestion',
  'POST /api/cms/data/hot_plan',
  'POST /api/cms/data/hot_plan_info',
  'POST /api/web/download_config',
  'POST /api/softversion/getversion',
  'POST /api/problem/add_pro',
  // tus capabilities, and the signed PUT whose signature is the authority (like a presigned bucket URL)
  'OPTIONS /api/upload/tus',
  'PUT /api/upload/signed',
  // cover backgrounds' thumbnails: images for <img> tags, the same for everyone (the list itself needs a session)
  'GET /api/ai.cover/thumb/{file}',
  // a minor's registration (issue 10), and the verification provider's callback, whose signature is the authority
  'POST /api/user/register_children',
  'POST /api/realidcation/callback',
  // the help centre's one search over documents, news and questions (issue 9), public like what it searches
  'POST /api/cms/data/search',
  // the payout provider's callback (issue 12), whose signature is the authority
  'POST /api/payout/callback',
]);
/** Staff calls open to any staff member, whatever their roles. */
const ANY_STAFF = new Set(['GET /api/admin/auth/me', 'GET /api/admin/auth/logout']);

/** Resumable-upload calls answer with the HTTP statuses tus clients act on (401), around the same envelope. */
const isTus = (path: string) => path.startsWith('/api/upload/tus');

type Doc = { paths: Record<string, Record<string, { security?: unknown[] }>> };

let t: TestApp;
let ops: Array<{ method: string; path: string; url: string; security?: unknown[] }>;
beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as Doc;
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replaceAll(/\{[^}]+\}/g, 'not-an-id'),
      security: op.security,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** A request whose query and body are both wrong for any operation: ids that are not numbers, unknown fields. */
function wrongRequest(method: string, url: string, headers: Record<string, string> = {}) {
  const query = '?id=not-a-number&page=-5&limit=abc&work_id=x&status=nonsense';
  const hasBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method);
  return call(t.app, {
    method: method as 'GET',
    url: `${url}${query}`,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody
      ? { payload: JSON.stringify({ id: 'not-a-number', title: 42, list: 'x', nested: { a: [null] } }) }
      : {}),
  });
}

describe('session and role before anything else', () => {
  it('the document lists the operations this test walks (a sanity check on the walk itself)', () => {
    expect(ops.length).toBeGreaterThan(100);
    const keys = new Set(ops.map((o) => `${o.method} ${o.path}`));
    for (const p of PUBLIC) expect(keys.has(p), p).toBe(true);
  });

  it('every operation that is not public answers an anonymous caller 1000, whatever the body', async () => {
    const wrong: string[] = [];
    let walked = 0;
    for (const op of ops) {
      if (PUBLIC.has(`${op.method} ${op.path}`)) continue;
      walked += 1;
      const res = await wrongRequest(op.method, op.url);
      const status = isTus(op.path) ? 401 : 200;
      if (res.body.code !== 1000 || res.status !== status)
        wrong.push(`${op.method} ${op.path}: ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThan(90);
  });

  it('the tus calls check the session before the protocol version (401, not 412)', async () => {
    for (const method of ['POST', 'HEAD', 'PATCH', 'DELETE'] as const) {
      const url = method === 'POST' ? '/api/upload/tus' : '/api/upload/tus/not-an-id';
      const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/offset+octet-stream' } });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('every staff operation answers a staff member without its role 2040, before the body', async () => {
    // Two members, each without the other's rooms: finance (money only) and support (work orders only). Each
    // staff call is tried by the one whose role it does not serve.
    await createStaff(t.deps, {
      username: 'financeonly',
      name: 'Finance',
      password: 'Finance2026x',
      roles: ['finance'],
    });
    await createStaff(t.deps, {
      username: 'supportonly',
      name: 'Support',
      password: 'Support2026x',
      roles: ['support'],
    });
    const finance = await staffLogin(t, 'financeonly', 'Finance2026x');
    const support = await staffLogin(t, 'supportonly', 'Support2026x');
    const token = finance;
    const wrong: string[] = [];
    let walked = 0;
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      if (!op.path.startsWith('/api/admin/') || PUBLIC.has(key) || ANY_STAFF.has(key)) continue;
      walked += 1;
      const money = op.path.startsWith('/api/admin/royalties/') || op.path.startsWith('/api/admin/withdrawals/');
      const outsider = money ? support : finance;
      const res = await wrongRequest(op.method, op.url, { 'admin-token': outsider });
      if (res.body.code !== 2040 || res.status !== 200) wrong.push(`${key}: ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThan(50);
    // Any staff member may still ask who they are.
    expect(
      (await call(t.app, { method: 'GET', url: '/api/admin/auth/me', headers: { 'admin-token': token } })).body.code,
    ).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('declares `security` on every operation that needs a session, and on no public one', () => {
    const missing = ops
      .filter((o) => !PUBLIC.has(`${o.method} ${o.path}`) && !(o.security && o.security.length > 0))
      .map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    const extra = ops.filter((o) => PUBLIC.has(`${o.method} ${o.path}`) && o.security).map((o) => o.path);
    expect(extra).toEqual([]);
    for (const o of ops.filter((o) => o.security)) {
      const scheme = Object.keys(o.security![0] as object)[0];
      expect(scheme, `${o.method} ${o.path}`).toBe(o.path.startsWith('/api/admin/') ? 'adminToken' : 'token');
    }
  });
});

describe('a business refusal is HTTP 200 with its code', () => {
  it('POST /api/cms/data/news_info with an unknown id: HTTP 200, code 2044', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/cms/data/news_info', payload: { id: 999_999 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 2044, msg: '请求的资源不存在' });
  });

  it('an unknown work, work order and message are HTTP 200 with their codes', async () => {
    const admin = await staffLogin(t);
    const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      call(t.app, { method, url, payload, headers: { 'admin-token': admin } });
    const cases = [
      [await asAdmin('GET', '/api/admin/review/detail?id=999999'), 2100],
      [await asAdmin('GET', '/api/admin/workorder/detail?id=999999'), 2070],
      [await asAdmin('GET', '/api/admin/distribution/xml?id=999999'), 2152],
      [await asAdmin('POST', '/api/admin/problem/close', { id: 999_999 }), 2044],
    ] as const;
    for (const [res, code] of cases) {
      expect(res.body.code).toBe(code);
      expect(res.status).toBe(200);
    }
  });

  it('a stored file that does not exist is still HTTP 404 (it is not an API call)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/no/such/file.png' });
    expect(res.statusCode).toBe(404);
  });
});
