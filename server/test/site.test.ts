import { agentInfoData } from '@trackline/contract/site';
import { DEFAULT_SITE_TITLE } from '@trackline/contract/site-defaults';
import { BLANK_AGENT } from '@trackline/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, freshMobile, staffLogin, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const adminToken = (app: TestApp) => staffLogin(app);

async function createAgent(app: TestApp, fields: Record<string, unknown>) {
  const res = await call(app.app, {
    method: 'POST',
    url: '/api/admin/agent/save',
    headers: { 'admin-token': await adminToken(app) },
    payload: { ...BLANK_AGENT, ...fields },
  });
  expect(res.body.code).toBe(1);
  return res.body.data.agent as { id: number; domain: string; site_title: string };
}

const agentInfo = (app: TestApp, query: string, headers: Record<string, string> = {}) =>
  call(app.app, { method: 'GET', url: `/api/agent/info${query}`, headers });

describe('GET /api/agent/info', () => {
  it('answers the localhost site in data.data with its title, logo, filing number, contact and QR images', async () => {
    const res = await agentInfo(t, '?domain=localhost&t=1');
    expect(res.body.code).toBe(1);
    expect(() => agentInfoData.strict().parse(res.body.data)).not.toThrow();
    const site = res.body.data.data;
    expect(site).toMatchObject({
      domain: 'localhost',
      site_title: DEFAULT_SITE_TITLE,
      company_name: '乐轨（北京）文化传媒有限公司',
      record_number: '京ICP备17000000号-1',
      record_url: 'https://beian.miit.gov.cn/',
      contact_phone: '400-800-2017',
    });
    expect(site.site_title).toBe('乐轨音乐');
    expect(typeof site.id).toBe('number');
    expect(site).not.toHaveProperty('is_default');

    for (const url of [site.site_logo, site.qr_ios, site.qr_android, site.qr_service, site.qr_wechat]) {
      expect(url).toMatch(/^\/files\//);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
    }
    const qr = await t.app.inject({ method: 'GET', url: site.qr_ios });
    expect(qr.headers['content-type']).toBe('image/png');
  });

  it('answers the default site for an unknown domain, and by the Host header when no domain is given', async () => {
    const home = (await agentInfo(t, '?domain=localhost')).body.data.data;
    const unknown = await agentInfo(t, '?domain=nobody-here.example.org');
    expect(unknown.body.data.data).toEqual(home);
    const byHost = await agentInfo(t, '', { host: 'localhost:3000' });
    expect(byHost.body.data.data).toEqual(home);
  });

  it('ignores the port, the case and a trailing dot of the domain', async () => {
    const agent = await createAgent(t, { domain: 'label.example.com', site_title: '星河音乐' });
    for (const domain of ['label.example.com', 'label.example.com:8443', 'LABEL.Example.com', 'label.example.com.']) {
      const res = await agentInfo(t, `?domain=${encodeURIComponent(domain)}`);
      expect(res.body.data.data.id, domain).toBe(agent.id);
      expect(res.body.data.data.site_title).toBe('星河音乐');
    }
    const byHost = await agentInfo(t, '', { host: 'label.example.com:3000' });
    expect(byHost.body.data.data.id).toBe(agent.id);
  });

  it('refuses an overlong domain with 2001', async () => {
    expect((await agentInfo(t, `?domain=${'a'.repeat(254)}`)).body.code).toBe(2001);
  });

  it('attaches a musician who registers on a site to that site, and welcomes them by its title', async () => {
    const agent = await createAgent(t, { domain: 'fans.example.net', site_title: '粉丝音乐' });
    const mobile = freshMobile();
    await call(t.app, {
      method: 'GET',
      url: `/api/sms/send?mobile=${mobile}&event=register`,
      remoteAddress: '10.70.0.9',
    });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/user/register',
      headers: { host: 'fans.example.net' },
      payload: { mobile, code: t.lastSmsCode(mobile, 'register'), password: 'Secret123', group_id: 1 },
      remoteAddress: '10.70.0.9',
    });
    expect(res.body.code).toBe(1);
    const { rows } = await t.sql(
      'SELECT u.agent_id, m.title FROM users u JOIN messages m ON m.user_id = u.id WHERE u.mobile = $1',
      [mobile],
    );
    expect(Number(rows[0].agent_id)).toBe(agent.id);
    expect(rows[0].title).toBe('欢迎加入粉丝音乐');
  });
});

describe('AGENT_DOMAIN_ALIASES', () => {
  let aliased: TestApp;
  beforeAll(async () => {
    aliased = await createTestApp({ AGENT_DOMAIN_ALIASES: 'localhost=music.example.com' });
  });
  afterAll(async () => {
    await aliased?.close();
  });

  it('answers the aliased domain’s site for a development hostname once that site exists', async () => {
    const before = await agentInfo(aliased, '?domain=localhost');
    expect(before.body.data.data.domain).toBe('localhost');

    const agent = await createAgent(aliased, { domain: 'music.example.com', site_title: '正式站' });
    const after = await agentInfo(aliased, '?domain=localhost');
    expect(after.body.data.data).toMatchObject({ id: agent.id, domain: 'music.example.com', site_title: '正式站' });
    expect((await agentInfo(aliased, '?domain=localhost:5173')).body.data.data.id).toBe(agent.id);
    expect((await agentInfo(aliased, '', { host: 'localhost:3000' })).body.data.data.id).toBe(agent.id);
  });
});
