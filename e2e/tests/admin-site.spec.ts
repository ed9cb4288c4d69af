import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

// Chromium resolves every *.localhost name to this machine, so a site of its own can be visited without
// touching the default site the other journeys see.
const domain = `studio${Date.now() % 100_000}.localhost`;

test('a staff admin edits a site title in /admin and the public header shows it', async ({ page, request }) => {
  const port = new URL(test.info().project.use.baseURL!).port;
  // Set-up through the API: a second site for our own domain.
  const login = await (
    await request.post('/api/admin/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })
  ).json();
  expect(login.code).toBe(1);
  const empty = {
    site_logo: '',
    company_name: '星河唱片',
    record_number: '',
    record_url: '',
    contact_phone: '',
    contact_email: '',
    contact_address: '',
    qr_ios: '',
    qr_android: '',
    qr_service: '',
    qr_wechat: '',
  };
  const created = await (
    await request.post('/api/admin/agent/save', { data: { domain, site_title: '星河音乐', ...empty } })
  ).json();
  expect(created.code).toBe(1);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await page.getByRole('menuitem', { name: '站点管理' }).click();
  const row = page.getByRole('row').filter({ hasText: domain });
  await row.getByRole('button', { name: '编辑' }).click();
  const title = page.getByLabel('站点标题');
  await title.fill('星河音乐工作室');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('row').filter({ hasText: domain })).toContainText('星河音乐工作室');

  await page.goto(`http://${domain}:${port}/guest/index`);
  await expect(page.getByRole('banner')).toContainText('星河音乐工作室');
  await expect(page).toHaveTitle(/星河音乐工作室$/);
});
