import { userInfoData } from '@trackline/contract/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, freshMobile, ipSequence, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(30);

async function sendCode(mobile: string): Promise<string> {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${mobile}&event=register`,
    remoteAddress: nextIp(),
  });
  expect(res.body.code).toBe(1);
  return t.lastSmsCode(mobile, 'register')!;
}

function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(t.app, { method: 'POST', url: '/api/user/register', payload, headers, remoteAddress: nextIp() });
}

/** Another code may be sent once the per-mobile minute has passed. */
const minutePassed = (mobile: string) => t.sql('DELETE FROM rate_log WHERE key = $1', [`sms:m:${mobile}|60`]);

/** Any six digits but the given code. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/user/register', () => {
  it('creates the account, answers the session user of spec §3 and sets an HttpOnly SameSite=Lax token cookie', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const res = await register({ mobile, code, password: 'Secret123', group_id: 1 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.msg).toBe('注册成功');

    const info = res.body.data.userinfo;
    expect(Object.keys(info).sort()).toEqual(
      [
        'avatar',
        'domain',
        'group_id',
        'id',
        'is_verify',
        'nickname',
        'rate',
        'real_name',
        'token',
        'user_account_info',
        'username',
      ].sort(),
    );
    expect(() => userInfoData.parse(res.body.data)).not.toThrow();
    expect(info).toMatchObject({
      username: mobile,
      nickname: `音乐人${mobile.slice(-4)}`,
      avatar: '',
      real_name: '',
      domain: '/files/',
      is_verify: 0,
      group_id: 1,
      rate: 70,
    });
    expect(info.user_account_info).toMatchObject({ balance_fen: null, currency: 'CNY', company_name: null });
    expect(Number.isNaN(Date.parse(info.user_account_info.created_at))).toBe(false);
    expect(info.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: info.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.maxAge).toBe(30 * 86_400);

    const me = await call(t.app, { method: 'GET', url: '/api/user/info', cookies: { token: info.token } });
    expect(me.body.code).toBe(1);
    // Asked with the cookie (as a page does), the session user comes without the token a script could read.
    expect(me.body.data.userinfo).toEqual({ ...info, token: '' });
  });

  it('greets the new musician with one unread message', async () => {
    const mobile = freshMobile();
    const res = await register({ mobile, code: await sendCode(mobile), password: 'Secret123', group_id: 1 });
    const count = await call(t.app, {
      method: 'GET',
      url: '/api/message/count',
      headers: { token: res.body.data.userinfo.token },
    });
    expect(count.body).toMatchObject({ code: 1, data: { count: 1 } });
  });

  it('keeps a chosen nickname', async () => {
    const mobile = freshMobile();
    const res = await register({
      mobile,
      code: await sendCode(mobile),
      password: 'Secret123',
      group_id: 1,
      nickname: ' 小河 ',
    });
    expect(res.body.data.userinfo.nickname).toBe('小河');
  });

  it('stores passwords as argon2id and SMS codes only as keyed hashes', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const { rows: codes } = await t.sql('SELECT code_hash FROM sms_codes WHERE mobile = $1', [mobile]);
    expect(codes).toHaveLength(1);
    const stored: Buffer = codes[0].code_hash;
    expect(stored.length).toBe(32);
    expect(stored.toString('latin1')).not.toContain(code);
    expect(stored.toString('hex')).not.toContain(code);

    await register({ mobile, code, password: 'Secret123', group_id: 1 });
    const { rows } = await t.sql('SELECT password_hash FROM users WHERE mobile = $1', [mobile]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain('Secret123');
  });

  it('refuses a wrong code with 2010, and the right one still works', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const wrong = await register({ mobile, code: otherThan(code), password: 'Secret123', group_id: 1 });
    expect(wrong.body).toMatchObject({ code: 2010, msg: '短信验证码错误' });
    expect(wrong.cookies.find((c) => c.name === 'token')).toBeUndefined();
    expect((await register({ mobile, code, password: 'Secret123', group_id: 1 })).body.code).toBe(1);
  });

  it('refuses an expired code with 2011', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    await t.sql("UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE mobile = $1", [mobile]);
    const res = await register({ mobile, code, password: 'Secret123', group_id: 1 });
    expect(res.body.code).toBe(2011);
    const { rows } = await t.sql('SELECT 1 FROM users WHERE mobile = $1', [mobile]);
    expect(rows).toHaveLength(0);
  });

  it('accepts a code once: a used code is refused with 2011', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    expect((await register({ mobile, code, password: 'Secret123', group_id: 1 })).body.code).toBe(1);
    // The account goes away (say an admin removed it): the code that created it still cannot be replayed.
    await t.sql('DELETE FROM users WHERE mobile = $1', [mobile]);
    expect((await register({ mobile, code, password: 'Secret123', group_id: 1 })).body.code).toBe(2011);
  });

  it('only honours the newest code sent to a mobile', async () => {
    const mobile = freshMobile();
    const first = await sendCode(mobile);
    await minutePassed(mobile);
    let second = await sendCode(mobile);
    while (second === first) {
      await minutePassed(mobile);
      second = await sendCode(mobile);
    }
    expect((await register({ mobile, code: first, password: 'Secret123', group_id: 1 })).body.code).toBe(2010);
    expect((await register({ mobile, code: second, password: 'Secret123', group_id: 1 })).body.code).toBe(1);
  });

  it('kills a code after 5 wrong tries (2012, even with the right code), and a new code works', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const payload = { mobile, password: 'Secret123', group_id: 1 };
    for (let i = 1; i <= 4; i++)
      expect((await register({ ...payload, code: otherThan(code) })).body.code, `try ${i}`).toBe(2010);
    expect((await register({ ...payload, code: otherThan(code) })).body.code).toBe(2012);
    expect((await register({ ...payload, code })).body.code).toBe(2012);

    await minutePassed(mobile);
    expect((await register({ ...payload, code: await sendCode(mobile) })).body.code).toBe(1);
  });

  it('refuses a registered mobile with 2020', async () => {
    const res = await register({ mobile: '13800138000', code: '123456', password: 'Secret123', group_id: 1 });
    expect(res.body).toMatchObject({ code: 2020, msg: '该手机号已注册' });
    const plus86 = await register({ mobile: '+86 138 0013 8000', code: '123456', password: 'Secret123', group_id: 1 });
    expect(plus86.body.code).toBe(2020);
  });

  it('refuses weak passwords with 2022 without using up the code', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    for (const password of ['Ab1', 'abcdefghij', '1234567890', 'Password1', `a1${'x'.repeat(63)}`]) {
      const res = await register({ mobile, code, password, group_id: 1 });
      expect(res.body.code, password).toBe(2022);
      expect(res.body.msg).toBe('密码至少8位，且需包含字母和数字');
    }
    expect((await register({ mobile, code, password: 'Str0ngerPass', group_id: 1 })).body.code).toBe(1);
  });

  it('asks enterprises for a company name (2026) and keeps it', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    expect((await register({ mobile, code, password: 'Secret123', group_id: 2 })).body.code).toBe(2026);
    expect((await register({ mobile, code, password: 'Secret123', group_id: 2, company_name: '   ' })).body.code).toBe(
      2026,
    );
    const res = await register({
      mobile,
      code,
      password: 'Secret123',
      group_id: 2,
      company_name: ' 星河唱片有限公司 ',
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data.userinfo.group_id).toBe(2);
    expect(res.body.data.userinfo.user_account_info.company_name).toBe('星河唱片有限公司');
  });

  it('ignores a company name for an individual', async () => {
    const mobile = freshMobile();
    const res = await register({
      mobile,
      code: await sendCode(mobile),
      password: 'Secret123',
      group_id: 1,
      company_name: 'X',
    });
    expect(res.body.data.userinfo.user_account_info.company_name).toBeNull();
  });

  it('refuses malformed fields with 2001 naming them', async () => {
    const mobile = freshMobile();
    const bad = await register({ mobile, code: '123456', password: 'Secret123', group_id: 3 });
    expect(bad.body.code).toBe(2001);
    expect(bad.body.data.fields).toContain('group_id');
    const badCode = await register({ mobile, code: '12ab56', password: 'Secret123', group_id: 1 });
    expect(badCode.body.code).toBe(2001);
    expect(badCode.body.data.fields).toContain('code');
    expect((await register({ mobile: '12345', code: '123456', password: 'Secret123', group_id: 1 })).body.code).toBe(
      2014,
    );
  });

  it('answers in English when asked to', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const res = await register(
      { mobile, code: otherThan(code), password: 'Secret123', group_id: 1 },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(res.body).toMatchObject({ code: 2010, msg: 'The SMS code is wrong' });
    const ok = await register({ mobile, code, password: 'Secret123', group_id: 1 }, { 'accept-language': 'en' });
    expect(ok.body.msg).toBe('Registered');
    // the welcome is a template, read in the reader's language (issue 9), whatever the language of registration
    const { rows } = await t.sql(
      'SELECT m.template, m.params FROM messages m JOIN users u ON u.id = m.user_id WHERE u.mobile = $1',
      [mobile],
    );
    expect(rows[0]).toEqual({ template: 'welcome', params: { site: '乐轨音乐' } });
  });
});
