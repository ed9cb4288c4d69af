import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, staffLogin, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t);
});
afterAll(async () => {
  await t?.close();
});

const save = (payload: Record<string, unknown>, token = admin) =>
  call(t.app, {
    method: 'POST',
    url: '/api/admin/agent/save',
    headers: { 'admin-token': token },
    payload: { ...BLANK_AGENT, ...payload },
  });

const siteFor = async (domain: string) =>
  (await call(t.app, { method: 'GET', url: `/api/agent/info?domain=${encodeURIComponent(domain)}` })).body.data.data;

describe('site configuration in the console', () => {
  it('creates a site for a new domain and updates it; /api/agent/info shows the change', async () => {
    const created = await save({ domain: 'Indie.Example.com', site_title: '独立音乐', company_name: '独立唱片' });
    expect(created.body.code).toBe(1);
    expect(created.body.msg).toBe('保存成功');
    const agent = created.body.data.agent;
    expect(agent).toMatchObject({ domain: 'indie.example.com', site_title: '独立音乐', company_name: '独立唱片' });
    expect(agent).not.toHaveProperty('is_default');
    expect((await siteFor('indie.example.com')).site_title).toBe('独立音乐');

    const updated = await save({
      id: agent.id,
      domain: 'indie.example.com',
      site_title: '独立音乐平台',
      contact_phone: '400-1',
    });
    expect(updated.body.data.agent).toMatchObject({ id: agent.id, site_title: '独立音乐平台', contact_phone: '400-1' });
    expect(await siteFor('indie.example.com')).toMatchObject({
      id: agent.id,
      site_title: '独立音乐平台',
      contact_phone: '400-1',
    });

    const list = await call(t.app, { method: 'GET', url: '/api/admin/agent/list', headers: { 'admin-token': admin } });
    const domains = list.body.data.list.map((a: { domain: string }) => a.domain);
    expect(domains).toEqual(expect.arrayContaining(['localhost', 'indie.example.com']));
  });

  it('moves a site to a new domain: the old domain falls back to the default site', async () => {
    const agent = (await save({ domain: 'old.example.com', site_title: '旧站' })).body.data.agent;
    await save({ id: agent.id, domain: 'new.example.com', site_title: '旧站' });
    expect((await siteFor('new.example.com')).id).toBe(agent.id);
    expect((await siteFor('old.example.com')).domain).toBe('localhost');
  });

  it('refuses a domain another site uses (2050)', async () => {
    const taken = await save({ domain: 'localhost', site_title: '冒名' });
    expect(taken.body).toMatchObject({ code: 2050, msg: '该域名已被其他站点使用' });
    const other = (await save({ domain: 'second.example.com', site_title: '二号' })).body.data.agent;
    expect((await save({ id: other.id, domain: 'LOCALHOST', site_title: '二号' })).body.code).toBe(2050);
    expect((await siteFor('localhost')).site_title).toBe('乐轨音乐');
  });

  it('stores a domain the way visitors are looked up: without a port', async () => {
    const saved = await save({ domain: 'ported.example.com:8443', site_title: '端口站' });
    expect(saved.body.code).toBe(1);
    expect(saved.body.data.agent.domain).toBe('ported.example.com');
    expect((await siteFor('ported.example.com:8443')).site_title).toBe('端口站');
    expect((await save({ domain: 'localhost:3000', site_title: '冒名' })).body.code).toBe(2050);
  });

  it('refuses an invalid domain or a missing title with 2001', async () => {
    for (const domain of ['not a domain', 'http://x.example.com', '-bad.example.com', 'a..b', '']) {
      const res = await save({ domain, site_title: '坏域名' });
      expect(res.body.code, domain).toBe(2001);
      expect(res.body.data.fields).toContain('domain');
    }
    expect((await save({ domain: 'ok.example.com', site_title: '' })).body.code).toBe(2001);
  });

  it('answers 2044 for a site that does not exist', async () => {
    expect((await save({ id: 999_999, domain: 'ghost.example.com', site_title: '幽灵' })).body.code).toBe(2044);
  });

  it('is for admins only', async () => {
    expect((await save({ domain: 'anon.example.com', site_title: '匿名' }, 'x'.repeat(43))).body.code).toBe(1000);
    const { rows } = await t.sql('SELECT 1 FROM agents WHERE domain = $1', ['anon.example.com']);
    expect(rows).toHaveLength(0);
  });
});
