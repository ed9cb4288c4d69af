/**
 * Income in the console (issue 11): finance adds a store's column mapping in the form and edits it, imports a
 * statement through it, and matches the statement's unmatched ISRC to the musician's track in the queue: the key
 * leaves the queue and its share reaches the musician's balance by a ledger transaction.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { createMusician } from '../support/accounts';
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

async function chooseOption(page: Page, label: string, option: string) {
  const select = page.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
  await select.click();
  if (await select.evaluate((el) => el.classList.contains('ant-select-show-search'))) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect(select.locator('.ant-select-selection-item')).toHaveText(option);
}

test('finance adds and edits a column mapping, imports through it and matches the unmatched ISRC', async ({ page }) => {
  test.setTimeout(180_000);
  const musician = await createMusician('对账歌手');
  const stamp = String(Date.now() % 10_000_000).padStart(7, '0');
  const isrc = `CNMAP${stamp}`;
  const stray = `CNZZX${stamp}`;
  const code = `e2e_${stamp}`;
  await withDb(async (c) => {
    const { rows } = await c.query(
      `INSERT INTO works (user_id, kind, status, title) SELECT id, 'single', '991', '远山' FROM users WHERE mobile = $1
       RETURNING id`,
      [musician.mobile],
    );
    await c.query(`INSERT INTO work_tracks (work_id, position, title, isrc) VALUES ($1, 1, '远山', $2)`, [
      rows[0].id,
      isrc,
    ]);
  });

  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.goto('/admin/royalties');

  // The mapping form: a store's semicolon statement with its own headers and a fixed currency.
  await page.getByRole('tab', { name: '列映射' }).click();
  await expect(page.getByRole('cell', { name: 'generic', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '新增列映射' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('代码').fill(code);
  await dialog.getByLabel('名称').fill(`E2E 平台 ${stamp}`);
  await chooseOption(page, '分隔符', '分号');
  await dialog.getByLabel('固定币种（报表没有币种列时）').fill('cny');
  // required fields refuse an empty form first
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await dialog.getByLabel('销售月份').fill('Periode');
  await dialog.getByLabel('ISRC').fill('Code ISRC');
  await dialog.getByLabel('数量').fill('Anzahl');
  await dialog.getByLabel('金额（净收入）').fill('Netto');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('tr', { hasText: code });
  await expect(row).toContainText('销售月份: Periode');
  // edit: the name changes, the code stays
  await row.getByRole('button', { name: `编辑 ${code}` }).click();
  await expect(page.getByRole('dialog').getByLabel('代码')).toBeDisabled();
  await page.getByRole('dialog').getByLabel('名称').fill(`E2E 平台 ${stamp} v2`);
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row).toContainText(`E2E 平台 ${stamp} v2`);
  const saved = await withDb(
    async (c) => (await c.query('SELECT mapping FROM royalty_mappings WHERE code = $1', [code])).rows[0],
  );
  expect(saved.mapping).toMatchObject({
    delimiter: ';',
    currency: 'CNY',
    columns: { amount: 'Netto', isrc: 'Code ISRC' },
  });

  // A statement in that layout: one line of ours, one the import cannot match.
  await page.getByRole('tab', { name: '报表导入' }).click();
  await chooseOption(page, '平台', 'Spotify');
  await chooseOption(page, '格式', 'CSV / TSV 结算表');
  await chooseOption(page, '列映射', `E2E 平台 ${stamp} v2`);
  const csv = `Periode;Code ISRC;Anzahl;Netto\n2026-09;${isrc};10;10.00\n2026-09;${stray};5;20.00\n`;
  await page
    .getByTestId('royalty-file')
    .setInputFiles({ name: `map-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(
    page
      .locator('tr', { hasText: `map-${stamp}.csv` })
      .first()
      .getByText('已入账'),
  ).toBeVisible({
    timeout: 60_000,
  });
  const balance = async () =>
    withDb(async (c) => {
      const { rows } = await c.query(
        `SELECT a.balance::text FROM ledger_accounts a JOIN users u ON u.id = a.user_id
          WHERE u.mobile = $1 AND a.kind = 'available'`,
        [musician.mobile],
      );
      return rows[0]?.balance as string;
    });
  const before = BigInt(await balance());

  // The queue: match the stray line to the musician's track by ISRC.
  await page.getByRole('tab', { name: '待匹配' }).click();
  const line = page.locator('tr', { hasText: stray });
  await expect(line).toBeVisible();
  await line.getByLabel('匹配到 ISRC').fill(isrc.toLowerCase());
  await line.getByRole('button', { name: '匹配' }).click();
  await expect(line).toBeHidden();
  const { rate } = await withDb(
    async (c) => (await c.query('SELECT rate FROM users WHERE mobile = $1', [musician.mobile])).rows[0],
  );
  expect(BigInt(await balance()) - before).toBe(BigInt(20 * rate));
});
