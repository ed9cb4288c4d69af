import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac } from '../src/platform/security/tokens';
import { call, createTestApp, freshMobile, ipSequence, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(20);

function send(mobile: string, event: string, ip: string, extra = '') {
  return call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${encodeURIComponent(mobile)}&event=${event}${extra}`,
    remoteAddress: ip,
  });
}

/** A picture code whose answer the test knows, stored the way the server stores one. */
async function knownCaptcha(answer = 'k7pq', ttlMs = 60_000): Promise<string> {
  const id = randomUUID();
  await t.sql('INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, $3)', [
    id,
    hmac(t.deps.secret, 'captcha', id, answer),
    new Date(Date.now() + ttlMs),
  ]);
  return id;
}

/** Fixed windows: keep a test that relies on one window from straddling its end. */
async function clearOfWindowEnd(windowSec: number, marginMs = 1500) {
  const ms = windowSec * 1000;
  const left = ms - (Date.now() % ms);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}

/** `count` sends of one rate rule already made, counted the way the server counts them. */
async function alreadySent(key: string, windowSec: number, count: number) {
  for (let i = 0; i < count; i++) await t.deps.limiter.take({ key, windowSec, max: count });
}

/** "The window has passed": forget the counter of one rate rule. */
const forget = (key: string, windowSec: number) =>
  t.sql('DELETE FROM rate_log WHERE key = $1', [`${key}|${windowSec}`]);

describe('GET /api/sms/send', () => {
  it('sends a six-digit code as one JSON line naming mobile and event, ignoring the t parameter', async () => {
    const mobile = freshMobile();
    const before = t.smsLines.length;
    const res = await send(mobile, 'register', nextIp(), `&t=${Math.floor(Date.now() / 1000)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, msg: '验证码已发送', data: null });
    expect(t.smsLines.length).toBe(before + 1);
    const line = t.smsLines[before]!;
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    const msg = JSON.parse(line);
    expect(msg).toMatchObject({ mobile, event: 'register' });
    expect(msg.code).toMatch(/^\d{6}$/);
  });

  it('accepts +86 and spaces, and sends to the compact number', async () => {
    const mobile = freshMobile();
    const res = await send(`+86 ${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}`, 'register', nextIp());
    expect(res.body.code).toBe(1);
    expect(t.lastSmsCode(mobile, 'register')).toMatch(/^\d{6}$/);
  });

  it('refuses an invalid mobile with 2014 and sends nothing', async () => {
    const before = t.smsLines.length;
    for (const bad of ['12345', '1381234567', '23800138000', '138001380001', 'abcdefghijk']) {
      const res = await send(bad, 'register', nextIp());
      expect(res.body.code, bad).toBe(2014);
      expect(res.body.msg).toBe('请输入正确的手机号码');
    }
    expect(t.smsLines.length).toBe(before);
  });

  it('refuses an unknown event or a missing mobile with a validation error (2001)', async () => {
    const bad = await send(freshMobile(), 'hack', nextIp());
    expect(bad.body.code).toBe(2001);
    expect(bad.body.data.fields).toContain('event');
    const missing = await call(t.app, { method: 'GET', url: '/api/sms/send?event=register', remoteAddress: nextIp() });
    expect(missing.body.code).toBe(2001);
    expect(missing.body.data.fields).toContain('mobile');
  });

  it('refuses a register (or changemobile) code for a registered mobile with 2020', async () => {
    expect((await send('13800138000', 'register', nextIp())).body.code).toBe(2020);
    expect((await send('13800138000', 'changemobile', nextIp())).body.code).toBe(2020);
  });

  it('refuses mobilelogin and resetpwd codes for an unknown mobile with 2021', async () => {
    const mobile = freshMobile();
    expect((await send(mobile, 'mobilelogin', nextIp())).body.code).toBe(2021);
    expect((await send(mobile, 'resetpwd', nextIp())).body.code).toBe(2021);
    expect(t.lastSmsCode(mobile, 'mobilelogin')).toBeUndefined();
  });

  it('sends a mobilelogin code to a registered mobile', async () => {
    const { mobile } = await registerUser(t, {}, nextIp());
    await forget(`sms:m:${mobile}`, 60);
    expect((await send(mobile, 'mobilelogin', nextIp())).body.code).toBe(1);
    expect(t.lastSmsCode(mobile, 'mobilelogin')).toMatch(/^\d{6}$/);
  });
});

