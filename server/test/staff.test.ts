import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(90);

const asStaff = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, { method, url, payload, headers: { 'admin-token': token } });

let nameSeq = 0;
async function createMember(roles: string[], password = 'Member2026x') {
  const username = `member${process.pid}_${++nameSeq}`;
  const res = await asStaff(admin, 'POST', '/api/admin/staff/create', {
    username,
    name: `Member ${nameSeq}`,
    password,
    roles,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return { ...(res.body.data.staff as { id: number; username: string }), password };
}

describe('staff login', () => {
  it('logs the admin in with an HttpOnly admin_token cookie and never shows the password hash', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'Admin', password: ADMIN_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data.staff).toMatchObject({ username: 'admin', roles: ['admin'], disabled: false });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'admin_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'token')).toBeUndefined();

    const me = await call(t.app, { method: 'GET', url: '/api/admin/auth/me', cookies: { admin_token: cookie!.value } });
    expect(me.body.data.staff.username).toBe('admin');
  });

  it('refuses a wrong password with 2023', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: 'Wrong12345' },
      remoteAddress: nextIp(),
    });
    expect(res.body).toMatchObject({ code: 2023, data: { captcha_required: false } });
  });

  it('keeps musicians and staff apart: neither token opens the other side', async () => {
    const { token } = await registerUser(t, {}, nextIp());
    expect((await asStaff(token, 'GET', '/api/admin/auth/me')).body.code).toBe(1000);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/auth/me', headers: { token } })).body.code).toBe(1000);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/staff/list', cookies: { token } })).body.code).toBe(
      1000,
    );

    expect((await call(t.app, { method: 'GET', url: '/api/user/info', headers: { token: admin } })).body.code).toBe(
      1000,
    );
    expect((await call(t.app, { method: 'GET', url: '/api/user/info', cookies: { token: admin } })).body.code).toBe(
      1000,
    );
    expect((await call(t.app, { method: 'GET', url: '/api/admin/staff/list' })).body.code).toBe(1000);
  });

  it('logs out: the token stops working', async () => {
    const token = await staffLogin(t, 'admin', ADMIN_PASSWORD);
    expect((await asStaff(token, 'GET', '/api/admin/auth/logout')).body.code).toBe(1);
    expect((await asStaff(token, 'GET', '/api/admin/auth/me')).body.code).toBe(1000);
    expect((await asStaff(admin, 'GET', '/api/admin/auth/me')).body.code).toBe(1);
  });

  it('refuses a cookie-authenticated change coming from another site (2041) and changes nothing', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      cookies: { admin_token: admin },
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { username: 'forged', name: 'Forged', password: 'Forged2026x', roles: ['admin'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(2041);
    const list = await asStaff(admin, 'GET', '/api/admin/staff/list');
    expect(list.body.data.list.map((s: { username: string }) => s.username)).not.toContain('forged');
  });
});

