/**
 * Limits that hold when requests arrive together (issue 8): bursts of 100+ parallel requests against login, staff
 * login, password reset, SMS login, register and sms/send, each asserting the exact number that got through; and the
 * one-SMS-a-minute rule across a minute boundary. The limiter runs in PostgreSQL, and in Redis when REDIS_URL is set.
 * Redis outlives test runs, so every account, mobile and address here is random per run.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/staff/staff.service';
import { call, createTestApp, registerUser, type TestApp } from './harness';
import { knownCaptcha } from './known-captcha';

const BURST = 150;

const randomMobile = () => `137${String(randomInt(1e8)).padStart(8, '0')}`;
/** Client addresses of a random 10.x.y net: one per request, or one for a whole burst. */
function randomNet() {
  const net = `10.${randomInt(100, 250)}.${randomInt(1, 250)}`;
  let seq = 0;
  return { one: `${net}.250`, next: () => `${net}.${(seq++ % 249) + 1}` };
}
const codesOf = (results: Array<{ body: { code: number } }>) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.body.code] = (counts[r.body.code] ?? 0) + 1;
  return counts;
};
/** A six-digit code that is not `right`. */
const wrongCode = (right: string, i: number) => {
  const n = (Number(right) + 1 + i) % 1_000_000;
  return String(n).padStart(6, '0');
};

const stores = [{ name: 'PostgreSQL', env: {} as Record<string, string> }];
if (process.env.REDIS_URL) stores.push({ name: 'Redis', env: { REDIS_URL: process.env.REDIS_URL } });

