import { expect, freshMobile, smsCode, test } from '../support/fixtures';

test('a visitor registers with an SMS code, lands on the entry page logged in, and logs out', async ({ page }) => {
  const mobile = freshMobile();
  await page.goto('/guest/index');
  await page.getByRole('link', { name: '注册', exact: true }).first().click();
  await expect(page).toHaveURL(/\/register\/single$/);

  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const code = await smsCode(mobile, 'register', since);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByLabel('密码', { exact: true }).fill('Melody2026');
  await page.getByLabel('确认密码', { exact: true }).fill('Melody2026');
  await page.getByLabel('昵称', { exact: true }).fill('新歌手');

  // The agreement must be accepted first.
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('请阅读并同意平台协议')).toBeVisible();
  await expect(page.getByRole('link', { name: '《平台协议》' })).toHaveAttribute(
    'href',
    '/help-center/index?id=5&type=2&tid=0',
  );
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();

  await expect(page).toHaveURL(/\/work-publish\/entry$/);
  await expect(page.getByRole('heading', { name: /欢迎回来，新歌手/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: '作品发布' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '作品管理' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: '工单' })).toBeVisible();
  // The welcome message: the bell shows one unread message.
  const bell = header.getByRole('link', { name: /系统消息/ });
  await expect(bell).toContainText('1');

  await header.getByRole('button', { name: '新歌手' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/guest\/index$/);
  // The server's msg says it went through (issue 9: logout showed nothing).
  await expect(page.getByText('退出成功')).toBeVisible();
  await expect(page.getByRole('link', { name: '登录', exact: true }).first()).toBeVisible();
  // The session is gone on the server too.
  const info = await (await page.request.get('/api/user/info')).json();
  expect(info.code).toBe(1000);
});

test('an enterprise account needs its company name', async ({ page }) => {
  await page.goto('/register/single');
  await page.getByRole('radio', { name: '企业用户' }).check();
  await expect(page.getByLabel('公司名称', { exact: true })).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText(/请输入公司名称|公司名称/).last()).toBeVisible();
});
