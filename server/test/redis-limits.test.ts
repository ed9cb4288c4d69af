/**
 * With REDIS_URL set, rate-limit counters live in Redis: the SMS limits still hold and are shared by two server
 * instances. Runs when REDIS_URL names a Redis server (.ci/run sets it when one answers on this machine).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('rate limits in Redis', () => {
  let a: TestApp;
  // Two instances of one service: the same database, behind a load balancer.
  let b: { app: FastifyInstance };
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = { app: await a.secondInstance() };
  });
  afterAll(async () => {
    await a?.close();
  });

  it('one SMS a minute per mobile, across two server instances', async () => {
    // Redis outlives test runs: a random mobile and random addresses keep earlier runs' counters (per mobile, and per
    // address: a picture code after 5 an hour) out of this one.
    const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const net = `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const first = await call(a.app, {
      method: 'GET',
      url: `/api/sms/send?mobile=${mobile}&event=register`,
      remoteAddress: `${net}.1`,
    });
    expect(first.body.code).toBe(1);
    const second = await call(b.app, {
      method: 'GET',
      url: `/api/sms/send?mobile=${mobile}&event=register`,
      remoteAddress: `${net}.2`,
    });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe(2030);
  });

  it('another database sharing the Redis keeps its own counters (a fresh database starts from zero)', async () => {
    const other = await createTestApp({ REDIS_URL: redisUrl! });
    try {
      const mobile = `135${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const net = `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
      const send = (app: FastifyInstance, host: number) =>
        call(app, {
          method: 'GET',
          url: `/api/sms/send?mobile=${mobile}&event=register`,
          remoteAddress: `${net}.${host}`,
        });
      expect((await send(a.app, 1)).body.code).toBe(1);
      expect((await send(other.app, 2)).body.code).toBe(1);
      expect((await send(a.app, 3)).body.code).toBe(2030);
    } finally {
      await other.close();
    }
  });
});
