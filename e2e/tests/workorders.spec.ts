import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { png } from '../../server/test/files';
import { createMusician, logInAs } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

async function staffLogIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

test('a musician raises a work order with a screenshot, support answers in /admin, the bell and a reply follow', async ({
  page,
  browser,
}) => {
  const musician = await createMusician('工单用户');
  const title = `三月账单缺少一笔收入 ${Date.now() % 100_000}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'trackline-e2e-upload-'));
  const screenshot = path.join(dir, 'bill-screenshot.png');
  await writeFile(screenshot, png(4096));

  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    // The musician opens a work order from the header's link, with an attachment.
    await logInAs(page, musician.mobile);
    const bell = page.getByRole('banner').getByRole('link', { name: /系统消息/ });
    await expect(bell).toBeVisible();
    await expect(bell).not.toContainText('1');
    await page.getByRole('banner').getByRole('link', { name: '工单' }).click();
    await expect(page).toHaveURL(/\/gongdan\/list$/);
    await expect(page.getByText('你还没有提交过工单')).toBeVisible();
    await page.getByRole('link', { name: '遇到问题？提交一个工单' }).click();
    await expect(page).toHaveURL(/\/gongdan\/add$/);

    // Validation before sending: nothing filled in.
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page.getByRole('combobox', { name: '问题类型' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('标题')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: '请填写标题' })).toBeVisible();

    await page.getByRole('combobox', { name: '问题类型' }).click();
    // antd renders the visible options apart from its (virtual) accessible listbox.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '账单问题' }).click();
    await page.getByLabel('标题').fill(title);
    await page.getByLabel('问题描述').fill('三月十二日 QQ音乐的一笔收入没有出现在账单里，截图附上。');
    await page.getByLabel('附件').setInputFiles(screenshot);
    // Uploaded: the item becomes a link to the stored file.
    await expect(page.getByRole('link', { name: 'bill-screenshot.png' })).toBeVisible();
    await page.getByRole('button', { name: '提交', exact: true }).click();

    await expect(page).toHaveURL(/\/gongdan\/detail\?id=\d+$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: title })).toBeVisible();
    await expect(main.getByText('待处理', { exact: true })).toBeVisible();
    const attachment = main.getByRole('link', { name: /bill-screenshot\.png/ });
    // A private file: a signed link that expires, which serves it; its raw URL serves nothing.
    await expect(attachment).toHaveAttribute(
      'href',
      /^\/files\/users\/\d+\/uploads\/.+\.png\?exp=\d+&sig=[0-9a-f]{64}$/,
    );
    const href = (await attachment.getAttribute('href'))!;
    expect((await page.request.get(href)).status()).toBe(200);
    expect((await page.request.get(href.split('?')[0]!)).status()).toBe(404);

    // Support (the admin passes every role) answers in the console.
    const staff = await staffContext.newPage();
    await staffLogIn(staff);
    await staff.getByRole('menuitem', { name: '工单' }).click();
    await expect(staff).toHaveURL(/\/admin\/workorders$/);
    const row = staff.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('待处理');
    await expect(row).toContainText('未指派');
    await row.getByRole('button', { name: title }).click();
    const drawer = staff.getByRole('dialog');
    const staffLink = drawer.getByRole('link', { name: /bill-screenshot\.png/ });
    await expect(staffLink).toBeVisible();
    expect((await staff.request.get((await staffLink.getAttribute('href'))!)).status()).toBe(200);
    await drawer.getByRole('button', { name: '指派给我' }).click();
    await expect(row).not.toContainText('未指派');
    await drawer.getByLabel('回复内容').fill('您好，这笔收入会在四月账单中补发，请留意。');
    await drawer.getByRole('button', { name: '发送回复' }).click();
    await expect(drawer.getByText('您好，这笔收入会在四月账单中补发，请留意。')).toBeVisible();
    await expect(row).toContainText('已回复');

    // The musician's bell counts the reply; reading the message lowers it, and it links to the order.
    await page.reload();
    await expect(bell).toContainText('1');
    await bell.click();
    await expect(page).toHaveURL(/\/system-message$/);
    await page.getByRole('button', { name: new RegExp(`工单 #${id}`) }).click();
    await expect(page.getByText('您好，这笔收入会在四月账单中补发，请留意。')).toBeVisible();
    await expect(bell).not.toContainText('1');
    await page.getByRole('link', { name: '查看详情' }).click();
    await expect(page).toHaveURL(new RegExp(`/gongdan/detail\\?id=${id}$`));
    await expect(main.getByText('已回复', { exact: true })).toBeVisible();
    await expect(main.getByText('客服', { exact: true })).toBeVisible();

    // The musician replies: the order is open again, here and in the console's queue.
    await page.getByLabel('回复内容').fill('收到，谢谢！如果四月还没有我再来问。');
    await page.getByRole('button', { name: '发送回复' }).click();
    await expect(main.getByText('收到，谢谢！如果四月还没有我再来问。')).toBeVisible();
    await expect(main.getByText('待处理', { exact: true })).toBeVisible();

    await staff.goto('/admin/workorders?status=open');
    await expect(staff.getByRole('row').filter({ hasText: title })).toContainText('待处理');
  } finally {
    await staffContext.close();
    await rm(dir, { recursive: true, force: true });
  }
});
