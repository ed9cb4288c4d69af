/**
 * The editor's side of works (issue 3): a musician's submitted singles are reviewed in /admin → 作品审核. One passes
 * first and final review (the musician sees 作品发行中), waits in the 待上线 tab and is marked online from there
 * (作品已上线); its authorization letter opens as a PDF for the editor only. Another is rejected for its
 * cover with an explanation, after a second editor's action made the first one's click stale. The works are
 * submitted through the API with real files (support/works.ts); the publishing screens have journeys of their own.
 */
import type { Locator, Page } from '@playwright/test';
import { createMusician, logInAs } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { submitSingle } from '../support/works';

async function staffLogIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** The musician's list of works, and the entry of one work in it (a table row or a card). */
async function musicianWork(page: Page, title: string): Promise<Locator> {
  await page.goto('/work-management/list');
  return page.getByRole('main').locator('tr, li, article').filter({ hasText: title }).first();
}

async function bellCount(bell: Locator): Promise<number> {
  const text = (await bell.textContent()) ?? '';
  return Number(text.match(/\d+/)?.[0] ?? 0);
}

test('an editor reviews submitted singles: approve to 990, find it awaiting online, mark it 991, reject one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const musician = await createMusician('审核歌手');
  const stamp = Date.now() % 100_000;
  const titleA = `春天的回声 ${stamp}`;
  const titleB = `夏夜晚风 ${stamp}`;

  await logInAs(page, musician.mobile);
  // page.request carries the musician's session cookie.
  const a = await submitSingle(page.request, { title: titleA, artist: '林晓' });
  const b = await submitSingle(page.request, { title: titleB, artist: '林晓' });

  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const staff = await staffContext.newPage();
    await staffLogIn(staff);
    await staff.getByRole('menuitem', { name: '作品审核' }).click();
    await expect(staff).toHaveURL(/\/admin\/review$/);
    await expect(staff.getByRole('heading', { level: 1, name: '审核队列' })).toBeVisible();
    await expect(staff.getByRole('tab', { name: '初审', selected: true })).toBeVisible();

    // Other journeys' works may wait in the same queue: find these two by what their titles share.
    const search = staff.getByRole('searchbox', { name: '搜索作品' });
    await search.fill(String(stamp));
    await search.press('Enter');
    await expect(staff).toHaveURL(new RegExp(`keyword=${stamp}`));

    // The queue: both works in first review, with cover, musician (masked mobile), tracks and age.
    const rowA = staff.getByRole('row').filter({ hasText: titleA });
    const rowB = staff.getByRole('row').filter({ hasText: titleB });
    await expect(rowA).toContainText('初审中');
    await expect(rowA).toContainText('林晓');
    await expect(rowA).toContainText('单曲');
    await expect(rowA).toContainText('审核歌手');
    await expect(rowA).toContainText(`${musician.mobile.slice(0, 3)}****${musician.mobile.slice(-4)}`);
    await expect(rowA).toContainText(/刚刚|分钟前/);
    await expect(rowA.getByRole('img', { name: `《${titleA}》的封面` })).toBeVisible();
    await expect(rowB).toBeVisible();

    // A narrower search; the final-review tab does not have them yet.
    await search.fill(titleB);
    await search.press('Enter');
    await expect(rowB).toBeVisible();
    await expect(rowA).toHaveCount(0);
    await search.fill(String(stamp));
    await search.press('Enter');
    await expect(rowA).toBeVisible();
    await staff.getByRole('tab', { name: '终审' }).click();
    await expect(staff).toHaveURL(/stage=final/);
    await expect(staff.getByText('没有待审核的作品')).toBeVisible();
    await staff.getByRole('tab', { name: '初审' }).click();

    // The work's page: cover, a player that loads the real audio, pre-review, metadata, authorization, history.
    await rowA.getByRole('link', { name: titleA }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/review/${a.id}$`));
    await expect(staff.getByRole('heading', { level: 1 })).toContainText(titleA);
    await expect(staff.getByRole('img', { name: `《${titleA}》的封面` })).toBeVisible();
    const player = staff.locator(`audio[aria-label="主音频：${titleA}"]`);
    await expect(player).toHaveAttribute('src', /\/files\//);
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 15_000 })
      .toBeGreaterThan(30);
    await expect(staff.getByText(/WAV · 44\.1 kHz · 16 bit · 2 声道 · 0:31/)).toBeVisible();
    await expect(staff.getByRole('heading', { name: '预审结果' })).toBeVisible();
    await expect(staff.getByText('预审未发现问题')).toBeVisible();
    await expect(staff.getByText('我是词曲作者（代码 Y）')).toBeVisible();
    await expect(staff.getByText('终审通过时分配').first()).toBeVisible();
    // Platforms by name, not code.
    await expect(staff.locator('.admin-review-platforms').getByRole('listitem')).toHaveText([
      'QQ音乐',
      '网易云音乐',
      'Spotify',
    ]);
    await expect(staff.getByText('qq_music', { exact: true })).toHaveCount(0);
    // The letter's link answers the signed PDF to the editor (staff.request shares the staff session)…
    const pdfLink = staff.getByRole('link', { name: '查看授权书（PDF）' });
    await expect(pdfLink).toBeVisible();
    const pdfUrl = await pdfLink.getAttribute('href');
    expect(pdfUrl).toBe(`/api/admin/review/authorization?id=${a.id}`);
    const pdf = await staff.request.get(pdfUrl!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // …and not to the musician, whose own letter is read through their own call.
    expect((await (await page.request.get(pdfUrl!)).json()).code).toBe(1000);
    await expect(staff.getByText('第一行歌词')).toBeVisible();

    // First review passes (with a remark), then the final review.
    await staff.getByRole('button', { name: '初审通过' }).click();
    let dialog = staff.getByRole('dialog', { name: '初审通过' });
    await dialog.getByLabel('备注（可选）').fill('音频与封面均符合要求');
    await dialog.getByRole('button', { name: '初审通过' }).click();
    await expect(dialog).toBeHidden();
    const summary = staff.locator('.admin-review-summary');
    await expect(summary).toContainText('终审中');
    await expect(staff.locator('.admin-review-history')).toContainText('音频与封面均符合要求');

    await staff.getByRole('button', { name: '终审通过' }).click();
    dialog = staff.getByRole('dialog', { name: '终审通过' });
    await dialog.getByRole('button', { name: '终审通过' }).click();
    await expect(dialog).toBeHidden();
    await expect(summary).toContainText('作品发行中');
    // Codes were assigned at the final approval.
    await expect(staff.getByText('终审通过时分配')).toHaveCount(0);

    // The musician sees 990.
    let entry = await musicianWork(page, titleA);
    await expect(entry.getByTestId('work-status')).toHaveText('作品发行中');

    // The approved work waits in the 待上线 tab; it is marked online from there.
    await staff.getByRole('link', { name: '返回审核队列' }).click();
    await expect(staff).toHaveURL(/\/admin\/review$/);
    await staff.getByRole('tab', { name: '待上线' }).click();
    await expect(staff).toHaveURL(/stage=distributing/);
    await search.fill(String(stamp));
    await search.press('Enter');
    await expect(rowA).toContainText('作品发行中');
    await expect(rowB).toHaveCount(0);
    await rowA.getByRole('link', { name: titleA }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/review/${a.id}$`));

    // Marked online: 991 for the editor and the musician.
    await staff.getByRole('button', { name: '标记已上线' }).click();
    dialog = staff.getByRole('dialog', { name: '标记为已上线' });
    // its release date is ahead: the dialog names it and wants a confirmation (issue 9)
    await expect(dialog.getByTestId('online-before-release')).toContainText(/发行日期是 \d{4}-\d{2}-\d{2}，还没到/);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '标记已上线' }).click();
    await expect(summary).toContainText('作品已上线');
    await expect(summary).toContainText('当前状态无需审核操作');
    await expect(staff.locator('.admin-review-history')).toContainText('作品发行中 (990) → 作品已上线 (991)');
    entry = await musicianWork(page, titleA);
    await expect(entry.getByTestId('work-status')).toHaveText('作品已上线');

    // The second work: another editor passes its first review while this one still shows first review.
    const bell = page.getByRole('banner').getByRole('link', { name: /系统消息/ });
    await page.reload();
    await expect(bell).toBeVisible();
    const before = await bellCount(bell);

    // Online, it has left the 待上线 tab.
    await staff.goto(`/admin/review?stage=distributing&keyword=${stamp}`);
    await expect(staff.getByText('没有待上线的作品')).toBeVisible();

    await staff.getByRole('tab', { name: '初审' }).click();
    await expect(staff).toHaveURL(/\/admin\/review\?keyword=/);
    await search.fill(titleB);
    await search.press('Enter');
    await rowB.getByRole('link', { name: titleB }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/review/${b.id}$`));
    await expect(summary).toContainText('初审中');
    const other = await staffContext.request.post('/api/admin/review/approve', {
      data: { id: b.id, status: '200', remark: '' },
    });
    expect((await other.json()).code).toBe(1);
    await staff.getByRole('button', { name: '初审通过' }).click();
    dialog = staff.getByRole('dialog', { name: '初审通过' });
    await dialog.getByRole('button', { name: '初审通过' }).click();
    // The server's refusal is shown, and the page reloads with the status the work really has.
    const refusal = staff.getByRole('dialog').filter({ hasText: '作品当前状态不允许此操作' });
    await expect(refusal).toBeVisible();
    await refusal.getByRole('button').last().click();
    await expect(summary).toContainText('终审中');

    // Rejected for its cover, with an explanation ("other" needs one).
    await staff.getByRole('button', { name: '驳回', exact: true }).click();
    dialog = staff.getByRole('dialog', { name: '驳回作品' });
    await dialog.getByRole('radio', { name: '其他原因' }).check();
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await expect(dialog.getByText('选择“其他原因”时请填写说明')).toBeVisible();
    await dialog.getByRole('radio', { name: '封面不符合要求' }).check();
    const reason = '封面中含有平台二维码，请去掉后重新上传';
    await dialog.getByLabel('说明').fill(reason);
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await expect(dialog).toBeHidden();
    await expect(summary).toContainText('作品被驳回');
    await expect(summary).toContainText('驳回原因：封面不符合要求');
    await expect(summary).toContainText(reason);

    // The musician's list shows the reason; the bell counts the new message.
    entry = await musicianWork(page, titleB);
    await expect(entry.getByTestId('work-status')).toHaveText('作品被驳回');
    await expect(entry.getByTestId('work-reject-reason')).toContainText(reason);
    await expect.poll(() => bellCount(bell)).toBeGreaterThan(before);

    // Fixing it: the editor's words are at the top of the step it reopens at (issue 9: they were not).
    await entry.getByRole('button', { name: '修改后重新提交' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '修改后重新提交' }).click();
    await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?id=\d+$/);
    await expect(page.getByTestId('reject-reason')).toContainText('封面不符合要求');
    await expect(page.getByTestId('reject-reason')).toContainText(reason);

    // Neither work is waiting any more.
    await staff.goto(`/admin/review?stage=all&keyword=${stamp}`);
    await expect(staff.getByText('没有待审核的作品')).toBeVisible();
  } finally {
    await staffContext.close();
  }
});
