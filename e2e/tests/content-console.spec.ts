import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

test('a content editor writes news with bold text in /admin: a draft stays hidden, published it reads on the site', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now() % 100_000;
  const username = `content${suffix}`;
  const password = 'Content2026x';
  const title = `新版结算说明 ${suffix}`;

  // Set-up through the API: a staff member with the content role only.
  const login = await request.post('/api/admin/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect((await login.json()).code).toBe(1);
  const created = await request.post('/api/admin/staff/create', {
    data: { username, name: '内容编辑', password, roles: ['content'] },
  });
  expect((await created.json()).code).toBe(1);

  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('menuitem', { name: '内容管理' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();

  await page.getByRole('button', { name: '新建新闻' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/news\/new$/);
  await page.getByRole('combobox', { name: '分类' }).click();
  await page.locator('.ant-select-item-option', { hasText: '平台公告' }).click();
  const chinese = page.getByRole('tabpanel', { name: '中文' });
  await chinese.getByLabel('标题', { exact: true }).fill(title);
  await chinese.getByLabel('摘要', { exact: true }).fill('结算周期调整为每月 15 日。');

  // The body in the rich-text editor: plain text, then bold through the toolbar.
  const body = chinese.getByRole('textbox', { name: '正文（中文）' });
  await body.click();
  await body.pressSequentially('自下月起，');
  const toolbar = chinese.getByRole('toolbar', { name: '正文（中文）格式工具栏' });
  const bold = toolbar.getByRole('button', { name: '粗体' });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await body.pressSequentially('结算日改为每月15日');
  await bold.click();
  await body.pressSequentially('，请留意。');
  await expect(body.locator('strong')).toHaveText('结算日改为每月15日');
  // The toolbar is one tab stop; arrow keys and End move within it.
  await bold.focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: '斜体' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: '重做' })).toBeFocused();

  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/news\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText('草稿', { exact: true })).toBeVisible();

  const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/advisory/index');
    await expect(visitor.getByRole('heading', { name: '乐轨音乐新版发行后台上线' })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);

    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect(page.getByText('已发布', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '在网站查看' })).toHaveAttribute('href', `/advisory/detail?id=${id}`);

    await visitor.goto('/advisory/index');
    await expect(visitor.getByText(title)).toBeVisible();
    await visitor.goto(`/advisory/detail?id=${id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.locator('strong', { hasText: '结算日改为每月15日' })).toBeVisible();
    await expect(visitor.getByText('自下月起，')).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});
