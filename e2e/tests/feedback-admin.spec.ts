import type { Locator, Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, freshMobile, test } from '../support/fixtures';

/**
 * Picks an option of a labelled antd select inside `scope`: the select box is clicked (its shown value covers
 * the input), then the option in the open popup, which antd renders outside the form; the choice must show.
 */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.locator('.ant-select').filter({ has: page.getByLabel(label) });
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
  await expect(select.locator('.ant-select-selection-item')).toHaveText(option);
}

test('feedback a visitor sends reaches the support list, where staff close it after confirming', async ({
  page,
  browser,
}) => {
  // Unique text, so the row is ours even with other journeys' feedback in the same database.
  const text = `提现一直显示处理中，单号 TX${Date.now() % 1_000_000}，请帮忙查看。`;
  const mobile = freshMobile();

  // A visitor, through the public form.
  await page.goto('/guest/q-a');
  const form = page.getByRole('region', { name: '问题反馈' });
  await choose(page, form, '问题类型', '提现问题');
  await form.getByLabel('问题描述').fill(text);
  await form.getByLabel('联系手机').fill(mobile);
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('提交成功，我们会尽快处理')).toBeVisible();

  // Staff, in a browser of their own.
  const staff = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    // An address of its own, as the fixture gives the visitor, so per-IP limits do not couple the journeys.
    extraHTTPHeaders: {
      'x-forwarded-for': `10.251.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    },
  });
  try {
    const desk = await staff.newPage();
    await desk.goto('/admin/login');
    await desk.getByLabel('用户名').fill('admin');
    await desk.getByLabel('密码').fill(ADMIN_PASSWORD);
    await desk.getByRole('button', { name: '登录', exact: true }).click();
    await desk.getByRole('menuitem', { name: '问题反馈' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: '问题反馈' })).toBeVisible();
    // The list opens on the open items.
    const filters = desk.getByRole('search', { name: '筛选反馈' });
    await expect(filters.locator('.ant-select-selection-item').first()).toHaveText('待处理');

    await choose(desk, filters, '问题类型', '提现问题');
    await expect(desk).toHaveURL(/\/admin\/feedback\?type=8$/);
    const row = desk.getByRole('row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await expect(row).toContainText('提现问题');
    await expect(row).toContainText(mobile);
    await expect(row).toContainText('待处理');
    // Every row of the filtered list is of that type (once the previous rows, kept while loading, are gone).
    await expect(desk.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
    const typeCells = desk.locator('tbody tr.ant-table-row td:nth-child(2)');
    for (const cell of await typeCells.all()) await expect(cell).toHaveText('提现问题');

    // Closing asks first; cancelling keeps it open.
    await row.getByRole('button', { name: '关闭' }).click();
    const confirm = desk.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText('确认关闭这条反馈？');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(row).toContainText('待处理');

    await row.getByRole('button', { name: '关闭' }).click();
    await desk
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(desk.locator('.ant-message')).toContainText('已关闭');
    // It leaves the open list...
    await expect(desk.getByRole('row').filter({ hasText: text })).toHaveCount(0);

    // ...and shows under the closed ones, with no close action left.
    await choose(desk, filters, '状态', '已关闭');
    await expect(desk).toHaveURL(/\/admin\/feedback\?status=closed&type=8$/);
    const closed = desk.getByRole('row').filter({ hasText: text });
    await expect(closed).toContainText('已关闭');
    await expect(closed).toContainText('关闭于');
    await expect(closed.getByRole('button', { name: '关闭' })).toHaveCount(0);

    // The address keeps the filter: a reload shows the same list.
    await desk.reload();
    await expect(desk.getByRole('row').filter({ hasText: text })).toContainText('已关闭');
  } finally {
    await staff.close();
  }
});
