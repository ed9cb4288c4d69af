/**
 * Income (issue 11): finance uploads two stores' statements in the console and watches each import reach "posted";
 * the musician opens the income bill, sees the balance, filters the month's detail by store, exports the CSV and
 * finds the same total in the file as on the page.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { createMusician, PASSWORD } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

async function withDb<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A released single of the musician with a track carrying `isrc` (what a store reports sales against). */
async function releasedTrack(mobile: string, isrc: string): Promise<void> {
  await withDb(async (c) => {
    const { rows } = await c.query(
      `INSERT INTO works (user_id, kind, status, title) SELECT id, 'single', '991', '夜航' FROM users WHERE mobile = $1
       RETURNING id`,
      [mobile],
    );
    await c.query(`INSERT INTO work_tracks (work_id, position, title, isrc) VALUES ($1, 1, '夜航', $2)`, [
      rows[0].id,
      isrc,
    ]);
  });
}

async function chooseOption(page: Page, label: string, option: string) {
  // the Select's box, not its inner input (the shown value lies over the input)
  const select = page.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
  await select.click();
  // the list is virtual: narrow it down where the Select searches, so the option is rendered
  if (await select.evaluate((el) => el.classList.contains('ant-select-show-search'))) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect(select.locator('.ant-select-selection-item')).toHaveText(option);
}

test('finance imports reports; the musician reads the bill, filters by store and exports the same total', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const musician = await createMusician('收入歌手');
  const isrc = `CNJRN${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await releasedTrack(musician.mobile, isrc);
  const month = new Date().toISOString().slice(0, 7);

  // Finance (the admin has every role) uploads Spotify's and QQ Music's statements for this month.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = await staffContext.newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('用户名').fill('admin');
  await staff.getByLabel('密码').fill(ADMIN_PASSWORD);
  await staff.getByRole('button', { name: '登录', exact: true }).click();
  await expect(staff).toHaveURL(/\/admin\/?$/);
  await staff.goto('/admin/royalties');
  for (const [store, qty, amount] of [
    ['Spotify', 100, '50.00'],
    ['QQ音乐', 200, '33.33'],
  ] as const) {
    await chooseOption(staff, '平台', store);
    await chooseOption(staff, '格式', 'CSV / TSV 结算表');
    await chooseOption(staff, '列映射', 'Generic CSV');
    await staff.getByLabel('入账月份').fill(month);
    const csv = `sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n${month},CN,${isrc},,夜航,${qty},${amount},CNY,\n`;
    await staff
      .getByTestId('royalty-file')
      .setInputFiles({ name: `${store}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await staff.getByRole('button', { name: '开始导入' }).click();
    const row = staff.locator('tr', { hasText: `${store}.csv` }).first();
    await expect(row.getByText('已入账')).toBeVisible({ timeout: 60_000 });
  }
  await staffContext.close();

  // The musician: the balance (70% of 50.00 + 33.33), the month's bill, filtered by store, exported.
  await page.goto('/login');
  await page.getByLabel('手机号', { exact: true }).fill(musician.mobile);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);
  await page.goto('/person-center/income-bill');
  await expect(page.getByRole('heading', { name: '收入账单', level: 1 })).toBeVisible();
  await expect(page.getByTestId('bill-available_fen')).toHaveText('58.33');
  await expect(page.getByTestId('bill-detail-total')).toHaveText('58.33');
  await chooseOption(page, '筛选平台', 'QQ音乐');
  await expect(page.getByTestId('bill-detail-total')).toHaveText('23.33');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bill-export').click()]);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain('QQ音乐');
  expect(lines[2]?.split(',').at(-1)).toBe('23.33');
});
