import { createMusician, createSite, logInAs } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

test("a staff broadcast to a site reaches its two musicians; reading it lowers each one's bell on its own", async ({
  page,
  browser,
}) => {
  // The journey's own site: a broadcast to everyone would also light the bells that journeys running beside it count.
  const site = await createSite(`广播站点 ${Date.now() % 100_000}`);
  const a = await createMusician('广播听众甲', site.id);
  const b = await createMusician('广播听众乙', site.id);
  const title = `平台维护通知 ${Date.now() % 100_000}`;

  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('menuitem', { name: '消息广播' }).click();
  await page.getByRole('button', { name: '发送广播' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '指定站点' }).check();
  await dialog.getByLabel('站点', { exact: true }).fill(site.title);
  await dialog.getByLabel('站点', { exact: true }).press('Enter');
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('内容').fill('本周六凌晨 2:00–4:00 系统维护，期间暂停作品提交。');
  await dialog.getByRole('button', { name: '发送' }).click();
  await page
    .getByRole('button', { name: /确\s*定|OK/ })
    .last()
    .click();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

  const contextA = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const contextB = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    await logInAs(pageA, a.mobile);
    await logInAs(pageB, b.mobile);
    const bellA = pageA.getByRole('banner').getByRole('link', { name: /系统消息/ });
    const bellB = pageB.getByRole('banner').getByRole('link', { name: /系统消息/ });
    await expect(bellA).toContainText('1');
    await expect(bellB).toContainText('1');

    await bellA.click();
    await expect(pageA).toHaveURL(/\/system-message$/);
    await pageA.getByRole('button', { name: new RegExp(title) }).click();
    await expect(pageA.getByText('本周六凌晨 2:00–4:00 系统维护')).toBeVisible();
    await expect(bellA).not.toContainText('1');

    await pageB.reload();
    await expect(bellB).toContainText('1');
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
