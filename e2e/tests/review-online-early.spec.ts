/**
 * Issue 9: marking a work online before its release date. The editor's dialog names the date and will not confirm
 * until the editor ticks that they checked; a work whose date has come is marked as before.
 */
import pg from 'pg';
import { createMusician } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

const chinaDay = (offset: number) =>
  new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function distributingWork(mobile: string, title: string, releaseDate: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO works (user_id, kind, status, title, primary_artists, release_date)
       SELECT id, 'single', '990', $2, ARRAY['林一'], $3 FROM users WHERE mobile = $1 RETURNING id`,
      [mobile, title, releaseDate],
    );
    await client.query(`INSERT INTO work_tracks (work_id, position, title) VALUES ($1, 1, $2)`, [rows[0].id, title]);
    return Number(rows[0].id);
  } finally {
    await client.end();
  }
}

test('marking a work online before its release date names the date and needs a confirmation', async ({ page }) => {
  const musician = await createMusician('提前上线');
  const date = chinaDay(9);
  const early = await distributingWork(musician.mobile, '还没到日子', date);
  const due = await distributingWork(musician.mobile, '已到日子', chinaDay(-1));

  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await page.goto(`/admin/review/${early}`);
  await page.getByRole('button', { name: '标记已上线' }).click();
  const dialog = page.getByRole('dialog', { name: '标记为已上线' });
  await expect(dialog.getByTestId('online-before-release')).toContainText(`发行日期是 ${date}，还没到`);
  const ok = dialog.getByRole('button', { name: '标记已上线' });
  await expect(ok).toBeDisabled();
  await dialog.getByRole('checkbox', { name: `我已确认作品已上线，在发行日期 ${date} 之前标记` }).check();
  await ok.click();
  await expect(page.locator('.admin-review-summary')).toContainText('作品已上线');

  await page.goto(`/admin/review/${due}`);
  await page.getByRole('button', { name: '标记已上线' }).click();
  const plain = page.getByRole('dialog', { name: '标记为已上线' });
  await expect(plain.getByTestId('online-before-release')).toHaveCount(0);
  await plain.getByRole('button', { name: '标记已上线' }).click();
  await expect(page.locator('.admin-review-summary')).toContainText('作品已上线');
});