describe('per-mobile send limits', () => {
  it('refuses a second send within the minute with HTTP 429 code 2030, whatever the event', async () => {
    await clearOfWindowEnd(60);
    const { mobile } = await registerUser(t, {}, nextIp());
    const before = t.smsLines.length;
    const again = await send(mobile, 'resetpwd', nextIp());
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(2030);
    expect(again.body.msg).toBe('操作过于频繁，请稍后再试');
    expect(t.smsLines.length).toBe(before);
    await forget(`sms:m:${mobile}`, 60);
    expect((await send(mobile, 'resetpwd', nextIp())).body.code).toBe(1);
  });

  it('delivers a single code when one mobile asks several times at once', async () => {
    await clearOfWindowEnd(60);
    const mobile = freshMobile();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => send(mobile, 'register', nextIp())));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 2030)).toHaveLength(4);
    expect(t.smsLines.filter((l) => JSON.parse(l).mobile === mobile)).toHaveLength(1);
  });

  it('allows 5 sends an hour', async () => {
    await clearOfWindowEnd(3600, 10_000);
    const mobile = freshMobile();
    for (let i = 1; i <= 5; i++) {
      expect((await send(mobile, 'register', nextIp())).body.code, `send ${i}`).toBe(1);
      await forget(`sms:m:${mobile}`, 60);
    }
    const sixth = await send(mobile, 'register', nextIp());
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(2030);
  });

  it('allows 10 sends a day', async () => {
    await clearOfWindowEnd(86_400, 10_000);
    const mobile = freshMobile();
    for (let i = 1; i <= 10; i++) {
      expect((await send(mobile, 'register', nextIp())).body.code, `send ${i}`).toBe(1);
      await forget(`sms:m:${mobile}`, 60);
      await forget(`sms:m:${mobile}`, 3600);
    }
    const eleventh = await send(mobile, 'register', nextIp());
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe(2030);
  });
});

describe('per-IP send limits', () => {
  it('asks for a picture code after 5 sends from one IP in an hour, and only from that IP', async () => {
    await clearOfWindowEnd(3600, 10_000);
    const ip = nextIp();
    for (let i = 1; i <= 5; i++) expect((await send(freshMobile(), 'register', ip)).body.code, `send ${i}`).toBe(1);

    const mobile = freshMobile();
    const required = await send(mobile, 'register', ip);
    expect(required.status).toBe(200);
    expect(required.body.code).toBe(2002);
    expect(required.body.data).toEqual({ captcha_required: true });

    const wrongId = await knownCaptcha('k7pq');
    const wrong = await send(mobile, 'register', ip, `&captcha_id=${wrongId}&captcha=zzzz`);
    expect(wrong.body.code).toBe(2003);
    // A picture code is used up by the first check, even a wrong one.
    expect((await send(mobile, 'register', ip, `&captcha_id=${wrongId}&captcha=k7pq`)).body.code).toBe(2003);

    const expired = await knownCaptcha('k7pq', -1000);
    expect((await send(mobile, 'register', ip, `&captcha_id=${expired}&captcha=k7pq`)).body.code).toBe(2003);

    const right = await knownCaptcha('k7pq');
    const sent = await send(mobile, 'register', ip, `&captcha_id=${right}&captcha=K7PQ`);
    expect(sent.body.code).toBe(1);
    expect(t.lastSmsCode(mobile, 'register')).toMatch(/^\d{6}$/);
    expect((await send(freshMobile(), 'register', ip, `&captcha_id=${right}&captcha=k7pq`)).body.code).toBe(2003);

    expect((await send(freshMobile(), 'register', nextIp())).body.code).toBe(1);
  });

  it('serves picture codes that the send call checks', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/index/captcha?t=1' });
    expect(res.body.code).toBe(1);
    expect(res.body.data.image).toMatch(/^data:image\/png;base64,/);
    const { rows } = await t.sql('SELECT answer_hash FROM captchas WHERE id = $1', [res.body.data.captcha_id]);
    expect(rows).toHaveLength(1);

    const ip = nextIp();
    await alreadySent(`sms:ip:${ip}`, 3600, 5);
    const guess = await send(freshMobile(), 'register', ip, `&captcha_id=${res.body.data.captcha_id}&captcha=0000`);
    expect(guess.body.code).toBe(2003);
  });

  it('refuses every send from an IP past 30 an hour or 100 a day with 429, picture code or not', async () => {
    await clearOfWindowEnd(3600, 5000);
    for (const [windowSec, max] of [
      [3600, 30],
      [86_400, 100],
    ] as const) {
      const ip = nextIp();
      await alreadySent(`sms:ip:${ip}`, windowSec, max);
      const captcha = await knownCaptcha('k7pq');
      const res = await send(freshMobile(), 'register', ip, `&captcha_id=${captcha}&captcha=k7pq`);
      expect(res.status, `${max} per ${windowSec}s`).toBe(429);
      expect(res.body.code).toBe(2030);
    }
  });

  it('lets only one of several simultaneous sends through the last slot of an IP', async () => {
    await clearOfWindowEnd(3600, 5000);
    const ip = nextIp();
    await alreadySent(`sms:ip:${ip}`, 3600, 29);
    const captchas = await Promise.all([1, 2, 3, 4].map(() => knownCaptcha('k7pq')));
    const results = await Promise.all(
      captchas.map((id) => send(freshMobile(), 'register', ip, `&captcha_id=${id}&captcha=k7pq`)),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([1, 2030, 2030, 2030]);
  });
});
