import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers up while the database answers', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/health?t=1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, msg: 'ok', data: { status: 'up', database: 'up' } });
  });

  it('answers 503 while the database is away, and recovers by itself when it returns', async () => {
    await t.adminSql(`ALTER DATABASE ${t.dbName} ALLOW_CONNECTIONS false`);
    await t.adminSql(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [t.dbName],
    );
    const down = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe(5030);
    const info = await call(t.app, { method: 'GET', url: '/api/user/info', headers: { token: 'x'.repeat(43) } });
    expect(info.status).toBe(503);
    expect(info.body.msg).toBe('服务暂时不可用，请稍后再试');

    await t.adminSql(`ALTER DATABASE ${t.dbName} ALLOW_CONNECTIONS true`);
    const up = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(up.status).toBe(200);
    expect(up.body.code).toBe(1);
  });
});
