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

const nextIp = ipSequence(40);

function login(payload: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) {
  return call(t.app, { method: 'POST', url: '/api/user/login', payload, remoteAddress: ip, headers });
}

async function knownCaptcha(answer = 'h4xy'): Promise<{ captcha_id: string; captcha: string }> {
  const id = randomUUID();
  await t.sql('INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, $3)', [
    id,
    hmac(t.deps.secret, 'captcha', id, answer),
    new Date(Date.now() + 60_000),
  ]);
  return { captcha_id: id, captcha: answer };
}

/** The failed-login windows are 15 minutes: keep a test from straddling one's end. */
async function clearOfWindowEnd(marginMs = 10_000) {
  const ms = 15 * 60_000;
  const left = ms - (Date.now() % ms);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}

async function sendLoginCode(mobile: string): Promise<string> {
  await t.sql('DELETE FROM rate_log WHERE key LIKE $1', [`sms:m:${mobile}|%`]);
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${mobile}&event=mobilelogin`,
    remoteAddress: nextIp(),
  });
  expect(res.body.code).toBe(1);
  return t.lastSmsCode(mobile, 'mobilelogin')!;
}

describe('password login', () => {
  it('logs in with the mobile and answers the session user with a token cookie', async () => {
    const res = await login({ account: '13800138000', password: 'Trackline2026' }, nextIp());
    expect(res.body).toMatchObject({ code: 1, msg: '登录成功' });
    const info = res.body.data.userinfo;
    expect(info).toMatchObject({ username: '13800138000', nickname: '演示音乐人', group_id: 1 });
    expect(res.cookies.find((c) => c.name === 'token')).toMatchObject({
      value: info.token,
      httpOnly: true,
      sameSite: 'Lax',
    });
    const me = await call(t.app, { method: 'GET', url: '/api/user/info', headers: { token: info.token } });
    expect(me.body.data.userinfo.username).toBe('13800138000');
  });

  it('accepts the mobile written with +86 and spaces', async () => {
    const res = await login({ account: '+86 138 0013 8000', password: 'Trackline2026' }, nextIp());
    expect(res.body.code).toBe(1);
  });

  it('answers every wrong account or password alike, 2023, in the asked language', async () => {
    const ip = nextIp();
    const wrongPw = await login({ account: '13800138000', password: 'Wrong12345' }, ip);
    const unknown = await login({ account: freshMobile(), password: 'Wrong12345' }, ip);
    const notMobile = await login({ account: 'someone', password: 'Wrong12345' }, ip);
    for (const res of [wrongPw, unknown, notMobile]) {
      expect(res.body).toEqual({ code: 2023, msg: '账号或密码错误', data: { captcha_required: false } });
      expect(res.cookies).toHaveLength(0);
    }
    const en = await login({ account: freshMobile(), password: 'Wrong12345' }, nextIp(), { 'accept-language': 'en' });
    expect(en.body.msg).toBe('Wrong account or password');
  });

  it('asks for a picture code after 3 failures, checks it, and lets the right password in with it', async () => {
    await clearOfWindowEnd();
    const { mobile, password } = await registerUser(t, {}, nextIp());
    const ip = nextIp();
    const wrong = { account: mobile, password: 'Wrong12345' };
    expect((await login(wrong, ip)).body.data).toEqual({ captcha_required: false });
    expect((await login(wrong, ip)).body.data).toEqual({ captcha_required: false });
    const third = await login(wrong, ip);
    expect(third.body).toMatchObject({ code: 2023, data: { captcha_required: true } });

    // The account, not the IP, is what needs the picture code now.
    const elsewhere = await login({ account: mobile, password }, nextIp());
    expect(elsewhere.body).toMatchObject({ code: 2002, data: { captcha_required: true } });
    expect((await login({ account: mobile, password, captcha_id: randomUUID(), captcha: 'h4xy' }, ip)).body.code).toBe(
      2003,
    );
    const used = await knownCaptcha();
    expect((await login({ account: mobile, password, ...used, captcha: 'nope' }, ip)).body.code).toBe(2003);
    expect((await login({ account: mobile, password, ...used }, ip)).body.code).toBe(2003);

    const ok = await login({ account: mobile, password, ...(await knownCaptcha()) }, ip);
    expect(ok.body.code).toBe(1);
    // Success forgets the account's failures.
    expect((await login(wrong, ip)).body.data).toEqual({ captcha_required: false });
  });

  it('locks the account after 10 failures (2024), even for the right password or an SMS code', async () => {
    await clearOfWindowEnd();
    const { mobile, password } = await registerUser(t, {}, nextIp());
    for (let i = 1; i <= 10; i++) {
      const captcha = i > 3 ? await knownCaptcha() : {};
      const res = await login({ account: mobile, password: 'Wrong12345', ...captcha }, nextIp());
      expect(res.body.code, `failure ${i}`).toBe(2023);
    }
    const locked = await login({ account: mobile, password, ...(await knownCaptcha()) }, nextIp());
    expect(locked.body).toMatchObject({ code: 2024, msg: '登录失败次数过多，账号已临时锁定，请稍后再试' });
    const code = await sendLoginCode(mobile);
    expect((await login({ mobile, code, ...(await knownCaptcha()) }, nextIp())).body.code).toBe(2024);
    // Other accounts are not affected.
    expect((await login({ account: '13800138000', password: 'Trackline2026' }, nextIp())).body.code).toBe(1);
  });

  it('counts failures per IP across accounts: after 10, that IP needs a picture code for any account', async () => {
    await clearOfWindowEnd();
    const ip = nextIp();
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 1; i <= 10; i++) last = await login({ account: freshMobile(), password: 'Wrong12345' }, ip);
    expect(last!.body.data).toEqual({ captcha_required: true });

    const { mobile, password } = await registerUser(t, {}, nextIp());
    expect((await login({ account: mobile, password }, ip)).body.code).toBe(2002);
    expect((await login({ account: mobile, password, ...(await knownCaptcha()) }, ip)).body.code).toBe(1);
    expect((await login({ account: mobile, password }, nextIp())).body.code).toBe(1);
  });

  it('refuses a disabled account with 2025 and ends its sessions', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    await t.sql('UPDATE users SET disabled = true WHERE mobile = $1', [mobile]);
    expect((await login({ account: mobile, password }, nextIp())).body.code).toBe(2025);
    expect((await call(t.app, { method: 'GET', url: '/api/user/info', headers: { token } })).body.code).toBe(1000);
  });
});

describe('SMS-code login', () => {
  it('logs in with a mobilelogin code, once', async () => {
    const { mobile } = await registerUser(t, {}, nextIp());
    const code = await sendLoginCode(mobile);
    const res = await login({ mobile, code }, nextIp());
    expect(res.body.code).toBe(1);
    expect(res.body.data.userinfo.username).toBe(mobile);
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(res.body.data.userinfo.token);
    expect((await login({ mobile, code }, nextIp())).body.code).toBe(2011);
  });

  it('refuses a wrong code (2010), a code sent for another purpose (2011) and an unknown mobile (2021)', async () => {
    const { mobile } = await registerUser(t, {}, nextIp());
    const code = await sendLoginCode(mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await login({ mobile, code: wrong }, nextIp())).body.code).toBe(2010);

    const other = (await registerUser(t, {}, nextIp())).mobile;
    const registerCode = t.lastSmsCode(other, 'register')!;
    expect((await login({ mobile: other, code: registerCode }, nextIp())).body.code).toBe(2011);

    const unknown = await login({ mobile: freshMobile(), code: '123456' }, nextIp());
    expect(unknown.body).toMatchObject({ code: 2021, msg: '该手机号尚未注册' });
  });

  it('refuses a body that is neither a password nor a code login with 2001', async () => {
    expect((await login({ account: '13800138000' }, nextIp())).body.code).toBe(2001);
    expect((await login({ mobile: '13800138000', code: '12' }, nextIp())).body.code).toBe(2001);
  });
});
