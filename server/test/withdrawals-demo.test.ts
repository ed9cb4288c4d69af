/** The demo musician shows a saved card, one paid and one pending withdrawal from the first start. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/royalties/ledger-check';
import { seed } from '../src/seed';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoWorks: true });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('demo withdrawals', () => {
  it('the demo musician is verified, has a card and two withdrawals, once', async () => {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { account: '13800138000', password: 'Trackline2026' },
    });
    expect(login.body.code, JSON.stringify(login.body)).toBe(1);
    const token = login.body.data.userinfo.token as string;
    const info = await call(t.app, { method: 'GET', url: '/api/bill/bankinfo', headers: { token } });
    expect(info.body.data.card).toMatchObject({ bank_code: 'ICBC', card_no: '**** **** **** 0123' });
    expect(info.body.data.party).toMatchObject({ kind: 'person', verified: true });
    const list = await call(t.app, { method: 'GET', url: '/api/bill/withdrawals', headers: { token } });
    expect(list.body.data.list.map((w: { status: string }) => w.status)).toEqual(['requested', 'paid']);
    await seed(t.deps);
    const again = await call(t.app, { method: 'GET', url: '/api/bill/withdrawals', headers: { token } });
    expect(again.body.data.total).toBe(2);
    expect(await checkLedger(t.deps.database.db)).toMatchObject({ ok: true });
  });
});
