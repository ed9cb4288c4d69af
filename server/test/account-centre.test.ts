/**
 * The account centre (issue 10, personal centre half) against a real PostgreSQL: the profile with its square avatar,
 * password and mobile changes, sessions signed out everywhere at once (two server instances), security events,
 * deletion refused while money or live works remain and carried out after the cooling-off (what remains is only
 * what must), a login cancelling it, the data export, and bursts where there is a limit.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseAccount } from '../src/modules/account/leaving.service';
import { post } from '../src/modules/royalties/ledger';
import { credit, debit } from '../src/modules/royalties/ledger-accounts';
import { multipart } from './files';
import { call, createTestApp, freshMobile, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { insertWork } from './work-fixtures';

let t: TestApp;
const nextIp = ipSequence(73);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, app = t.app) =>
  call(app, { method: 'GET', url, headers: token ? { token } : {}, remoteAddress: nextIp() });
const postJson = (url: string, payload: unknown, token?: string) =>
  call(t.app, {
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { token } : {},
    remoteAddress: nextIp(),
  });
const login = (account: string, password: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password },
    remoteAddress: nextIp(),
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36' },
  });

/** Sends a code (the per-mobile minute limit forgotten first) and answers it. */
async function sendCode(mobile: string, event: string, token?: string): Promise<string> {
  await t.sql('DELETE FROM rate_log WHERE key LIKE $1', [`sms:m:${mobile}|%`]);
  const res = await get(`/api/sms/send?mobile=${mobile}&event=${event}`, token);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return t.lastSmsCode(mobile, event)!;
}

async function uploadImage(token: string, width: number, height: number): Promise<string> {
  const image = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const body = await multipart(image, 'me.png', 'image/png');
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/common/upload',
    payload: body.payload,
    headers: { token, 'content-type': body.contentType },
  });
  expect(res.body.code).toBe(1);
  return res.body.data.key as string;
}

describe('who may call', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/user/profile'],
    ['POST', '/api/user/profile', { nickname: 'x' }],
    ['POST', '/api/user/changemobile', { old_code: '123456', mobile: '13900000000', code: '123456' }],
    ['GET', '/api/user/sessions'],
    ['POST', '/api/user/sessions/revoke', { id: 1 }],
    ['POST', '/api/user/sessions/revoke_others', {}],
    ['GET', '/api/user/security_events'],
    ['GET', '/api/user/logoutaccount'],
    ['POST', '/api/user/logoutaccount', { code: '123456' }],
    ['GET', '/api/user/export'],
    ['POST', '/api/user/export', {}],
    ['POST', '/api/user/resetpwd', { oldpassword: 'Secret123', newpassword: 'Another123' }],
    ['POST', '/api/user/resetpwd', { code: '123456', newpassword: 'Another123' }],
  ];

  it('visitors, dead sessions and staff get 1000 from every call, before the body is looked at', async () => {
    const staff = await staffLogin(t);
    for (const [method, url, payload] of calls) {
      for (const headers of [{}, { token: 'no-such-token' }, { 'admin-token': staff }]) {
        const res = await call(t.app, { method: method as 'GET', url, payload: payload as object, headers });
        expect(res.body.code, `${method} ${url} ${JSON.stringify(headers)}`).toBe(1000);
      }
    }
  });

  it("codes to one's own mobile need the session, and go to no other number", async () => {
    const { mobile, token } = await registerUser(t, {}, nextIp());
    expect((await get(`/api/sms/send?mobile=${mobile}&event=oldmobile`)).body.code).toBe(1000);
    expect((await get(`/api/sms/send?mobile=${mobile}&event=logoutaccount`)).body.code).toBe(1000);
    const other = await registerUser(t, {}, nextIp());
    expect((await get(`/api/sms/send?mobile=${other.mobile}&event=oldmobile`, token)).body.code).toBe(2542);
    await sendCode(mobile, 'oldmobile', token);
  });
});

