/**
 * Withdrawals (issue 12): a verified musician adds a card (the bank read from its number), withdraws with the tax,
 * fee and net shown before confirming; finance approves and pays through the development provider; the musician
 * sees the money paid and the receipt. And a refused withdrawal returns the money and says why.
 */
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { createMusician, logInAs } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, smsCode, test } from '../support/fixtures';

async function withDb<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A verified name and `fen` of income, posted as the ledger posts a store report (balanced, balances kept). */
async function verifiedWithIncome(mobile: string, name: string, fen: number): Promise<number> {
  return withDb(async (c) => {
    const { rows } = await c.query(`UPDATE users SET real_name = $2, is_verify = 1 WHERE mobile = $1 RETURNING id`, [
      mobile,
      name,
    ]);
    const id = Number(rows[0].id);
    await c.query('BEGIN');
    await c.query(
      `INSERT INTO ledger_accounts (key, kind, user_id, normal) VALUES ($1, 'available', $2, 'credit') ON CONFLICT DO NOTHING`,
      [`user:${id}:available`, id],
    );
    await c.query(
      `INSERT INTO ledger_accounts (key, kind, platform_code, normal) VALUES ('store:spotify:receivable', 'receivable', 'spotify', 'debit')
       ON CONFLICT DO NOTHING`,
    );
    const tx = await c.query(
      `INSERT INTO ledger_transactions (idempotency_key, request_hash, kind) VALUES ($1, 'e2e', 'import') RETURNING id`,
      [`e2e-income-${id}-${Date.now()}`],
    );
    await c.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT $1, id, CASE WHEN kind = 'available' THEN -$2::bigint ELSE $2::bigint END FROM ledger_accounts
        WHERE key IN ($3, 'store:spotify:receivable')`,
      [tx.rows[0].id, fen, `user:${id}:available`],
    );
    await c.query(`UPDATE ledger_accounts SET balance = balance + $1 WHERE key IN ($2, 'store:spotify:receivable')`, [
      fen,
      `user:${id}:available`,
    ]);
    await c.query('COMMIT');
    return id;
  });
}

async function financePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = await context.newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('用户名').fill('admin');
  await staff.getByLabel('密码').fill(ADMIN_PASSWORD);
  await staff.getByRole('button', { name: '登录', exact: true }).click();
  await expect(staff).toHaveURL(/\/admin\/?$/);
  await staff.goto('/admin/withdrawals');
  return staff;
}

async function requestWithdrawal(page: Page, mobile: string, amount: string, shown = amount) {
  await page.getByLabel('提现金额（元）').fill(amount);
  const sentAt = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码').fill(await smsCode(mobile, 'withdraw', sentAt - 1000));
  await page.locator('form.withdraw-form').getByRole('button', { name: '确认提现' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`确认提现 ¥${shown}`);
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(page.getByText('提现申请已提交')).toBeVisible();
}

test('a verified musician adds a card and withdraws with the tax shown; finance pays; the receipt shows', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const { mobile } = await createMusician('提现歌手');
  await verifiedWithIncome(mobile, '王五', 500_000);
  await logInAs(page, mobile);
  await page.goto('/person-center/withdraw');
  await expect(page.getByRole('heading', { name: '提现', level: 1 })).toBeVisible();
  await expect(page.getByTestId('withdraw-available')).toHaveText('¥5,000.00');
  await expect(page.getByText('还没有提现记录')).toBeVisible();

  // The card: the bank is read from the number as it is typed; the holder is the verified name.
  await page.getByRole('button', { name: '添加银行卡' }).click();
  const cardDialog = page.getByRole('dialog');
  await expect(cardDialog.getByLabel('持卡人')).toHaveValue('王五');
  await cardDialog.getByLabel('银行卡号').fill('6222 0202 0011 2233 440');
  await expect(cardDialog.getByTestId('card-bank')).toContainText('中国工商银行');
  await expect(cardDialog.getByTestId('card-bank')).toContainText('借记卡');
  await cardDialog.getByLabel('证件号码').fill('110101199001011234');
  const cardSentAt = Date.now();
  await cardDialog.getByRole('button', { name: '获取验证码' }).click();
  await cardDialog.getByLabel('验证码').fill(await smsCode(mobile, 'bankcard', cardSentAt - 1000));
  await cardDialog.getByRole('button', { name: '验证并保存' }).click();
  await expect(page.getByTestId('withdraw-card')).toContainText('**** **** **** 3440');

  // One SMS a minute per mobile: the withdrawal's code can be asked for a minute after the card's.
  await page.waitForTimeout(Math.max(0, cardSentAt + 61_000 - Date.now()));
  await page.getByLabel('提现金额（元）').fill('1000');
  // 1000 − 800 = 200 taxable × 20% = 40.00 tax; 1.00 fee; 959.00 arrives
  const figures = page.getByRole('region', { name: '到账明细' });
  await expect(figures).toContainText('¥40.00');
  await expect(figures).toContainText('¥1.00');
  await expect(page.getByTestId('withdraw-net')).toHaveText('¥959.00');
  await requestWithdrawal(page, mobile, '1000', '1,000.00');
  await expect(page.getByTestId('withdraw-available')).toHaveText('¥4,000.00');
  await expect(page.locator('.withdraw-history__item').first()).toContainText('待审核');

  // Finance approves and pays through the development provider.
  const staff = await financePage(browser);
  const row = staff.locator('tr', { hasText: mobile });
  await expect(row).toContainText('首次提现');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(row).toContainText('已审核');
  await staff.getByRole('tab', { name: '打款批次' }).click();
  await staff.getByRole('button', { name: '生成打款批次' }).click();
  await expect(staff.getByText(/批次 #\d+ 已生成/)).toBeVisible();
  await staff.context().close();

  // The provider's callback arrives after a few seconds: paid.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('.withdraw-history__item').first().textContent();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toContain('已到账');
  const item = page.locator('.withdraw-history__item').first();
  await expect(item).toContainText('已提交银行');
  await item.getByRole('button', { name: '回单' }).click();
  const receipt = page.getByRole('dialog');
  await expect(receipt).toContainText('王五');
  await expect(receipt).toContainText('¥959.00');
  const href = await receipt.getByRole('link', { name: '下载 PDF' }).getAttribute('href');
  // the musician's link redirects to the stored receipt's short-lived signed link
  const pdf = await page.request.get(href!);
  expect(pdf.url()).toMatch(/\/files\/users\/\d+\/receipts\/withdrawal-\d+\.pdf\?.*sig=/);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const receiptBytes = await pdf.body();
  expect(receiptBytes.subarray(0, 5).toString()).toBe('%PDF-');

  // finance opens the paid withdrawal's details in the console and the same receipt through its own signed link
  const finance = await financePage(browser);
  // antd's Select: its wrapper carries the label and opens on a click (the inner input is not clickable)
  await finance.locator('.ant-select[aria-label="状态"]').click();
  await finance.locator('.ant-select-item-option', { hasText: '已到账' }).click();
  await finance.getByPlaceholder('手机号').fill(mobile);
  await finance.getByRole('button', { name: '查询' }).click();
  await finance.locator('tr', { hasText: mobile }).getByRole('button', { name: '详情' }).click();
  const receiptLink = finance.getByRole('link', { name: '查看回单（PDF）' });
  await expect(receiptLink).toBeVisible();
  const financePdf = await finance.request.get((await receiptLink.getAttribute('href'))!);
  expect(financePdf.headers()['content-type']).toBe('application/pdf');
  expect((await financePdf.body()).equals(receiptBytes)).toBe(true);
  await finance.context().close();
});

test('a refused withdrawal returns the money and says why', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { mobile } = await createMusician('被拒歌手');
  const id = await verifiedWithIncome(mobile, '赵六', 80_000);
  // The card as the card call saves it (its number is only read when paying, which a refusal never reaches).
  await withDb((c) =>
    c.query(
      `INSERT INTO bank_cards (user_id, bank_code, card_cipher, last4, holder_name, holder_kind, checked_by)
       VALUES ($1, 'CMB', 'not.read.here', '7788', '赵六', 'person', 'e2e')`,
      [id],
    ),
  );
  await logInAs(page, mobile);
  await page.goto('/person-center/withdraw');
  await expect(page.getByTestId('withdraw-card')).toContainText('7788');
  await requestWithdrawal(page, mobile, '500', '500.00');
  await expect(page.getByTestId('withdraw-available')).toHaveText('¥300.00');

  const staff = await financePage(browser);
  const row = staff.locator('tr', { hasText: mobile });
  await row.getByRole('button', { name: '拒绝' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByLabel('拒绝原因（音乐人可见）').fill('收款信息需补充');
  await dialog.getByRole('button', { name: '拒绝' }).click();
  await expect(staff.locator('tr', { hasText: mobile })).toHaveCount(0);
  await staff.context().close();

  await page.reload();
  await expect(page.getByTestId('withdraw-available')).toHaveText('¥800.00');
  const item = page.locator('.withdraw-history__item').first();
  await expect(item).toContainText('未通过');
  await expect(item.getByRole('note')).toContainText('收款信息需补充');
});

test('on a phone the demo musician sees the card and the demo withdrawals, nothing wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, '13800138000', 'Trackline2026');
  await page.goto('/person-center/withdraw');
  await expect(page.getByTestId('withdraw-card')).toContainText('**** **** **** 0123');
  const items = page.locator('.withdraw-history__item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('待审核');
  await expect(items.nth(1)).toContainText('已到账');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // the receipt opens on the phone too
  await items.nth(1).getByRole('button', { name: '回单' }).click();
  // the demo's real-name seed verifies the musician as 陈晓乐 (the withdrawals seed names them only when unnamed)
  await expect(page.getByRole('dialog')).toContainText('陈晓乐');
});
