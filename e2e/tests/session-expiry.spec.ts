/**
 * Issue 9: an expired session dropped the musician on the guest home without a word. Now the page says the
 * session ended, and logging in again brings them back to where they were.
 */
import pg from 'pg';
import { createMusician, logInAs, PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test('a session that ends by itself says so, and the next login returns to the page', async ({ page }) => {
  const musician = await createMusician('过期用户');
  await logInAs(page, musician.mobile);

  await page.getByRole('banner').getByRole('link', { name: '工单' }).click();
  await expect(page).toHaveURL(/\/gongdan\/list$/);

  // The server forgets the session (as expiry or a password reset elsewhere would); the browser still has it.
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `DELETE FROM sessions WHERE subject_kind = 'user' AND subject_id = (SELECT id FROM users WHERE mobile = $1)`,
      [musician.mobile],
    );
  } finally {
    await db.end();
  }

  // Each server process may reuse a session it looked up for SESSION_CACHE_SECONDS (5 in the journeys' server).
  await page.waitForTimeout(6_000);

  // The next call of the page meets the dead session (the page may have made one by itself meanwhile).
  const tab = page.getByRole('tab', { name: '已关闭' });
  if (await tab.isVisible()) await tab.click();
  await expect(page.getByText('登录已失效，请重新登录')).toBeVisible();
  await expect(page.getByText('重新登录后将回到刚才的页面。')).toBeVisible();
  await expect(page).toHaveURL(/\/guest\/index$/);
  const leftAt = await page.evaluate(() => sessionStorage.getItem('return-to'));
  expect(leftAt).toMatch(/^\/gongdan\/list/);

  await page.goto('/login');
  await page.getByLabel('手机号', { exact: true }).fill(musician.mobile);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/gongdan\/list/);
  // Once back, it is forgotten: the next login goes to the entry page as usual.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('return-to'))).toBeNull();
});
