import { createMusician, PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('the route guard', () => {
  test('a visitor is kept to public pages', async ({ page }) => {
    await page.goto('/work-publish/entry');
    await expect(page).toHaveURL(/\/guest\/index$/);
    await page.goto('/system-message');
    await expect(page).toHaveURL(/\/guest\/index$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/register\/single$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('登录 - 乐轨音乐');
  });

  test('a logged-in musician is sent from login and guest pages to the publishing entry', async ({ page }) => {
    const { mobile } = await createMusician('守卫测试者');
    await page.goto('/login');
    await page.getByLabel('手机号', { exact: true }).fill(mobile);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/work-publish\/entry$/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/work-publish\/entry$/);
    await page.goto('/guest/index');
    await expect(page).toHaveURL(/\/work-publish\/entry$/);
    // A route that does not exist is the app's not-found page, never a fake page.
    await page.goto('/person-center/no-such-page');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });
});
