import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/platform/security/tokens';
import { call, createTestApp, ipSequence, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(50);
const newUser = () => registerUser(t, {}, nextIp());

const info = (opts: { token?: string; cookie?: string }) =>
  call(t.app, {
    method: 'GET',
    url: '/api/user/info',
    headers: opts.token ? { token: opts.token } : {},
    cookies: opts.cookie ? { token: opts.cookie } : {},
  });

const logout = (opts: { token?: string; cookie?: string; headers?: Record<string, string> }) =>
  call(t.app, {
    method: 'GET',
    url: '/api/user/logout?t=1',
    headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
    cookies: opts.cookie ? { token: opts.cookie } : {},
  });

describe('the session token', () => {
  it('is read from the token header and from the token cookie', async () => {
    const { token, mobile } = await newUser();
    const byHeader = await info({ token });
    const byCookie = await info({ cookie: token });
    expect(byHeader.body.code).toBe(1);
    expect(byCookie.body.code).toBe(1);
    expect(byHeader.body.data.userinfo.username).toBe(mobile);
    expect(byHeader.body.data.userinfo.token).toBe(token);
  });

  it('answers 1000 without a token, or for a random one, and clears a dead cookie', async () => {
    const none = await info({});
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ code: 1000, msg: '登录已失效，请重新登录', data: null });
    expect((await info({ token: 'x'.repeat(43) })).body.code).toBe(1000);
    expect((await info({ token: 'y'.repeat(500) })).body.code).toBe(1000);

    const dead = await info({ cookie: 'z'.repeat(43) });
    expect(dead.body.code).toBe(1000);
    const cleared = dead.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
  });

  it('answers 1000 once the session is past its expiry', async () => {
    const { token } = await newUser();
    await t.sql("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [sha256(token)]);
    expect((await info({ token })).body.code).toBe(1000);
  });

  it('keeps an active session alive: use pushes the expiry forward', async () => {
    const { token } = await newUser();
    await t.sql(
      "UPDATE sessions SET last_seen_at = now() - interval '2 days', expires_at = now() + interval '1 hour' WHERE token_hash = $1",
      [sha256(token)],
    );
    expect((await info({ token })).body.code).toBe(1);
    const { rows } = await t.sql('SELECT expires_at FROM sessions WHERE token_hash = $1', [sha256(token)]);
    expect(new Date(rows[0].expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('is stored only as a hash', async () => {
    const { token } = await newUser();
    const { rows } = await t.sql("SELECT count(*)::int AS n FROM sessions WHERE encode(token_hash, 'escape') LIKE $1", [
      `%${token}%`,
    ]);
    expect(rows[0].n).toBe(0);
    const hashed = await t.sql('SELECT 1 FROM sessions WHERE token_hash = $1', [sha256(token)]);
    expect(hashed.rows).toHaveLength(1);
  });
});

describe('GET /api/user/logout', () => {
  it('revokes this session only and clears the cookie', async () => {
    const { token, mobile, password } = await newUser();
    const second = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { account: mobile, password },
      remoteAddress: nextIp(),
    });
    const otherToken = second.body.data.userinfo.token as string;

    const res = await logout({ token });
    expect(res.body).toEqual({ code: 1, msg: '退出成功', data: null });
    const cleared = res.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect((await info({ token })).body.code).toBe(1000);
    expect((await info({ cookie: token })).body.code).toBe(1000);
    expect((await logout({ token })).body.code).toBe(1000);
    expect((await info({ token: otherToken })).body.code).toBe(1);
  });

  it('refuses a cookie-authenticated logout coming from another site (403, 2041) and the session survives', async () => {
    const { token } = await newUser();
    const crossSite = await logout({ cookie: token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ code: 2041, msg: '请求来源不被允许' });
    expect((await info({ cookie: token })).body.code).toBe(1);

    const sameSite = await logout({ cookie: token, headers: { 'sec-fetch-site': 'same-site' } });
    expect(sameSite.body.code).toBe(2041);

    const evilOrigin = await logout({
      cookie: token,
      headers: { origin: 'https://evil.example', host: 'music.example.com' },
    });
    expect(evilOrigin.status).toBe(403);
    expect(evilOrigin.body.code).toBe(2041);
    const nullOrigin = await logout({ cookie: token, headers: { origin: 'null', host: 'music.example.com' } });
    expect(nullOrigin.body.code).toBe(2041);
    expect((await info({ cookie: token })).body.code).toBe(1);
  });

  it('lets a same-origin cookie logout through', async () => {
    const a = await newUser();
    expect((await logout({ cookie: a.token, headers: { 'sec-fetch-site': 'same-origin' } })).body.code).toBe(1);
    expect((await info({ cookie: a.token })).body.code).toBe(1000);
    const b = await newUser();
    const sameOrigin = await logout({
      cookie: b.token,
      headers: { origin: 'https://music.example.com', host: 'music.example.com' },
    });
    expect(sameOrigin.body.code).toBe(1);
  });

  it('lets a token-header logout through whatever the origin (no cookie, no forgery)', async () => {
    const { token } = await newUser();
    const res = await logout({ token, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(res.body.code).toBe(1);
    expect((await info({ token })).body.code).toBe(1000);
  });

  it('answers in English when asked to', async () => {
    const { token } = await newUser();
    const res = await logout({ token, headers: { 'accept-language': 'en-GB' } });
    expect(res.body.msg).toBe('Logged out');
    expect((await info({ token })).body.code).toBe(1000);
    const again = await call(t.app, {
      method: 'GET',
      url: '/api/user/info',
      headers: { token, 'accept-language': 'en' },
    });
    expect(again.body.msg).toBe('Your session has expired, please log in again');
  });
});
