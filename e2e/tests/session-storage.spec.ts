/**
 * The session a page script cannot read: after a browser login the token is only in the HttpOnly cookie, never in
 * localStorage, sessionStorage or document.cookie; a new tab is logged in all the same (the guard asks the server),
 * and logging out there ends the session in both tabs and on the server.
 */
import { createMusician, PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test('the session token stays out of reach of page script, across tabs, until logout', async ({ page, context }) => {
  const { mobile } = await createMusician('无痕歌手');
  await page.goto('/login');
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);

  const sessionCookie = (await context.cookies()).find((c) => c.name === 'token');
  expect(sessionCookie?.httpOnly).toBe(true);
  const token = sessionCookie!.value;
  expect(token.length).toBeGreaterThan(40);

  // Everything a script on the page can read.
  const visible = await page.evaluate(() => {
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]));
    return { local: dump(window.localStorage), session: dump(window.sessionStorage), cookie: document.cookie };
  });
  expect(JSON.stringify(visible)).not.toContain(token);
  expect(visible.cookie).not.toMatch(/(^|;\s*)token=/);
  // And what the page's own calls answer it: the session user comes without the token.
  const info = await page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'include' })).json());
  expect(info.code).toBe(1);
  expect(info.data.userinfo.token).toBe('');

  // A new tab knows the session from the server: the guard sends it from login to the publishing entry.
  const tab = await context.newPage();
  await tab.goto('/login');
  await expect(tab).toHaveURL(/\/work-publish\/entry$/);
  await tab.goto('/system-message');
  await expect(tab).toHaveURL(/\/system-message$/);
  await expect(tab.getByRole('banner').getByRole('button', { name: '无痕歌手' })).toBeVisible();

  // Logging out in the new tab ends the session everywhere.
  await tab.getByRole('banner').getByRole('button', { name: '无痕歌手' }).click();
  await tab.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(tab).toHaveURL(/\/guest\/index$/);
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
  // The first tab follows at once (it is on a logged-in page, which a visitor may not see).
  await expect(page).toHaveURL(/\/guest\/index$/);
  await page.goto('/work-publish/entry');
  await expect(page).toHaveURL(/\/guest\/index$/);
  const after = await tab.evaluate(async () => (await fetch('/api/user/info')).json());
  expect(after.code).toBe(1000);
});