describe('the personal centre', () => {
  it('shows who I am and what is left to do', async () => {
    const { token, mobile } = await registerUser(t, {}, nextIp());
    const res = await get('/api/user/profile', token);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      group_id: 1,
      is_verify: 0,
      mobile_masked: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      rate: 70,
      bio: '',
      artist_names: [],
      deletion: null,
      todos: [
        { key: 'real_name', state: 'todo', link: '/realidcation' },
        { key: 'bank_card', state: 'check', link: '/person-center/withdraw' },
      ],
    });
    const firm = await registerUser(t, { group_id: 2, company_name: '乐轨文化有限公司' }, nextIp());
    const f = await get('/api/user/profile', firm.token);
    expect(f.body.data.company_name).toBe('乐轨文化有限公司');
    expect(f.body.data.todos[0]).toEqual({ key: 'enterprise_licence', state: 'todo', link: '/realidcation' });
  });

  it('saves nickname, bio and artist names; the session user shows the nickname at once', async () => {
    const { token } = await registerUser(t, {}, nextIp());
    await get('/api/user/info', token); // cached now
    const res = await postJson(
      '/api/user/profile',
      { nickname: '  夏至  ', bio: '独立音乐人，写城市与海。', artist_names: ['夏至', 'Summer Solstice', '夏至'] },
      token,
    );
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      nickname: '夏至',
      bio: '独立音乐人，写城市与海。',
      artist_names: ['夏至', 'Summer Solstice'],
    });
    expect((await get('/api/user/info', token)).body.data.userinfo.nickname).toBe('夏至');
    expect((await postJson('/api/user/profile', { nickname: '', bio: '' }, token)).body.code).toBe(2001);
    expect((await postJson('/api/user/profile', { nickname: 'a', bio: 'x'.repeat(201) }, token)).body.code).toBe(2001);
    expect(
      (
        await postJson(
          '/api/user/profile',
          { nickname: 'a', artist_names: Array.from({ length: 11 }, (_, i) => `n${i}`) },
          token,
        )
      ).body.code,
    ).toBe(2001);
  });

  it("crops the avatar square on the server (256 px), readable by anyone; refuses others' files and crops outside", async () => {
    const { token } = await registerUser(t, {}, nextIp());
    const key = await uploadImage(token, 400, 300);
    const outside = await postJson(
      '/api/user/profile',
      { nickname: 'n', avatar: { key, x: 200, y: 0, size: 250 } },
      token,
    );
    expect(outside.body.code).toBe(2545);
    const res = await postJson(
      '/api/user/profile',
      { nickname: 'n', avatar: { key, x: 100, y: 20, size: 250 } },
      token,
    );
    expect(res.body.code).toBe(1);
    const avatar = res.body.data.avatar as string;
    expect(avatar).toMatch(/^users\/\d+\/avatar\/.+\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url: `/files/${avatar}` });
    expect(file.statusCode).toBe(200);
    const md = await sharp(file.rawPayload).metadata();
    expect([md.width, md.height, md.format]).toEqual([256, 256, 'jpeg']);
    expect((await get('/api/user/info', token)).body.data.userinfo.avatar).toBe(avatar);

    const other = await registerUser(t, {}, nextIp());
    const stolen = await postJson(
      '/api/user/profile',
      { nickname: 'n', avatar: { key, x: 0, y: 0, size: 100 } },
      other.token,
    );
    expect(stolen.body.code).toBe(2544);
  });
});

