/**
 * The personal centre (issue 10): a musician edits the profile (a square cropped from an uploaded picture becomes the
 * avatar), signs another session out (a second browser), changes the mobile and the password; and a musician asks to
 * delete the account, sees the cooling-off, logs in again and the deletion is cancelled.
 */
import pg from 'pg';
import { createMusician, logInAs, PASSWORD } from '../support/accounts';
import { expect, freshMobile, smsCode, test } from '../support/fixtures';
import { makePng } from '../support/work-files';

test('a musician edits the profile, signs out another session, changes mobile and password', async ({
  page,
  browser,
}) => {
  // A long journey (two browsers, four SMS codes, an upload): generous under a loaded machine.
  test.setTimeout(180_000);
  // Not verified yet, so the real name is still to do.
  const musician = await createMusician('旧昵称', undefined, { verified: false });
  await logInAs(page, musician.mobile);
  // A second device: another browser context, logged in as the same musician.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.2' } });
  const phone = await other.newPage();
  await logInAs(phone, musician.mobile);

  // The user menu's 个人中心 opens the information page, with what is still to do.
  await page.getByRole('button', { name: /旧昵称/ }).click();
  await page.getByRole('link', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/person-center\/information$/);
  await expect(page.getByTestId('pc-nickname')).toHaveText('旧昵称');
  const realName = page.locator('.pc-todo', { hasText: '实名认证' });
  await expect(realName).toBeVisible();
  await expect(realName.getByRole('link', { name: '去完成' })).toHaveAttribute('href', '/realidcation');

  await page.getByRole('button', { name: '修改资料' }).click();
  await expect(page).toHaveURL(/\/person-center\/update-info$/);
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(400) });
  const frame = page.getByTestId('avatar-crop-frame');
  await expect(frame).toBeVisible();
  await frame.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('-');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(frame).toHaveAttribute('aria-valuetext', /^40, 0, 320×320$/);
  await page.getByLabel('昵称', { exact: true }).fill('新昵称');
  await page.getByLabel('简介', { exact: true }).fill('写歌的人。');
  await page.getByLabel('艺名', { exact: true }).fill('新昵称乐队');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page).toHaveURL(/\/person-center\/information$/);
  await expect(page.getByTestId('pc-nickname')).toHaveText('新昵称');
  await expect(page.getByTestId('pc-artist-names')).toHaveText('新昵称乐队');
  await expect(page.getByText('写歌的人。')).toBeVisible();
  await expect(page.locator('img[src*="/avatar/"]').first()).toBeVisible();

  // Account security: two devices signed in; the other one is signed out, after a confirmation.
  await page.goto('/person-center/reset-pwd');
  const sessions = page.getByTestId('pc-sessions');
  await expect(sessions.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await sessions.getByRole('button', { name: '退出该设备' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('该设备已退出登录')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  // The other browser's next call is refused at once.
  await phone.goto('/person-center/information');
  await expect(phone).toHaveURL(/\/guest\/index$/);

  // The mobile: a code to the current number and one to the new number.
  const newMobile = freshMobile();
  const mobileForm = page.locator('form#pc-mobile');
  const since = Date.now() - 1000;
  await mobileForm.getByRole('button', { name: '获取验证码' }).first().click();
  await mobileForm.getByLabel('当前手机号验证码').fill(await smsCode(musician.mobile, 'oldmobile', since));
  await mobileForm.getByLabel('新手机号', { exact: true }).fill(newMobile);
  await mobileForm.getByRole('button', { name: '获取验证码' }).last().click();
  await mobileForm.getByLabel('新手机号验证码').fill(await smsCode(newMobile, 'changemobile', since));
  await mobileForm.getByRole('button', { name: '更换手机号' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('手机号已更换，下次请用新手机号登录')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`当前手机号：${newMobile.slice(0, 3)}****${newMobile.slice(-4)}`)).toBeVisible();

  // The password, with the old one.
  const passwordForm = page.locator('form#pc-password');
  await passwordForm.getByLabel('原密码').fill(PASSWORD);
  await passwordForm.getByLabel('新密码', { exact: true }).fill('Changed2026');
  await passwordForm.getByLabel('确认密码', { exact: true }).fill('Changed2026');
  await passwordForm.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，其他设备已退出登录')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pc-events')).toContainText('修改密码');
  await expect(page.getByTestId('pc-events')).toContainText('更换手机号');

  // The other browser logs in with the new mobile and the new password.
  await logInAs(phone, newMobile, 'Changed2026');
  await other.close();
});

test('a musician asks to delete the account, sees the cooling-off, logs in again and it is cancelled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const musician = await createMusician('想离开的人');
  await logInAs(page, musician.mobile);
  await page.goto('/person-center/reset-pwd');
  const leave = page.getByTestId('pc-delete');
  await leave.getByRole('button', { name: '申请注销' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确认注销账号？');
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByLabel('验证码', { exact: true }).fill(await smsCode(musician.mobile, 'logoutaccount', since));
  await dialog.getByRole('button', { name: '确认注销' }).click();

  // Logged out, told when the account goes and that logging in cancels it.
  await expect(page.getByTestId('pc-deletion-requested')).toContainText('在此之前用手机号重新登录，即可撤销注销');
  await expect(page).toHaveURL(/\/guest\/index$/);
  await page.getByRole('dialog').getByRole('button', { name: '知道了' }).click();

  await logInAs(page, musician.mobile);
  await expect(page.getByText('你在冷静期内重新登录，注销申请已撤销。')).toBeVisible();
  await page.goto('/person-center/reset-pwd');
  await expect(page.getByTestId('pc-delete').getByRole('button', { name: '申请注销' })).toBeEnabled();
  await expect(page.getByTestId('pc-events')).toContainText('撤销注销（重新登录）');
});

test('a new work starts with the first artist name of the profile', async ({ page }) => {
  const musician = await createMusician('有艺名的人');
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE users SET artist_names = '{林间乐队,Forest Band}' WHERE mobile = $1`, [musician.mobile]);
  } finally {
    await db.end();
  }
  await logInAs(page, musician.mobile);
  await page.getByRole('button', { name: '发布单曲' }).first().click();
  // The work exists only on the page until its first save (issue 9); the artist is there already.
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?kind=single$/);
  await expect(page.locator('.tag-input__tag', { hasText: '林间乐队' })).toHaveCount(1);
  await expect(page.locator('.tag-input__tag', { hasText: 'Forest Band' })).toHaveCount(0);
});
