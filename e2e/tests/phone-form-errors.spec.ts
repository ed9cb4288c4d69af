/**
 * Issue 9: on a phone a form's first error could be off-screen, so 提交 seemed to do nothing. The form scrolls to
 * its first error and focuses it.
 */
import { createMusician, logInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test('on a phone, sending an incomplete work order brings its first error into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const musician = await createMusician('手机表单');
  await logInAs(page, musician.mobile);

  await page.goto('/gongdan/add');
  // The description is filled, the type and title are not; the send button is far below them.
  await page.getByLabel('问题描述').fill('一段描述。\n'.repeat(30));
  const send = page.getByRole('button', { name: '提交', exact: true });
  await send.scrollIntoViewIfNeeded();
  const type = page.getByRole('combobox', { name: '问题类型' });
  await expect(type).not.toBeInViewport();
  await send.click();
  await expect(type).toHaveAttribute('aria-invalid', 'true');
  await expect(type).toBeInViewport();
});
