import { expect, freshMobile, test } from '../support/fixtures';

test('a visitor reads the news list and a news article at its stable address', async ({ page }) => {
  await page.goto('/advisory/index');
  await expect(page).toHaveTitle('服务资讯 - 乐轨音乐');
  const title = (await page.locator('main article h2, main li h2, main h3').first().textContent())?.trim();
  expect(title).toBeTruthy();
  await page.getByRole('link', { name: title! }).first().click();
  await expect(page).toHaveURL(/\/advisory\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();

  // The address is stable: opening it afresh shows the same article.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
});

test('a help document opens from its footer link with the exact query parameters', async ({ page }) => {
  await page.goto('/guest/index');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: '平台协议' }).click();
  await expect(page).toHaveURL(/\/help-center\/index\?id=5&type=2&tid=0$/);
  await expect(page.getByRole('heading', { level: 1, name: '平台协议' })).toBeVisible();
  await page.goto('/help-center/index?id=3&type=2&tid=0');
  await expect(page.getByRole('heading', { level: 1, name: '关于平台' })).toBeVisible();
  // An address that names no document says so.
  await page.goto('/help-center/index?id=99999&type=2&tid=0');
  await expect(page.getByRole('heading', { name: '内容不存在' })).toBeVisible();
});

test('a visitor sends problem feedback, checked before it is sent', async ({ page }) => {
  await page.goto('/guest/q-a');
  const form = page.getByRole('region', { name: '问题反馈' });
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();

  await form.getByLabel('问题类型').click();
  // antd's select lists its options in a popup of its own, outside the form.
  await page.locator('.ant-select-item-option', { hasText: '发行渠道' }).click();
  await form.getByLabel('问题描述').fill('作品在 QQ 音乐上线后搜索不到，请帮忙查看。');
  await form.getByLabel('联系手机').fill(freshMobile());
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('提交成功，我们会尽快处理')).toBeVisible();
  await expect(form.getByLabel('问题描述')).toHaveValue('');
});