describe('account security', () => {
  it('changes the password with the old one: this session stays, the others end', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    const other = (await login(mobile, password)).body.data.userinfo.token as string;
    const wrong = await postJson('/api/user/resetpwd', { oldpassword: 'Nope12345', newpassword: 'Fresh2026x' }, token);
    expect(wrong.body.code).toBe(2540);
    const weak = await postJson('/api/user/resetpwd', { oldpassword: password, newpassword: 'short' }, token);
    expect(weak.body.code).toBe(2022);
    const res = await postJson('/api/user/resetpwd', { oldpassword: password, newpassword: 'Fresh2026x' }, token);
    expect(res.body.code).toBe(1);
    expect((await get('/api/user/info', token)).body.code).toBe(1);
    expect((await get('/api/user/info', other)).body.code).toBe(1000);
    expect((await login(mobile, password)).body.code).toBe(2023);
    expect((await login(mobile, 'Fresh2026x')).body.code).toBe(1);
  });

  it("changes the password with an SMS code to one's own mobile", async () => {
    const { mobile, token } = await registerUser(t, {}, nextIp());
    const code = await sendCode(mobile, 'resetpwd', token);
    expect(
      (await postJson('/api/user/resetpwd', { code: '000000', newpassword: 'ViaCode2026' }, token)).body.code,
    ).toBe(2010);
    expect((await postJson('/api/user/resetpwd', { code, newpassword: 'ViaCode2026' }, token)).body.code).toBe(1);
    expect((await login(mobile, 'ViaCode2026')).body.code).toBe(1);
  });

  it('the forgotten-password contract is unchanged (mobile + code, no session)', async () => {
    const { mobile } = await registerUser(t, {}, nextIp());
    const code = await sendCode(mobile, 'resetpwd');
    const res = await postJson('/api/user/resetpwd', { mobile, code, newpassword: 'Forgot2026' });
    expect(res.body).toEqual({ code: 1, msg: '密码已重置，请重新登录', data: null });
  });

  it('120 old-password guesses at once: exactly 5 are compared, the rest are refused unchecked', async () => {
    const { token, password } = await registerUser(t, {}, nextIp());
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        postJson('/api/user/resetpwd', { oldpassword: `Guess${i}abc`, newpassword: 'Fresh2026x' }, token),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 2540)).toHaveLength(5);
    expect(codes.filter((c) => c === 2541)).toHaveLength(115);
    // The right one is refused too until the window passes: the limit is on attempts, not failures.
    expect(
      (await postJson('/api/user/resetpwd', { oldpassword: password, newpassword: 'Fresh2026x' }, token)).body.code,
    ).toBe(2541);
  });

  it('a burst of 100 sends of the old-mobile code sends one', async () => {
    const { mobile, token } = await registerUser(t, {}, nextIp());
    await t.sql('DELETE FROM rate_log WHERE key LIKE $1', [`sms:m:${mobile}|%`]);
    const before = t.smsLines.length;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(t.app, {
          method: 'GET',
          url: `/api/sms/send?mobile=${mobile}&event=oldmobile`,
          headers: { token },
          remoteAddress: `10.77.${Math.floor(i / 4)}.${i % 4}`,
        }),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(t.smsLines.slice(before).filter((l) => l.includes(mobile))).toHaveLength(1);
  });

  it('changes the mobile with codes to both numbers', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    const taken = await registerUser(t, {}, nextIp());
    const fresh = freshMobile();
    const oldCode = await sendCode(mobile, 'oldmobile', token);
    // The new number must be free: the code is refused for a registered one.
    expect((await get(`/api/sms/send?mobile=${taken.mobile}&event=changemobile`, token)).body.code).toBe(2020);
    const newCode = await sendCode(fresh, 'changemobile', token);
    expect(
      (await postJson('/api/user/changemobile', { old_code: oldCode, mobile, code: newCode }, token)).body.code,
    ).toBe(2543);
    const wrong = await postJson('/api/user/changemobile', { old_code: '000000', mobile: fresh, code: newCode }, token);
    expect(wrong.body.code).toBe(2010);
    const res = await postJson('/api/user/changemobile', { old_code: oldCode, mobile: fresh, code: newCode }, token);
    expect(res.body.code).toBe(1);
    expect((await get('/api/user/info', token)).body.data.userinfo.username).toBe(fresh);
    expect((await login(mobile, password)).body.code).toBe(2023);
    expect((await login(fresh, password)).body.code).toBe(1);
  });

  it('lists sessions; signing one out takes effect at once on every instance, even with sessions cached', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    const phone = (await login(mobile, password)).body.data.userinfo.token as string;
    const third = (await login(mobile, password)).body.data.userinfo.token as string;
    const other = await t.secondInstance();
    expect((await get('/api/user/info', phone, other)).body.code).toBe(1); // cached on the second instance

    const list = await get('/api/user/sessions', token);
    expect(list.body.data.list).toHaveLength(3);
    const current = list.body.data.list.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(list.body.data.list.some((s: { device: string }) => s.device === 'Chrome · Windows')).toBe(true);
    const phoneSession = list.body.data.list.find((s: { current: boolean; id: number }) => !s.current)!.id as number;

    expect((await postJson('/api/user/sessions/revoke', { id: current[0].id }, token)).body.code).toBe(2547);
    const stranger = await registerUser(t, {}, nextIp());
    expect((await postJson('/api/user/sessions/revoke', { id: phoneSession }, stranger.token)).body.code).toBe(2546);

    const sessions = (
      await t.sql('SELECT id FROM sessions WHERE subject_id = $1 AND revoked_at IS NULL ORDER BY id', [
        list.body.data.list[0].id ? (await get('/api/user/info', token)).body.data.userinfo.id : 0,
      ])
    ).rows.map((r) => Number(r.id));
    const phoneId = sessions[1]!; // the second login
    expect((await postJson('/api/user/sessions/revoke', { id: phoneId }, token)).body.code).toBe(1);
    // The other instance hears of it by pg_notify, delivered at commit: milliseconds, a little more on a busy machine.
    const codeOn = async (tok: string, app: typeof other) => (await get('/api/user/info', tok, app)).body.code;
    await expect.poll(() => codeOn(phone, other), { timeout: 2_000, interval: 20 }).toBe(1000);
    expect((await get('/api/user/info', phone)).body.code).toBe(1000);
    expect((await postJson('/api/user/sessions/revoke', { id: phoneId }, token)).body.code).toBe(2546);

    expect((await get('/api/user/info', third, other)).body.code).toBe(1);
    expect((await postJson('/api/user/sessions/revoke_others', {}, token)).body.code).toBe(1);
    await expect.poll(() => codeOn(third, other), { timeout: 2_000, interval: 20 }).toBe(1000);
    expect((await get('/api/user/info', token, other)).body.code).toBe(1);
    expect((await get('/api/user/sessions', token)).body.data.list).toHaveLength(1);
  });

  it('records sign-ins and security events, newest first', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    await login(mobile, password);
    await postJson('/api/user/sessions/revoke_others', {}, token);
    const res = await get('/api/user/security_events', token);
    expect(res.body.data.list.map((e: { kind: string }) => e.kind)).toEqual(['others_signed_out', 'login', 'register']);
    expect(res.body.data).toMatchObject({ total: 3, page_size: 20 });
    expect(res.body.data.list[1]).toMatchObject({ device: 'Chrome · Windows', place: 'private' });
  });
});