describe('staff management (admins only)', () => {
  it('creates a member who can log in, and lists them', async () => {
    const member = await createMember(['editor', 'support', 'editor']);
    expect(member).toMatchObject({ roles: ['editor', 'support'], disabled: false });
    const token = await staffLogin(t, member.username, member.password);
    expect((await asStaff(token, 'GET', '/api/admin/auth/me')).body.data.staff.id).toBe(member.id);
    const list = await asStaff(admin, 'GET', '/api/admin/staff/list');
    expect(list.body.data.list.find((s: { id: number }) => s.id === member.id)).toMatchObject({
      username: member.username,
    });
    expect(JSON.stringify(list.body)).not.toContain('password');
  });

  it('answers 2040 to an editor calling an admin-only console call', async () => {
    const member = await createMember(['editor']);
    const token = await staffLogin(t, member.username, member.password);
    for (const url of ['/api/admin/staff/list', '/api/admin/agent/list']) {
      const res = await asStaff(token, 'GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body.code, url).toBe(2040);
    }
    const create = await asStaff(token, 'POST', '/api/admin/staff/create', {
      username: 'sneaky',
      name: 'S',
      password: 'Sneaky2026x',
      roles: ['admin'],
    });
    expect(create.body.code).toBe(2040);
    const promote = await asStaff(token, 'POST', '/api/admin/staff/update', { id: member.id, roles: ['admin'] });
    expect(promote.body.code).toBe(2040);
  });

  it('lets support staff read the sites for a broadcast but not change them', async () => {
    const member = await createMember(['support']);
    const token = await staffLogin(t, member.username, member.password);
    const list = await asStaff(token, 'GET', '/api/admin/agent/list');
    expect(list.body.code).toBe(1);
    expect(Array.isArray(list.body.data.list)).toBe(true);
    const save = await asStaff(token, 'POST', '/api/admin/agent/save', {
      ...BLANK_AGENT,
      domain: 'support-made.example.com',
      site_title: 'Support made',
    });
    expect(save.status).toBe(200);
    expect(save.body.code).toBe(2040);
  });

  it('refuses a taken username (2051, whatever the case), a weak password (2022) and a bad username (2001)', async () => {
    const member = await createMember(['finance']);
    const body = { name: 'Dup', password: 'Member2026x', roles: ['finance'] };
    expect(
      (await asStaff(admin, 'POST', '/api/admin/staff/create', { ...body, username: member.username })).body.code,
    ).toBe(2051);
    expect(
      (await asStaff(admin, 'POST', '/api/admin/staff/create', { ...body, username: member.username.toUpperCase() }))
        .body.code,
    ).toBe(2051);
    expect((await asStaff(admin, 'POST', '/api/admin/staff/create', { ...body, username: 'ADMIN' })).body.code).toBe(
      2051,
    );
    for (const password of ['short1', 'lettersonly', '123456789']) {
      expect(
        (await asStaff(admin, 'POST', '/api/admin/staff/create', { ...body, username: 'newbie1', password })).body.code,
      ).toBe(2022);
    }
    expect((await asStaff(admin, 'POST', '/api/admin/staff/create', { ...body, username: 'a b' })).body.code).toBe(
      2001,
    );
    expect(
      (await asStaff(admin, 'POST', '/api/admin/staff/create', { ...body, username: 'newbie2', roles: ['boss'] })).body
        .code,
    ).toBe(2001);
    expect(
      (await asStaff(admin, 'POST', '/api/admin/staff/update', { id: member.id, password: 'weak' })).body.code,
    ).toBe(2022);
  });

  it('updates name and roles, and a new password logs the member out everywhere', async () => {
    const member = await createMember(['support']);
    const token = await staffLogin(t, member.username, member.password);
    const renamed = await asStaff(admin, 'POST', '/api/admin/staff/update', {
      id: member.id,
      name: 'Renamed',
      roles: ['content'],
    });
    expect(renamed.body.data.staff).toMatchObject({ name: 'Renamed', roles: ['content'] });
    expect((await asStaff(token, 'GET', '/api/admin/auth/me')).body.data.staff.roles).toEqual(['content']);

    await asStaff(admin, 'POST', '/api/admin/staff/update', { id: member.id, password: 'Changed2026x' });
    expect((await asStaff(token, 'GET', '/api/admin/auth/me')).body.code).toBe(1000);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { username: member.username, password: member.password },
          remoteAddress: nextIp(),
        })
      ).body.code,
    ).toBe(2023);
    await staffLogin(t, member.username, 'Changed2026x');
    expect((await asStaff(admin, 'POST', '/api/admin/staff/update', { id: 999_999, name: 'Nobody' })).body.code).toBe(
      2044,
    );
  });

  it('disabling a member ends their sessions and refuses their login (2025)', async () => {
    const member = await createMember(['editor']);
    const token = await staffLogin(t, member.username, member.password);
    const res = await asStaff(admin, 'POST', '/api/admin/staff/update', { id: member.id, disabled: true });
    expect(res.body.data.staff.disabled).toBe(true);
    expect((await asStaff(token, 'GET', '/api/admin/auth/me')).body.code).toBe(1000);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: member.username, password: member.password },
      remoteAddress: nextIp(),
    });
    expect(again.body.code).toBe(2025);
  });

  it('never loses its last active admin (2052)', async () => {
    const { rows } = await t.sql("SELECT id FROM staff WHERE username = 'admin'");
    const adminId = Number(rows[0].id);
    const others = await t.sql(
      "SELECT count(*)::int AS n FROM staff WHERE 'admin' = ANY(roles) AND NOT disabled AND id <> $1",
      [adminId],
    );
    expect(others.rows[0].n).toBe(0);
    expect((await asStaff(admin, 'POST', '/api/admin/staff/update', { id: adminId, disabled: true })).body.code).toBe(
      2052,
    );
    expect(
      (await asStaff(admin, 'POST', '/api/admin/staff/update', { id: adminId, roles: ['editor'] })).body.code,
    ).toBe(2052);
    expect((await asStaff(admin, 'GET', '/api/admin/auth/me')).body.data.staff).toMatchObject({
      roles: ['admin'],
      disabled: false,
    });

    // With a second admin, the first may step down; the second is then the last one.
    const second = await createMember(['admin']);
    expect(
      (await asStaff(admin, 'POST', '/api/admin/staff/update', { id: adminId, roles: ['admin', 'finance'] })).body.code,
    ).toBe(1);
    const secondToken = await staffLogin(t, second.username, second.password);
    expect(
      (await asStaff(secondToken, 'POST', '/api/admin/staff/update', { id: second.id, disabled: true })).body.code,
    ).toBe(1);
    expect((await asStaff(admin, 'POST', '/api/admin/staff/update', { id: adminId, disabled: true })).body.code).toBe(
      2052,
    );
  });
});
