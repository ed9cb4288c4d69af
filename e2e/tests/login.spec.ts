import { createMusician, PASSWORD } from '../support/accounts';
import { expect, smsCode, test } from '../support/fixtures';

test('a musician logs in with a password', async ({ page }) => {
  const { mobile } = await createMusician('密码登录者');
  await page.goto('/login');
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByRole('button', { name: '知道了' }).click();

  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);
  await expect(page.getByRole('button', { name: '密码登录者' })).toBeVisible();
  await expect(page).toHaveTitle(/ - 乐轨音乐$/);
});

test('a musician logs in with an SMS code', async ({ page }) => {
  const { mobile } = await createMusician('短信登录者');
  await page.goto('/login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await smsCode(mobile, 'mobilelogin', since);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);
  await expect(page.getByRole('button', { name: '短信登录者' })).toBeVisible();
});

test('a musician who forgot the password sets a new one and logs in with it', async ({ page }) => {
  const { mobile } = await createMusician('找回密码者');
  await page.goto('/login');
  await page.getByRole('link', { name: /忘记密码/ }).click();
  await expect(page).toHaveURL(/\/register\/findpwd$/);
  // The address changes before a busy machine has drawn the new page; both pages have a 手机号 field.
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await smsCode(mobile, 'resetpwd', since);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByLabel('新密码', { exact: true }).fill('Renewed2026');
  await page.getByLabel('确认密码', { exact: true }).fill('Renewed2026');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: '登录', exact: true })).toBeVisible();

  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill('Renewed2026');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);
});
