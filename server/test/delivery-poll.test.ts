/**
 * The stores' acknowledgements are read every DELIVERY_POLL_SECONDS from the moment a runner starts, not from the
 * first cron slot (up to a minute later): `distribution:poll` runs once at start and then reschedules itself.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pollTask } from '../src/modules/distribution/distribution.tasks';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_SECONDS: '5' });
});

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('a runner that starts polls at once, then every DELIVERY_POLL_SECONDS', async () => {
  // Far enough from the next minute's cron slot that only a run at start can explain a poll within 10 s.
  const second = new Date().getUTCSeconds();
  if (second > 45) await sleep((61 - second) * 1000);
  const started = Date.now();
  await t.startJobRunner({ tasks: [pollTask], pollMs: 200 });
  let next: { run_at: Date } | undefined;
  while (!next && Date.now() - started < 10_000) {
    await sleep(200);
    // Each poll adds the next one DELIVERY_POLL_SECONDS later: its presence says a poll has run.
    next = (await t.sql("SELECT run_at FROM graphile_worker.jobs WHERE key = 'distribution:poll:next'")).rows[0];
  }
  expect(next, 'no poll ran within 10 s of the runner starting').toBeDefined();
  expect(next!.run_at.getTime()).toBeGreaterThan(started);
  expect(next!.run_at.getTime() - Date.now()).toBeLessThanOrEqual(5_000);
}, 90_000);