describe.each(stores)('bursts, limiter in $name', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (payload: Record<string, unknown>, ip: string) =>
    call(t.app, { method: 'POST', url: '/api/user/login', payload, remoteAddress: ip });
  const staffLoginCall = (payload: Record<string, unknown>, ip: string) =>
    call(t.app, { method: 'POST', url: '/api/admin/auth/login', payload, remoteAddress: ip });
  const sendSms = (mobile: string, event: string, ip: string, extra = '') =>
    call(t.app, { method: 'GET', url: `/api/sms/send?mobile=${mobile}&event=${event}${extra}`, remoteAddress: ip });
  const captchas = (n: number) => Promise.all(Array.from({ length: n }, () => knownCaptcha(t)));

  it(`login: ${BURST} parallel wrong passwords without a picture code: exactly 3 are checked`, async () => {
    const net = randomNet();
    const { mobile, password } = await registerUser(t, { mobile: randomMobile() }, net.next());
    const results = await Promise.all(
      Array.from({ length: BURST }, () => login({ account: mobile, password: 'Wrong12345' }, net.next())),
    );
    expect(codesOf(results)).toEqual({ 2023: 3, 2002: BURST - 3 });
    // The right password now needs the picture code the burst made due.
    expect((await login({ account: mobile, password }, net.next())).body.code).toBe(2002);
    expect((await login({ account: mobile, password, ...(await knownCaptcha(t)) }, net.next())).body.code).toBe(1);
  });

  it(`login: ${BURST} parallel wrong passwords, each with a right picture code: exactly 10 checked, then locked`, async () => {
    const net = randomNet();
    const { mobile, password } = await registerUser(t, { mobile: randomMobile() }, net.next());
    const codes = await captchas(BURST);
    const results = await Promise.all(
      codes.map((c) => login({ account: mobile, password: 'Wrong12345', ...c }, net.next())),
    );
    expect(codesOf(results)).toEqual({ 2023: 10, 2024: BURST - 10 });
    expect((await login({ account: mobile, password, ...(await knownCaptcha(t)) }, net.next())).body.code).toBe(2024);
  });

  it(`login: ${BURST} parallel wrong passwords from one address, many accounts: 10 checked, or 100 with picture codes`, async () => {
    const plain = randomNet().one;
    const noCaptcha = await Promise.all(
      Array.from({ length: BURST }, () => login({ account: randomMobile(), password: 'Wrong12345' }, plain)),
    );
    expect(codesOf(noCaptcha)).toEqual({ 2023: 10, 2002: BURST - 10 });

    const ip = randomNet().one;
    const codes = await captchas(BURST);
    const withCaptcha = await Promise.all(
      codes.map((c) => login({ account: randomMobile(), password: 'Wrong12345', ...c }, ip)),
    );
    expect(codesOf(withCaptcha)).toEqual({ 2023: 100, 2030: BURST - 100 });
  });

  it(`staff login: ${BURST} parallel wrong passwords: 3 checked without picture codes, 10 with, then locked`, async () => {
    const username = `burst${randomBytes(4).toString('hex')}`;
    await createStaff(t.deps, { username, name: 'Burst', password: 'Member2026x', roles: ['support'] });
    const net = randomNet();
    const plain = await Promise.all(
      Array.from({ length: BURST }, () => staffLoginCall({ username, password: 'Wrong12345' }, net.next())),
    );
    expect(codesOf(plain)).toEqual({ 2023: 3, 2002: BURST - 3 });

    const codes = await captchas(BURST);
    const guarded = await Promise.all(
      codes.map((c) => staffLoginCall({ username, password: 'Wrong12345', ...c }, net.next())),
    );
    // 3 failures are already counted: 7 more are checked.
    expect(codesOf(guarded)).toEqual({ 2023: 7, 2024: BURST - 7 });
    const right = await staffLoginCall({ username, password: 'Member2026x', ...(await knownCaptcha(t)) }, net.next());
    expect(right.body.code).toBe(2024);
  });

  it('resetpwd: 300 parallel wrong SMS codes: exactly 5 are compared, and the right code is then dead', async () => {
    const net = randomNet();
    const { mobile } = await registerUser(t, { mobile: randomMobile() }, net.next());
    await t.deps.limiter.reset(`sms:m:${mobile}`, 60);
    expect((await sendSms(mobile, 'resetpwd', net.next())).body.code).toBe(1);
    const right = t.lastSmsCode(mobile, 'resetpwd')!;
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/user/resetpwd',
          payload: { mobile, code: wrongCode(right, i), newpassword: 'Changed2026' },
          remoteAddress: net.next(),
        }),
      ),
    );
    expect(codesOf(results)).toEqual({ 2010: 4, 2012: 296 });
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetpwd',
      payload: { mobile, code: right, newpassword: 'Changed2026' },
      remoteAddress: net.next(),
    });
    expect(reset.body.code).toBe(2012);
    const { rows } = await t.sql("SELECT attempts FROM sms_codes WHERE mobile = $1 AND event = 'resetpwd'", [mobile]);
    expect(rows).toEqual([{ attempts: 5 }]);
  });

  it(`SMS login: ${BURST} parallel wrong codes with picture codes: 10 reach the code, 5 are compared`, async () => {
    const net = randomNet();
    const { mobile } = await registerUser(t, { mobile: randomMobile() }, net.next());
    await t.deps.limiter.reset(`sms:m:${mobile}`, 60);
    expect((await sendSms(mobile, 'mobilelogin', net.next())).body.code).toBe(1);
    const right = t.lastSmsCode(mobile, 'mobilelogin')!;
    const codes = await captchas(BURST);
    const results = await Promise.all(
      codes.map((c, i) => login({ mobile, code: wrongCode(right, i), ...c }, net.next())),
    );
    // The account's 10 attempts reach the code; its 5 tries are spent by the first 5 of them.
    expect(codesOf(results)).toEqual({ 2010: 4, 2012: 6, 2024: BURST - 10 });
    const { rows } = await t.sql('SELECT attempts FROM sms_codes WHERE mobile = $1 AND event = $2', [
      mobile,
      'mobilelogin',
    ]);
    expect(rows).toEqual([{ attempts: 5 }]);
  });

  it('register: 120 parallel wrong SMS codes: exactly 5 are compared', async () => {
    const net = randomNet();
    const mobile = randomMobile();
    expect((await sendSms(mobile, 'register', net.next())).body.code).toBe(1);
    const right = t.lastSmsCode(mobile, 'register')!;
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/user/register',
          payload: { mobile, code: wrongCode(right, i), password: 'Secret123', group_id: 1 },
          remoteAddress: net.next(),
        }),
      ),
    );
    expect(codesOf(results)).toEqual({ 2010: 4, 2012: 116 });
    const { rows } = await t.sql("SELECT attempts FROM sms_codes WHERE mobile = $1 AND event = 'register'", [mobile]);
    expect(rows).toEqual([{ attempts: 5 }]);
  });

  it('sms/send: 120 parallel sends from one address: 5 without a picture code, 30 with', async () => {
    const ip = randomNet().one;
    const before = t.smsLines.length;
    const plain = await Promise.all(Array.from({ length: 120 }, () => sendSms(randomMobile(), 'register', ip)));
    expect(codesOf(plain)).toEqual({ 1: 5, 2002: 115 });
    expect(t.smsLines.length - before).toBe(5);

    const other = randomNet().one;
    const codes = await captchas(120);
    const guarded = await Promise.all(
      codes.map((c) => sendSms(randomMobile(), 'register', other, `&captcha_id=${c.captcha_id}&captcha=${c.captcha}`)),
    );
    expect(codesOf(guarded)).toEqual({ 1: 30, 2030: 90 });
    expect(t.smsLines.length - before).toBe(35);
  });

  it('sms/send: 120 parallel sends to one mobile from many addresses: exactly 1', async () => {
    const net = randomNet();
    const mobile = randomMobile();
    const results = await Promise.all(Array.from({ length: 120 }, () => sendSms(mobile, 'register', net.next())));
    expect(codesOf(results)).toEqual({ 1: 1, 2030: 119 });
  });
});

