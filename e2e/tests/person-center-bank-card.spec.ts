/**
 * The personal centre's to-do list says whether a bank card is bound (GET /api/bill/bankinfo): a verified musician
 * sees "not bound" with a link to bind one, binds a card on the withdraw page, and the information page then shows
 * it bound with the bank and the masked number; in English too, and on a phone.
 */
import { createMusician, logInAs } from '../support/accounts';
import { expect, smsCode, test } from '../support/fixtures';

test('the bank-card item shows whether a card is bound, and the masked card once it is', async ({ page }) => {
  test.setTimeout(120_000);
  const { mobile } = await createMusician('绑卡歌手');
  await logInAs(page, mobile);
  await page.goto('/person-center/information');
  const item = page.getByTestId('pc-bank-card');
  await expect(item).toContainText('绑定银行卡');
  await expect(item).toContainText('未绑定');
  await item.getByRole('link', { name: '去绑定' }).click();
  await expect(page).toHaveURL(/\/person-center\/withdraw$/);

  await page.getByRole('button', { name: '添加银行卡' }).click();
  const cardDialog = page.getByRole('dialog');
  await expect(cardDialog.getByLabel('持卡人')).toHaveValue('测试音乐人');
  await cardDialog.getByLabel('银行卡号').fill('6222 0202 0011 2233 440');
  await expect(cardDialog.getByTestId('card-bank')).toContainText('中国工商银行');
  await cardDialog.getByLabel('证件号码').fill('110101199001011234');
  const sentAt = Date.now();
  await cardDialog.getByRole('button', { name: '获取验证码' }).click();
  await cardDialog.getByLabel('验证码').fill(await smsCode(mobile, 'bankcard', sentAt - 1000));
  await cardDialog.getByRole('button', { name: '验证并保存' }).click();
  await expect(page.getByTestId('withdraw-card')).toContainText('**** **** **** 3440');

  await page.goto('/person-center/information');
  await expect(item).toContainText('已绑定');
  await expect(item).toContainText('中国工商银行 **** **** **** 3440');
  await expect(item).not.toContainText('未绑定');
  await expect(item.getByRole('link', { name: '查看或更换' })).toHaveAttribute('href', '/person-center/withdraw');

  // a phone, in English
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(item).toContainText('Bound');
  await expect(item).toContainText('**** **** **** 3440');
  await expect(item.getByRole('link', { name: 'View or change' })).toBeVisible();
});
