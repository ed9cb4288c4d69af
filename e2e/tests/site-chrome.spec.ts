import { expect, test } from '../support/fixtures';

test('the footer links to the help centre with the exact query parameters', async ({ page }) => {
  await page.goto('/guest/index');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '关于平台' })).toHaveAttribute(
    'href',
    '/help-center/index?id=3&type=2&tid=0',
  );
  await expect(footer.getByRole('link', { name: '平台协议' })).toHaveAttribute(
    'href',
    '/help-center/index?id=5&type=2&tid=0',
  );
  await expect(footer.getByRole('link', { name: '内容准入' })).toHaveAttribute(
    'href',
    '/help-center/index?id=6&type=2&tid=0',
  );
  await expect(footer.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', '/help-center/index');
  const year = new Date().getFullYear();
  await expect(footer).toContainText(`2017-${year}`);
  await expect(footer).toContainText('乐轨（北京）文化传媒有限公司');
  await expect(footer.getByRole('link', { name: '京ICP备17000000号-1' })).toHaveAttribute(
    'href',
    'https://beian.miit.gov.cn/',
  );
  await expect(footer.getByText('维护中').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '在线问答' })).toHaveAttribute('href', '/help-center/q-a');

  // A footer link is a route visitors may open (the help centre itself arrives with the content issue).
  await footer.getByRole('link', { name: '关于平台' }).click();
  await expect(page).toHaveURL(/\/help-center\/index\?id=3&type=2&tid=0$/);
});

test('a visitor switches to English and the choice is remembered', async ({ page }) => {
  await page.goto('/guest/index');
  await page.getByRole('button', { name: 'English' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Digital distribution' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in - 乐轨音乐');
  // The server answers in the chosen language too.
  await page.getByLabel('Mobile number', { exact: true }).fill('13800138000');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password-9');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Wrong account or password')).toBeVisible();
  await page.getByRole('button', { name: '中文' }).waitFor({ state: 'attached' });
});

test('an English browser gets English on its first visit, until the visitor chooses', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/guest/index');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    // The visitor's own choice wins over the browser's from then on.
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  } finally {
    await context.close();
  }
});
