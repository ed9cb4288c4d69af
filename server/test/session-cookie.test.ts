/**
 * The session a page script cannot read: a web page gets its session only as the HttpOnly cookie (the `token` of
 * the session user is empty in every answer it can see), an API client keeps the token in the body and sends it in
 * the `token` header; and logging in (musician or staff) or registering is refused from another site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, freshMobile, ipSequence, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://music.example.com' });
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(151);
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: 'https://music.example.com' };

function login(account: string, password: string, headers: Record<string, string> = {}) {
  return call(t.app, {
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password },
    headers: { host: 'music.example.com', ...headers },
    remoteAddress: nextIp(),
  });
}

const info = (opts: { token?: string; cookie?: string }) =>
  call(t.app, {
    method: 'GET',
    url: '/api/user/info?t=1',
    headers: opts.token ? { token: opts.token } : {},
    cookies: opts.cookie ? { token: opts.cookie } : {},
  });

const cookieOf = (res: Awaited<ReturnType<typeof call>>, name = 'token') => res.cookies.find((c) => c.name === name);

describe('the token field of the session user', () => {
  it('is filled for an API client: in the login answer and in /api/user/info by the token header', async () => {
    const { mobile, password } = await registerUser(t, {}, nextIp());
    const res = await login(mobile, password);
    expect(res.body.code).toBe(1);
    const token = res.body.data.userinfo.token as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(cookieOf(res)?.value).toBe(token);
    const byHeader = await info({ token });
    expect(byHeader.body.code).toBe(1);
    expect(byHeader.body.data.userinfo.token).toBe(token);
  });

  it('is empty for a web page: the login answer holds none, only the HttpOnly cookie carries it', async () => {
    const { mobile, password } = await registerUser(t, {}, nextIp());
    const res = await login(mobile, password, SAME_ORIGIN);
    expect(res.body.code).toBe(1);
    expect(res.body.data.userinfo.token).toBe('');
    expect(res.body.data.userinfo.username).toBe(mobile);
    const cookie = cookieOf(res)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value.length).toBeGreaterThan(40);
    expect(JSON.stringify(res.body)).not.toContain(cookie.value);

    const byCookie = await info({ cookie: cookie.value });
    expect(byCookie.body.code).toBe(1);
    expect(byCookie.body.data.userinfo.username).toBe(mobile);
    expect(byCookie.body.data.userinfo.token).toBe('');
    // The same session sent by an API client in the header: its own token comes back.
    expect((await info({ token: cookie.value })).body.data.userinfo.token).toBe(cookie.value);
  });

  it('is empty in a registration answer to a web page', async () => {
    const mobile = freshMobile();
    const ip = nextIp();
    await call(t.app, { method: 'GET', url: `/api/sms/send?mobile=${mobile}&event=register`, remoteAddress: ip });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: ip,
      headers: { host: 'music.example.com', ...SAME_ORIGIN },
      payload: { mobile, code: t.lastSmsCode(mobile, 'register'), password: 'Secret123', group_id: 1 },
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data.userinfo.token).toBe('');
    expect(cookieOf(res)?.httpOnly).toBe(true);
  });
});

describe('logging in from another site', () => {
  const crossSite: Array<[string, Record<string, string>]> = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
  ];

  it.each(crossSite)('is refused for musicians with %s, with no session started', async (_, headers) => {
    const { mobile, password } = await registerUser(t, {}, nextIp());
    const before = await t.sql('SELECT count(*)::int AS n FROM sessions');
    const res = await login(mobile, password, headers);
    expect(res.body).toMatchObject({ code: 2041, data: null });
    expect(cookieOf(res)).toBeUndefined();
    expect((await t.sql('SELECT count(*)::int AS n FROM sessions')).rows[0].n).toBe(before.rows[0].n);
  });

  it('is refused for registration from another site', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: nextIp(),
      headers: { host: 'music.example.com', origin: 'https://evil.example' },
      payload: { mobile: freshMobile(), code: '123456', password: 'Secret123', group_id: 1 },
    });
    expect(res.body.code).toBe(2041);
  });

  it.each(crossSite)('is refused for staff with %s', async (_, headers) => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      headers: { host: 'music.example.com', ...headers },
      remoteAddress: nextIp(),
    });
    expect(res.body.code).toBe(2041);
    expect(cookieOf(res, 'admin_token')).toBeUndefined();
  });

  it('lets our own pages (same origin, or the public address) and API clients (no Origin) log in', async () => {
    const { mobile, password } = await registerUser(t, {}, nextIp());
    expect((await login(mobile, password, { 'sec-fetch-site': 'same-origin' })).body.code).toBe(1);
    expect((await login(mobile, password, { origin: 'https://music.example.com' })).body.code).toBe(1);
    expect((await login(mobile, password)).body.code).toBe(1);
    const staff = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      headers: { host: 'music.example.com', ...SAME_ORIGIN },
      remoteAddress: nextIp(),
    });
    expect(staff.body.code).toBe(1);
  });
});
