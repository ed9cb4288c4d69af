import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, freshMobile, ipSequence, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(60);

async function sendResetCode(mobile: string): Promise<string> {
  await t.sql('DELETE FROM rate_log WHERE key LIKE $1', [`sms:m:${mobile}|%`]);
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${mobile}&event=resetpwd`,
    remoteAddress: nextIp(),
  });
  expect(res.body.code).toBe(1);
  return t.lastSmsCode(mobile, 'resetpwd')!;
}

const reset = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/user/resetpwd', payload, headers, remoteAddress: nextIp() });

const login = (account: string, password: string, ip = nextIp()) =>
  call(t.app, { method: 'POST', url: '/api/user/login', payload: { account, password }, remoteAddress: ip });

const userInfo = (token: string) => call(t.app, { method: 'GET', url: '/api/user/info', headers: { token } });

describe('POST /api/user/resetpwd', () => {
  it('sets the new password: the old one fails, the new one works, and every old session ends', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    const second = (await login(mobile, password)).body.data.userinfo.token as string;
    const code = await sendResetCode(mobile);

    const res = await reset({ mobile, code, newpassword: 'NewSecret456' });
    expect(res.body).toEqual({ code: 1, msg: '密码已重置，请重新登录', data: null });

    expect((await login(mobile, password)).body.code).toBe(2023);
    const fresh = await login(mobile, 'NewSecret456');
    expect(fresh.body.code).toBe(1);
    expect((await userInfo(token)).body.code).toBe(1000);
    expect((await userInfo(second)).body.code).toBe(1000);
    expect((await userInfo(fresh.body.data.userinfo.token)).body.code).toBe(1);

    const { rows } = await t.sql('SELECT password_hash FROM users WHERE mobile = $1', [mobile]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('uses a code once', async () => {
    const { mobile } = await registerUser(t, {}, nextIp());
    const code = await sendResetCode(mobile);
    expect((await reset({ mobile, code, newpassword: 'NewSecret456' })).body.code).toBe(1);
    expect((await reset({ mobile, code, newpassword: 'Another789x' })).body.code).toBe(2011);
    expect((await login(mobile, 'NewSecret456')).body.code).toBe(1);
  });

  it('lifts the picture-code requirement from failed logins', async () => {
    // Failed logins are counted in 15-minute windows: keep clear of a window's end.
    const left = 900_000 - (Date.now() % 900_000);
    if (left < 5000) await new Promise((r) => setTimeout(r, left + 50));
    const { mobile } = await registerUser(t, {}, nextIp());
    for (let i = 0; i < 3; i++) await login(mobile, 'Wrong12345');
    expect((await login(mobile, 'Wrong12345')).body.code).toBe(2002);
    await reset({ mobile, code: await sendResetCode(mobile), newpassword: 'NewSecret456' });
    expect((await login(mobile, 'NewSecret456')).body.code).toBe(1);
  });

  it('refuses a weak new password with 2022 and keeps the code for a strong one', async () => {
    const { mobile, password } = await registerUser(t, {}, nextIp());
    const code = await sendResetCode(mobile);
    for (const newpassword of ['short1', 'onlyletters', '1234567890']) {
      expect((await reset({ mobile, code, newpassword })).body.code, newpassword).toBe(2022);
    }
    expect((await login(mobile, password)).body.code).toBe(1);
    expect((await reset({ mobile, code, newpassword: 'NewSecret456' })).body.code).toBe(1);
  });

  it('refuses an unknown mobile with 2021', async () => {
    const res = await reset({ mobile: freshMobile(), code: '123456', newpassword: 'NewSecret456' });
    expect(res.body).toMatchObject({ code: 2021, msg: '该手机号尚未注册' });
  });

  it('refuses a wrong code with 2010 and leaves the password alone', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    const code = await sendResetCode(mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await reset({ mobile, code: wrong, newpassword: 'NewSecret456' }, { 'accept-language': 'en' });
    expect(res.body).toMatchObject({ code: 2010, msg: 'The SMS code is wrong' });
    expect((await login(mobile, password)).body.code).toBe(1);
    expect((await userInfo(token)).body.code).toBe(1);
  });

  it('does not take a code sent for another purpose', async () => {
    const { mobile, password } = await registerUser(t, {}, nextIp());
    await t.sql('DELETE FROM rate_log WHERE key LIKE $1', [`sms:m:${mobile}|%`]);
    await call(t.app, {
      method: 'GET',
      url: `/api/sms/send?mobile=${mobile}&event=mobilelogin`,
      remoteAddress: nextIp(),
    });
    const loginCode = t.lastSmsCode(mobile, 'mobilelogin')!;
    expect((await reset({ mobile, code: loginCode, newpassword: 'NewSecret456' })).body.code).toBe(2011);
    expect((await login(mobile, password)).body.code).toBe(1);
  });

  it('refuses malformed input with 2001 or 2014', async () => {
    expect((await reset({ mobile: '13800138000', code: '123456' })).body.code).toBe(2001);
    expect((await reset({ mobile: '1380013', code: '123456', newpassword: 'NewSecret456' })).body.code).toBe(2014);
  });
});
