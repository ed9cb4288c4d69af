/**
 * Issue 9: on a 390×844 phone the work list squeezed six columns into 390 px (titles a character a line, status
 * and actions off-screen), and musicians never saw their codes. Under the md breakpoint each work is a card with
 * everything in view; an approved work shows its UPC and ISRC, copyable.
 */
import { DEMO_MUSICIAN } from '../support/env';
import { expect, test } from '../support/fixtures';

test('on a phone the work list is cards with status and actions in view, and an approved work shows its codes', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('手机号', { exact: true }).fill(DEMO_MUSICIAN.mobile);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_MUSICIAN.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);

  await page.goto('/work-management/list');
  await expect(page.locator('.work-cards')).toBeVisible();
  await expect(page.locator('.works-table')).toHaveCount(0);
  const card = page.locator('.work-card').filter({ hasText: '夏夜晚风' });
  await expect(card).toBeVisible();

  // Nothing of the card is off-screen: its title, status and actions lie within the 390 px.
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  for (const part of [card.getByTestId('work-title'), card.locator('.work-actions, button').first()]) {
    const b = await part.boundingBox();
    expect(b!.x + b!.width).toBeLessThanOrEqual(390);
  }
  // The title is on one line, not a character a line.
  const title = await card.getByTestId('work-title').boundingBox();
  expect(title!.height).toBeLessThan(40);

  // The codes, copyable.
  const codes = card.locator('.work-codes').getByRole('definition');
  await expect(card.getByText('UPC', { exact: true })).toBeVisible();
  await expect(card.getByText('ISRC', { exact: true })).toBeVisible();
  const upc = ((await codes.first().textContent()) ?? '').trim();
  expect(upc).toMatch(/^\d{12,13}$/);
  await codes.first().getByRole('button').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(upc);
});
