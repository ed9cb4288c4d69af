/**
 * The per-instance session cache: two server instances on one database, as behind a load balancer. A logout,
 * a password reset or a change of roles on one instance takes effect on the other long before the cache's
 * time-to-live, through PostgreSQL notifications; without the notification channel nothing is cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/platform/http/session-cache';
import { call, createTestApp, registerUser, staffLogin, type TestApp } from './harness';

const TTL = '30'; // far longer than any wait below: only an eviction can explain a change

async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('session cache across instances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: TTL });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a logout on one instance ends the session on the other at once', async () => {
    const other = await t.secondInstance();
    const { token } = await registerUser(t, {}, '10.7.0.1');
    const info = () => call(other, { method: 'GET', url: '/api/user/info', headers: { token } });
    expect((await info()).body.code).toBe(1); // now cached on the other instance
    expect((await info()).body.code).toBe(1);

    expect((await call(t.app, { method: 'GET', url: '/api/user/logout', headers: { token } })).body.code).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/user/info', headers: { token } })).body.code).toBe(1000);
    expect(await eventually(async () => (await info()).body.code === 1000)).toBe(true);
  });

  it('new staff roles take effect on the other instance at once', async () => {
    const other = await t.secondInstance();
    const adminToken = await staffLogin(t);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      headers: { 'admin-token': adminToken },
      payload: { username: 'cache-editor', name: 'Editor', password: 'Editor2026', roles: ['editor'] },
    });
    expect(created.body.code).toBe(1);
    const editorToken = await staffLogin(t, 'cache-editor', 'Editor2026');
    const list = () =>
      call(other, { method: 'GET', url: '/api/admin/staff/list', headers: { 'admin-token': editorToken } });
    expect((await list()).body.code).toBe(2040);

    const promoted = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/update',
      headers: { 'admin-token': adminToken },
      payload: { id: created.body.data.staff.id, roles: ['editor', 'admin'] },
    });
    expect(promoted.body.code).toBe(1);
    expect(await eventually(async () => (await list()).body.code === 1)).toBe(true);
  });
});

describe('SessionCache', () => {
  const entry = (sessionId: number, subjectId: number) => ({
    sessionId,
    subjectId,
    lastSeenAt: new Date(),
    subject: null,
  });

  it('caches nothing until its notification channel is open', () => {
    const cache = new SessionCache(5000);
    cache.set('user', 'k', entry(1, 1));
    expect(cache.get('user', 'k')).toBeUndefined();
  });

  it('evicts one session, or every session of a subject, and forgets entries past their time', async () => {
    const cache = new SessionCache(80);
    // Open the channel the way production does, against the test database server.
    const { inject } = await import('vitest');
    await cache.listen(inject('adminUrl'));
    expect(cache.enabled).toBe(true);
    cache.set('user', 'a', entry(1, 10));
    cache.set('user', 'b', entry(2, 10));
    cache.set('staff', 'c', entry(3, 10));
    cache.evict('s:1');
    expect(cache.get('user', 'a')).toBeUndefined();
    expect(cache.get('user', 'b')).toBeDefined();
    cache.evict('k:user:10');
    expect(cache.get('user', 'b')).toBeUndefined();
    expect(cache.get('staff', 'c')).toBeDefined(); // another kind's subject 10 is someone else
    await new Promise((r) => setTimeout(r, 120));
    expect(cache.get('staff', 'c')).toBeUndefined();
    await cache.close();
    expect(cache.enabled).toBe(false);
  });

  it('turns itself off while its channel is cut, and back on when it returns', async () => {
    const { inject } = await import('vitest');
    const pg = (await import('pg')).default;
    const cache = new SessionCache(60_000);
    await cache.listen(inject('adminUrl'));
    cache.set('user', 'a', entry(1, 10));
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN trackline_sessions' AND pid <> pg_backend_pid()",
      );
      expect(await eventually(async () => !cache.enabled)).toBe(true);
      expect(cache.get('user', 'a')).toBeUndefined();
      expect(await eventually(async () => cache.enabled, 5000)).toBe(true);
      expect(cache.get('user', 'a')).toBeUndefined(); // nothing from before the cut survives
    } finally {
      await admin.end();
      await cache.close();
    }
  });
});
