import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('answers for what no route handles', () => {
  it('answers an unknown path with a 404 envelope, code 2044', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing/here'],
      ['POST', '/api/user/nothing'],
      ['GET', '/some/page'],
      ['GET', '/files/missing.png'],
    ] as const) {
      const res = await call(t.app, { method, url });
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ code: 2044, msg: '请求的资源不存在', data: null });
    }
  });

  it('answers malformed JSON with 400, code 4000', async () => {
    for (const payload of ['{"account": "13800138000",', 'not json', '']) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toEqual({ code: 4000, msg: '请求格式错误', data: null });
    }
  });

  it('answers a body of the wrong type with an envelope (415, code 4000)', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(4000);
  });

  it('answers a body over 1 MiB with 413, code 4130', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 4130, msg: '请求内容过大', data: null });
  });

  it('answers a body just under 1 MiB normally', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { account: '13800138000', password: 'x', pad: 'p'.repeat(1000 * 1000) },
      remoteAddress: '10.80.0.1',
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2023);
  });
});

describe('response headers', () => {
  it('carries a distinct x-request-id on every response, success or failure', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/ping' }),
      t.app.inject({ method: 'GET', url: '/api/user/info' }),
      t.app.inject({ method: 'GET', url: '/api/nothing' }),
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks API answers as not cacheable and not sniffable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/agent/info?domain=localhost' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the API description', () => {
  it('serves OpenAPI 3.1 listing the account calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    for (const path of [
      '/api/user/login',
      '/api/user/register',
      '/api/sms/send',
      '/api/user/info',
      '/api/agent/info',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/user/login']).toHaveProperty('post');
  });
});

describe('GET /api/message/count', () => {
  it('needs a session (1000) and answers { count }', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/message/count' })).body.code).toBe(1000);
    const { token } = await registerUser(t, {}, '10.80.0.2');
    const res = await call(t.app, { method: 'GET', url: '/api/message/count?t=1', headers: { token } });
    expect(res.body).toEqual({ code: 1, msg: 'ok', data: { count: 1 } });
  });

  it('counts broadcasts to everyone and to the user’s site until read', async () => {
    const { token, userinfo } = await registerUser(t, {}, '10.80.0.3');
    const count = async () =>
      (await call(t.app, { method: 'GET', url: '/api/message/count', headers: { token } })).body.data.count as number;
    const { rows } = await t.sql('SELECT agent_id FROM users WHERE id = $1', [userinfo.id]);
    await t.sql("INSERT INTO messages (audience, title, content) VALUES ('all', 'a', 'b')");
    const site = await t.sql(
      "INSERT INTO messages (audience, agent_id, title, content) VALUES ('agent', $1, 'a', 'b') RETURNING id",
      [rows[0].agent_id],
    );
    expect(await count()).toBe(3);
    await t.sql('INSERT INTO message_reads (message_id, user_id) VALUES ($1, $2)', [site.rows[0].id, userinfo.id]);
    expect(await count()).toBe(2);
  });
});

describe('an unexpected fault', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp();
  });
  afterAll(async () => {
    await broken?.close();
  });

  it('answers 500, code 5000, "系统错误" with the request id and no details', async () => {
    const { token } = await registerUser(broken, {}, '10.80.0.4');
    // A bug, not an outage: the table the route reads is gone.
    await broken.sql('DROP TABLE message_reads, messages');
    const res = await call(broken.app, { method: 'GET', url: '/api/message/count', headers: { token } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 5000, msg: '系统错误', data: { request_id: res.headers['x-request-id'] } });
    const raw = JSON.stringify(res.body);
    expect(raw).not.toMatch(/relation|messages|stack|\.ts|at /);

    const en = await call(broken.app, {
      method: 'GET',
      url: '/api/message/count',
      headers: { token, 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('System error');
    // The rest of the app keeps working.
    expect((await call(broken.app, { method: 'GET', url: '/api/user/info', headers: { token } })).body.code).toBe(1);
  });
});
