/**
 * Issue 9: system messages in the reader's language. A musician's work order is closed by support (the message is
 * sent while the musician reads Chinese); switching the portal to English shows the same message in English, and
 * a message stored before templates existed is still shown as it was written.
 */
import { request as playwrightRequest } from '@playwright/test';
import pg from 'pg';
import { API } from '../../contract/src/paths';
import { createMusician, logInAs } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

async function oldMessage(mobile: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO messages (audience, user_id, kind, title, content)
       SELECT 'user', id, 'work_status', '旧的系统消息', '这是模板之前写下的消息。' FROM users WHERE mobile = $1`,
      [mobile],
    );
  } finally {
    await client.end();
  }
}

test('a system message is shown in the language the musician reads, whatever it was sent in', async ({ page }) => {
  const musician = await createMusician('双语读者');
  await oldMessage(musician.mobile);
  await logInAs(page, musician.mobile);
  const order = await (
    await page.request.post(API.workorderCreate, {
      data: { type: 7, title: '账单金额不对', content: '三月的账单少了一笔收入' },
      headers: { 'Accept-Language': 'zh-CN' },
    })
  ).json();
  expect(order.code).toBe(1);

  const staff = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await staff.post(API.admin.login, { data: { username: 'admin', password: ADMIN_PASSWORD } });
    expect((await login.json()).code).toBe(1);
    const token = (await staff.storageState()).cookies.find((c) => c.name === 'admin_token')!.value;
    const closed = await staff.post(API.admin.workorderClose, {
      data: { id: order.data.id },
      headers: { 'admin-token': token },
    });
    expect((await closed.json()).code).toBe(1);
  } finally {
    await staff.dispose();
  }

  await page.goto('/system-message');
  const titles = page.locator('.message-item__title');
  await expect(titles.filter({ hasText: `工单 #${order.data.id}「账单金额不对」已关闭` })).toBeVisible();
  await expect(titles.filter({ hasText: '旧的系统消息' })).toBeVisible();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(titles.filter({ hasText: `Work order #${order.data.id} "账单金额不对" was closed` })).toBeVisible();
  await expect(titles.filter({ hasText: '已关闭' })).toHaveCount(0);
  // written before templates: as it was
  await expect(titles.filter({ hasText: '旧的系统消息' })).toBeVisible();
  // and on a phone, the message reads in full within the screen
  await page.setViewportSize({ width: 390, height: 844 });
  const item = page.locator('.message-item').filter({ hasText: 'was closed' });
  await item.locator('.message-item__head').click();
  await expect(item.locator('.message-item__content')).toContainText('Support closed this work order');
  const box = await item.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
