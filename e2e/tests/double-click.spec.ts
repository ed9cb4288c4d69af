import { createMusician, logInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test('a double click on 提交 makes one work order, and on 发送回复 one reply', async ({ page }) => {
  const musician = await createMusician('双击用户');
  const title = `双击测试 ${Date.now() % 100_000}`;
  await logInAs(page, musician.mobile);

  // Count what reaches the server: both clicks may send, but only one order may exist.
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/workorder/create')) creates.push(request.headers()['idempotency-key'] ?? '');
  });

  await page.goto('/gongdan/add');
  await page.getByRole('combobox', { name: '问题类型' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '账单问题' }).click();
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('问题描述').fill('双击提交按钮，只应生成一张工单。');
  await page.getByRole('button', { name: '提交', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/gongdan\/detail\?id=\d+$/);
  // Every request that went out for this action carried the same key.
  expect(creates.length).toBeGreaterThanOrEqual(1);
  expect(new Set(creates).size).toBe(1);
  expect(creates[0]).toMatch(/^[0-9a-f]{32}$/);

  const detailUrl = page.url();
  // The list counts replies, not the order's own text: a new order has none (it said "1 条回复").
  await page.goto('/gongdan/list');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('暂无回复');
  await page.goto(detailUrl);

  const main = page.getByRole('main');
  await page.getByLabel('回复内容').fill('补充一句：是三月的账单。');
  await page.getByRole('button', { name: '发送回复' }).dblclick();
  await expect(main.getByText('补充一句：是三月的账单。')).toHaveCount(1);
  await page.reload();
  await expect(main.getByText('补充一句：是三月的账单。')).toHaveCount(1);

  await page.goto('/gongdan/list');
  await expect(page.getByText(title)).toHaveCount(1);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('1 条回复');
});
