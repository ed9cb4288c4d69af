/**
 * Issue 9: a news article opened from mid-list landed at its footer. New pages open at the top; Back returns to
 * where the list was scrolled.
 */
import { expect, test } from '../support/fixtures';

test('an article opened from mid-list opens at its top, and Back returns to the scrolled list', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/advisory/index');
  const links = page.getByRole('main').locator('a[href*="/advisory/detail"]');
  await expect(links.first()).toBeVisible();
  const last = links.last();
  await last.scrollIntoViewIfNeeded();
  const listScroll = await page.evaluate(() => window.scrollY);
  expect(listScroll).toBeGreaterThan(200);

  await last.click();
  await expect(page).toHaveURL(/\/advisory\/detail/);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/advisory\/index/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listScroll - 50);
});