/** Income for a musician: `fen` of available balance. */
function income(key: string, userId: number, fen: bigint) {
  return post(t.deps.database.db, {
    key,
    kind: 'import',
    entries: [debit({ kind: 'receivable', platform: 'spotify' }, fen), credit({ kind: 'available', userId }, fen)],
  });
}
function paidOut(key: string, userId: number, fen: bigint) {
  return post(t.deps.database.db, {
    key,
    kind: 'adjustment',
    entries: [debit({ kind: 'available', userId }, fen), credit({ kind: 'receivable', platform: 'spotify' }, fen)],
  });
}

describe('leaving', () => {
  it('is refused with the reason while money is owed or works are live, then requested, and a login cancels it', async () => {
    const { mobile, password, token, userinfo } = await registerUser(t, {}, nextIp());
    const id = userinfo.id as number;
    await income(`leave-${id}`, id, 1234n);
    const live = await insertWork(t, id, { status: '991', title: '上线作品' });

    const check = await get('/api/user/logoutaccount', token);
    expect(check.body.data).toMatchObject({
      blockers: [
        { kind: 'balance', amount: '1234' },
        { kind: 'live_works', amount: '1' },
      ],
      deletion: null,
      cooling_off_days: 15,
    });
    const code = await sendCode(mobile, 'logoutaccount', token);
    const refused = await postJson('/api/user/logoutaccount', { code }, token);
    expect(refused.body.code).toBe(2548);
    expect(refused.body.data.blockers).toHaveLength(2);

    await paidOut(`leave-out-${id}`, id, 1234n);
    expect((await postJson('/api/user/logoutaccount', { code }, token)).body.code).toBe(2551);
    await t.sql(`UPDATE works SET status = '992' WHERE id = $1`, [live.id]);
    expect((await get('/api/user/logoutaccount', token)).body.data.blockers).toEqual([]);

    expect((await postJson('/api/user/logoutaccount', { code: '000000' }, token)).body.code).toBe(2010);
    const fresh = await sendCode(mobile, 'logoutaccount', token);
    const res = await postJson('/api/user/logoutaccount', { code: fresh }, token);
    expect(res.body.code).toBe(1);
    const eraseAt = new Date(res.body.data.deletion.erase_at).getTime();
    expect(eraseAt - Date.now()).toBeGreaterThan(14.9 * 86_400_000);
    expect((await get('/api/user/info', token)).body.code).toBe(1000);
    const job = await t.sql(`SELECT key, run_at FROM graphile_worker.jobs WHERE key = $1`, [`account:erase:${id}`]);
    expect(job.rows).toHaveLength(1);

    const back = await login(mobile, password);
    expect(back.body.code).toBe(1);
    expect(back.body.data.deletion_cancelled).toBe(true);
    const again = back.body.data.userinfo.token as string;
    expect((await get('/api/user/profile', again)).body.data.deletion).toBeNull();
    const rows = await t.sql('SELECT state, end_reason FROM account_deletions WHERE user_id = $1', [id]);
    expect(rows.rows).toEqual([{ state: 'cancelled', end_reason: 'login' }]);
    // The erase job, if it runs, changes nothing.
    const { rows: d } = await t.sql('SELECT id FROM account_deletions WHERE user_id = $1', [id]);
    expect(await eraseAccount(t.deps, Number(d[0].id), new Date(Date.now() + 20 * 86_400_000))).toBe('skipped');
    expect((await login(mobile, password)).body.data.deletion_cancelled).toBe(false);
  });

  it('erases after the cooling-off: only what the law needs stays, without the person; a rerun changes nothing', async () => {
    const { mobile, token, userinfo } = await registerUser(t, { nickname: '将离开的人' }, nextIp());
    const id = userinfo.id as number;
    await postJson('/api/user/profile', { nickname: '将离开的人', bio: '再见', artist_names: ['离人'] }, token);
    const key = await uploadImage(token, 64, 64);
    // A signed work, taken down (kept with its letter), and a draft (erased); money that came and went (kept).
    const signed = await insertWork(t, id, { status: '992', title: '签过的歌' });
    await t.sql(
      `INSERT INTO work_authorizations (work_id, user_id, ip, agreement_version, wc_statement, pdf_key, terms)
       VALUES ($1, $2, '10.0.0.1', 'v1', 1, $3, '{}')`,
      [signed.id, id, `users/${id}/letters/1.pdf`],
    );
    const draft = await insertWork(t, id, { status: '00', title: '草稿' });
    await income(`erase-${id}`, id, 500n);
    await paidOut(`erase-out-${id}`, id, 500n);
    await postJson('/api/workorder/create', { type: 1, title: '问题', content: '一个问题的描述文字' }, token);
    await t.sql(`INSERT INTO problem_feedback (type, content, mobile, user_id) VALUES (1, '反馈内容很长', $1, $2)`, [
      mobile,
      id,
    ]);

    // Identity papers and a bank card (issues 10 and 12): the papers go, the card stays without the person.
    await t.sql(
      `INSERT INTO identity_profiles (user_id, kind, real_name, id_cipher, id_masked, birth_date, state, consent_pdf_key)
       VALUES ($1, 'adult', '离人', '\\x00', '1****************X', '1990-01-01', 'verified', $2)`,
      [id, `users/${id}/identity/consent.pdf`],
    );
    await t.deps.storage.put(`users/${id}/identity/consent.pdf`, Buffer.from('%PDF-1.4 consent'), 'application/pdf');
    await t.sql(`INSERT INTO identity_attempts (user_id, token, provider, subject) VALUES ($1, $2, 'dev', 'adult')`, [
      id,
      `erase-attempt-${id}`,
    ]);
    await t.sql(
      `INSERT INTO bank_cards (user_id, bank_code, card_cipher, last4, holder_name, holder_kind, reserved_mobile)
       VALUES ($1, (SELECT code FROM bank_types LIMIT 1), 'sealed-card', '1234', '离人', 'person', $2)`,
      [id, mobile],
    );

    const code = await sendCode(mobile, 'logoutaccount', token);
    expect((await postJson('/api/user/logoutaccount', { code }, token)).body.code).toBe(1);
    // Not yet due: the job does nothing before the cooling-off ends.
    const { rows: d } = await t.sql('SELECT id FROM account_deletions WHERE user_id = $1', [id]);
    const deletionId = Number(d[0].id);
    expect(await eraseAccount(t.deps, deletionId)).toBe('skipped');
    await t.sql(`UPDATE account_deletions SET erase_at = now() - interval '1 second' WHERE id = $1`, [deletionId]);
    await t.sql(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1`, [`account:erase:${id}`]);
    const ran = await t.runJobs();
    expect(ran.failed).toBe(0);

    const user = (await t.sql('SELECT * FROM users WHERE id = $1', [id])).rows[0];
    expect(user).toMatchObject({
      mobile: `erased-${id}`,
      nickname: '已注销用户',
      avatar: '',
      bio: '',
      artist_names: [],
      real_name: '',
      disabled: true,
    });
    expect(user.erased_at).not.toBeNull();
    const count = async (sql: string) => Number((await t.sql(sql, [id])).rows[0].n);
    expect(await count('SELECT count(*) n FROM works WHERE user_id = $1')).toBe(1);
    expect((await t.sql('SELECT id FROM works WHERE user_id = $1', [id])).rows[0].id).toBe(signed.id);
    expect(await count('SELECT count(*) n FROM works WHERE id = $1 AND false OR id = ' + draft.id)).toBe(0);
    expect(await count('SELECT count(*) n FROM work_authorizations WHERE user_id = $1')).toBe(1);
    expect(await count(`SELECT count(*) n FROM ledger_accounts WHERE user_id = $1`)).toBeGreaterThan(0);
    for (const table of [
      'sessions WHERE subject_id = $1',
      'messages WHERE user_id = $1',
      'work_orders WHERE user_id = $1',
      'account_events WHERE user_id = $1',
      'account_exports WHERE user_id = $1',
      'problem_feedback WHERE user_id = $1',
    ]) {
      expect(await count(`SELECT count(*) n FROM ${table}`), table).toBe(0);
    }
    expect(await count(`SELECT count(*) n FROM user_files WHERE user_id = $1 AND key = '${key}'`)).toBe(0);
    expect(await count('SELECT count(*) n FROM identity_profiles WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*) n FROM identity_attempts WHERE user_id = $1')).toBe(0);
    expect(await t.deps.storage.stat(`users/${id}/identity/consent.pdf`)).toBeNull();
    expect((await t.sql('SELECT * FROM bank_cards WHERE user_id = $1', [id])).rows[0]).toMatchObject({
      card_cipher: '',
      holder_name: '',
      reserved_mobile: null,
      last4: '1234',
      active: false,
    });
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    expect(
      (await t.sql('SELECT mobile FROM problem_feedback WHERE content = $1', ['反馈内容很长'])).rows[0].mobile,
    ).toBe('');
    expect((await t.sql('SELECT state FROM account_deletions WHERE id = $1', [deletionId])).rows[0].state).toBe(
      'erased',
    );
    // The number is free again, and the old login leads nowhere.
    expect((await login(mobile, 'Secret123')).body.code).toBe(2023);
    expect(await eraseAccount(t.deps, deletionId, new Date(Date.now() + 86_400_000))).toBe('skipped');
    await t.sql('DELETE FROM rate_log WHERE key LIKE $1', [`sms:m:${mobile}|%`]);
    await registerUser(t, { mobile }, nextIp());
  });

  it('stops at erasure time when money arrived during the cooling-off', async () => {
    const { mobile, token, userinfo } = await registerUser(t, {}, nextIp());
    const id = userinfo.id as number;
    const code = await sendCode(mobile, 'logoutaccount', token);
    expect((await postJson('/api/user/logoutaccount', { code }, token)).body.code).toBe(1);
    await income(`late-${id}`, id, 99n);
    const { rows } = await t.sql('SELECT id FROM account_deletions WHERE user_id = $1', [id]);
    expect(await eraseAccount(t.deps, Number(rows[0].id), new Date(Date.now() + 16 * 86_400_000))).toBe('blocked');
    expect((await t.sql('SELECT state, end_reason FROM account_deletions WHERE user_id = $1', [id])).rows[0]).toEqual({
      state: 'cancelled',
      end_reason: 'blocked:balance',
    });
    expect((await t.sql('SELECT mobile FROM users WHERE id = $1', [id])).rows[0].mobile).toBe(mobile);
  });

  it('a second request while one is pending is refused', async () => {
    const { mobile, password, token } = await registerUser(t, {}, nextIp());
    const code = await sendCode(mobile, 'logoutaccount', token);
    // The same code sent 30 times at once: it is used once, so one request is made.
    const results = await Promise.all(
      Array.from({ length: 30 }, () => postJson('/api/user/logoutaccount', { code }, token)),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    const id = (await t.sql('SELECT id FROM users WHERE mobile = $1', [mobile])).rows[0].id;
    expect((await t.sql(`SELECT count(*) n FROM account_deletions WHERE user_id = $1`, [id])).rows[0].n).toBe(1);
    void password;
  });
});

describe('the data export', () => {
  it('builds one JSON file at a time, private, behind a short-lived signed link', async () => {
    const { token, userinfo } = await registerUser(t, { nickname: '导出者' }, nextIp());
    await postJson('/api/user/profile', { nickname: '导出者', bio: '我的简介', artist_names: ['导出者乐队'] }, token);
    await insertWork(t, userinfo.id, { status: '00', title: '导出的歌' });
    expect((await get('/api/user/export', token)).body.data.export).toBeNull();
    const burst = await Promise.all(Array.from({ length: 20 }, () => postJson('/api/user/export', {}, token)));
    expect(
      burst.filter((r) => r.body.code === 1),
      JSON.stringify(burst.map((r) => r.body)),
    ).toHaveLength(1);
    expect(
      burst.filter((r) => r.body.code === 2553),
      JSON.stringify(burst.filter((r) => r.body.code !== 2553).map((r) => r.body)),
    ).toHaveLength(19);
    expect((await get('/api/user/export', token)).body.data.export).toMatchObject({ state: 'pending', url: null });
    await t.runJobs();
    const ready = (await get('/api/user/export', token)).body.data.export;
    expect(ready.state).toBe('ready');
    const url = new URL(ready.url, 'http://x');
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    const data = JSON.parse(file.body);
    expect(data.profile).toMatchObject({ nickname: '导出者', bio: '我的简介', artist_names: ['导出者乐队'] });
    expect(data.works.map((w: { title: string }) => w.title)).toEqual(['导出的歌']);
    expect(data.messages.length).toBeGreaterThan(0);
    expect(data.security_events.length).toBeGreaterThan(0);
    // Without the signature the file is not there.
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('the demo musician has a bio, artist names and past sign-ins and security events', async () => {
    const res = await login('13800138000', 'Trackline2026');
    const token = res.body.data.userinfo.token as string;
    const profile = (await get('/api/user/profile', token)).body.data;
    expect(profile.bio).not.toBe('');
    expect(profile.artist_names).toEqual(['夏夜晚风乐队', 'Summer Breeze']);
    const events = (await get('/api/user/security_events', token)).body.data.list.map((e: { kind: string }) => e.kind);
    expect(events).toEqual(['login', 'profile_updated', 'login', 'password_changed', 'login']);
  });
});
