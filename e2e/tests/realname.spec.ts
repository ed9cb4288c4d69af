/**
 * Real names (issue 10): an adult verifies through the development provider's page and sees the badge; a minor
 * registers with the guardian, cannot submit until the guardian completes and verifies the supplement, then submits
 * a work whose letter names the guardian; an enterprise sends its licence and support staff approve it.
 */
import type { Page } from '@playwright/test';
import { createMusician, logInAs, withDatabase } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, freshMobile, smsCode, test } from '../support/fixtures';
import { makeCoverPng, prepareSingle } from '../support/works';

/** A valid resident ID number (ISO 7064 MOD 11-2 check character) born on YYYYMMDD. */
function idBorn(birth: string, seq = '123'): string {
  const first17 = `110102${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i]!;
  return first17 + '10X98765432'[sum % 11];
}
const fifteenYearsAgo = () => `${new Date().getUTCFullYear() - 15}0601`;

async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 40 + i * 25, box.y + 120 - Math.sin(i) * 50, { steps: 3 });
  await page.mouse.up();
  await expect(page.getByText('已签名')).toBeVisible();
}

test('an adult verifies a real name at the provider’s page and sees the badge', async ({ page }) => {
  const { mobile } = await createMusician('待认证歌手', undefined, { verified: false });
  await logInAs(page, mobile);
  await page.getByRole('banner').getByRole('button', { name: '待认证歌手' }).click();
  await page.getByRole('menuitem', { name: '实名认证' }).click();
  await expect(page).toHaveURL(/\/realidcation$/);
  await expect(page.getByTestId('realname-state')).toHaveText('未认证');

  await page.getByLabel('真实姓名').fill('张三丰');
  await page.getByLabel('身份证号码').fill('110102199003071231');
  await page.getByRole('button', { name: '保存并去认证' }).click();
  await expect(page.getByText('身份证号码不正确')).toBeVisible();
  await page.getByLabel('身份证号码').fill(idBorn('19900307'));
  await page.getByRole('button', { name: '保存并去认证' }).click();

  await expect(page).toHaveURL(/\/realidcation\/dev-verify\?attempt=/);
  await page.getByRole('button', { name: '通过认证' }).click();
  await expect(page).toHaveURL(/\/realidcation$/);
  await expect(page.getByTestId('realname-state')).toHaveText('已认证');
  await expect(page.getByTestId('realname-badge')).toBeVisible();
  await expect(page.getByTestId('realname-legal-party')).toContainText('张三丰');
  // masked: the birth date never shows
  await expect(page.getByText('110102********')).toBeVisible();
  const info = await (await page.request.get('/api/user/info')).json();
  expect(info.data.userinfo).toMatchObject({ is_verify: 1, real_name: '张三丰' });
});

test('a minor registers with the guardian, who completes the supplement; the letter names the guardian', async ({
  page,
}) => {
  // two SMS codes, a work with real files, the supplement and a submission: long under a loaded machine
  test.setTimeout(180_000);
  const mobile = freshMobile();
  const guardian = freshMobile();
  await page.goto('/register/single');
  await page.getByRole('link', { name: '未满 18 周岁？未成年人注册' }).click();
  await expect(page).toHaveURL(/\/register\/children$/);
  await page.getByLabel('未成年人手机号').fill(mobile);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: '获取验证码' }).first().click();
  await page.getByLabel('验证码', { exact: true }).fill(await smsCode(mobile, 'register', since));
  await page.getByLabel('监护人手机号').fill(guardian);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('监护人验证码').fill(await smsCode(guardian, 'guardian', since));
  await page.getByLabel('密码', { exact: true }).fill('Melody2026');
  await page.getByLabel('确认密码', { exact: true }).fill('Melody2026');
  await page.getByLabel('昵称', { exact: true }).fill('小小歌手');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('请监护人阅读并同意未成年人用户协议')).toBeVisible();
  await page.getByRole('checkbox', { name: /未成年人用户协议/ }).check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);

  // A work can be prepared, but step 3 says what is missing and links to it.
  const work = await prepareSingle(page.request, { title: '少年的夏天', artist: '小小歌手' });
  await page.goto(`/work-publish/step/step-3?id=${work.id}`);
  const missing = page.getByTestId('legal-party-missing');
  await expect(missing).toContainText('监护人完成未成年人信息补充并通过认证');
  await page.getByRole('checkbox', { name: /我已阅读并同意以上授权书/ }).check();
  await expect(page.getByRole('button', { name: '提交审核' })).toBeDisabled();
  await missing.getByRole('link', { name: '前往认证' }).click();

  // The supplement, completed by the guardian.
  await expect(page).toHaveURL(/\/realidcation$/);
  await expect(page.getByRole('heading', { name: '未成年人信息补充' })).toBeVisible();
  await page.getByLabel('未成年人姓名').fill('李小白');
  await page.getByLabel('未成年人身份证号码').fill(idBorn(fifteenYearsAgo(), '456'));
  await page.getByLabel('监护人姓名').fill('李大白');
  await page.getByLabel('监护人身份证号码').fill(idBorn('19800101', '789'));
  await page.getByLabel('监护人手机号').fill(guardian);
  await drawSignature(page);
  await page.getByRole('checkbox', { name: /我已阅读并同意《未成年人用户协议》/ }).check();
  await page.getByRole('button', { name: '提交并由监护人认证' }).click();
  // The consent is drawn into a PDF with the shipped CJK font first: seconds on a busy machine.
  await expect(page).toHaveURL(/\/realidcation\/dev-verify\?attempt=/, { timeout: 45_000 });
  await page.getByRole('button', { name: '通过认证' }).click();
  await expect(page.getByTestId('realname-state')).toHaveText('已认证');
  await expect(page.getByTestId('realname-legal-party')).toContainText('监护人：李大白');
  await expect(page.getByRole('link', { name: '查看监护人同意书（PDF）' })).toBeVisible();

  // Now the minor submits; the letter names the guardian.
  await page.goto(`/work-publish/step/step-3?id=${work.id}`);
  await expect(page.getByTestId('letter-legal-party')).toContainText('李小白 · 监护人：李大白');
  await page.getByRole('checkbox', { name: /我已阅读并同意以上授权书/ }).check();
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByText('已提交，等待编辑审核')).toBeVisible();
  const terms = await withDatabase(async (client) => {
    const { rows } = await client.query('SELECT terms FROM work_authorizations WHERE work_id = $1', [work.id]);
    return rows[0].terms;
  });
  expect(terms.legal_party).toEqual({ kind: 'minor', name: '李小白', guardian: '李大白' });
});

test('an enterprise sends its licence and support staff approve it', async ({ page, browser }) => {
  const company = `星河唱片${Date.now() % 100000}有限公司`;
  const { mobile } = await createMusician('星河唱片', undefined, { verified: false, groupId: 2, companyName: company });
  // a credit code of its own (the demo enterprise's code may be verified by another journey)
  const code = creditCode(`91110108MA${String(Date.now() % 10_000_000).padStart(7, '0')}`);
  await logInAs(page, mobile);
  await page.goto('/realidcation');
  await page.getByRole('link', { name: '企业账号请前往企业认证' }).click();
  await expect(page).toHaveURL(/\/realidcation\/enterprise$/);
  await page.getByLabel('企业名称').fill(company);
  await page.getByLabel('统一社会信用代码').fill(code);
  await page.locator('#licence-file').setInputFiles({
    name: 'licence.png',
    mimeType: 'image/png',
    buffer: makeCoverPng(1200),
  });
  await expect(page.getByTestId('licence-uploaded')).toBeVisible();
  await page.getByLabel('联系人', { exact: true }).fill('王小明');
  await page.getByLabel('联系人手机').fill('13900001111');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByTestId('enterprise-state')).toHaveText('审核中');

  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('用户名').fill('admin');
  await staff.getByLabel('密码').fill(ADMIN_PASSWORD);
  await staff.getByRole('button', { name: '登录', exact: true }).click();
  await expect(staff).toHaveURL(/\/admin\/?$/);
  await staff.goto('/admin/realname');
  const row = staff.getByRole('row', { name: new RegExp(company) });
  await row.getByRole('button', { name: '查看' }).click();
  await expect(staff.getByRole('img', { name: '营业执照' })).toBeVisible();
  await staff.getByRole('button', { name: '通过' }).click();
  await staff.getByRole('button', { name: '确定' }).click();
  await expect(staff.getByText('已通过认证')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('enterprise-state')).toHaveText('已认证');
  const info = await (await page.request.get('/api/user/info')).json();
  expect(info.data.userinfo.is_verify).toBe(1);
});

function creditCode(first17: string): string {
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charset.indexOf(first17[i]!) * weights[i]!;
  return first17 + charset[(31 - (sum % 31)) % 31];
}