describe('sliding windows (PostgreSQL store; the recorded hits are moved back in time)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  /** Makes every hit of a rule `ms` older, as if that much time had passed. */
  const age = (key: string, windowSec: number, ms: number) =>
    t.sql('UPDATE rate_log SET hits = ARRAY(SELECT h - $2::bigint FROM unnest(hits) h) WHERE key = $1', [
      `${key}|${windowSec}`,
      ms * 1000,
    ]);

  it('one SMS a minute: refused 59 s after the last one, sent at 60.5 s', async () => {
    const mobile = randomMobile();
    const net = randomNet();
    const send = () =>
      call(t.app, { method: 'GET', url: `/api/sms/send?mobile=${mobile}&event=register`, remoteAddress: net.next() });
    expect((await send()).body.code).toBe(1);
    await age(`sms:m:${mobile}`, 60, 59_000);
    expect((await send()).body.code).toBe(2030);
    await age(`sms:m:${mobile}`, 60, 1_500);
    expect((await send()).body.code).toBe(1);
  });

  it('a locked account opens again once its oldest failure is 15 minutes old, for one more attempt', async () => {
    const net = randomNet();
    const { mobile, password } = await registerUser(t, { mobile: randomMobile() }, net.next());
    const key = `login:user:acct:${mobile}`;
    for (let i = 1; i <= 10; i++) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { account: mobile, password: 'Wrong12345', ...(await knownCaptcha(t)) },
        remoteAddress: net.next(),
      });
      expect(res.body.code, `failure ${i}`).toBe(2023);
      // The failures lie a minute apart: the first is the oldest.
      await age(key, 900, 60_000);
    }
    const login = async () =>
      call(t.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { account: mobile, password, ...(await knownCaptcha(t)) },
        remoteAddress: net.next(),
      });
    // The oldest failure is now 10 minutes old.
    expect((await login()).body.code).toBe(2024);
    await age(key, 900, 5 * 60_000 + 500);
    expect((await login()).body.code).toBe(1);
  });
});

describe('one SMS a minute per mobile, across a minute boundary', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    for (const store of stores) apps.push(await createTestApp(store.env));
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('refuses a second SMS 0.1–1 s after the first even when a minute boundary lies between (every store)', async () => {
    const mobile = randomMobile();
    const net = randomNet();
    const send = (a: TestApp) =>
      call(a.app, { method: 'GET', url: `/api/sms/send?mobile=${mobile}&event=register`, remoteAddress: net.next() });
    const toBoundary = 60_000 - (Date.now() % 60_000);
    await new Promise((r) => setTimeout(r, toBoundary > 500 ? toBoundary - 120 : toBoundary + 59_880));
    const first = await Promise.all(apps.map(send));
    const left = 60_000 - (Date.now() % 60_000);
    // Still before the boundary (a fast machine): wait just past it, so that the two sends straddle it.
    if (left < 1000) await new Promise((r) => setTimeout(r, left + 20));
    const second = await Promise.all(apps.map(send));
    expect(first.map((r) => r.body.code)).toEqual(apps.map(() => 1));
    expect(second.map((r) => r.body.code)).toEqual(apps.map(() => 2030));
  }, 90_000);
});
