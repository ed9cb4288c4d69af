/**
 * The musician's side of publishing: a single with real files (a 31 s 44.1 kHz 16-bit stereo WAV, a 3000×3000 RGB
 * PNG) through the three steps, signed on the canvas and submitted, then "under review" in the list; a draft left at
 * step 2 resumes there; an album gets a second track and a new order in update-music, kept after a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { createMusician, logInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { workFiles } from '../support/work-files';

/**
 * An antd Select: open it by its label, then click the option (antd renders options apart from the listbox). Forced:
 * once a value is chosen, the chosen item's text lies over the combobox input and takes the click for it.
 */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  const select = page.locator('.ant-select').filter({ has: box });
  // Checked and tried again: on a loaded machine a click could land while the dropdown was still opening.
  await expect(async () => {
    await box.click({ force: true });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 5_000 });
    await expect(select.locator('.ant-select-selection-item')).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** A name list field: type each name and press Enter. */
async function addNames(field: Locator, ...names: string[]) {
  for (const name of names) {
    await field.fill(name);
    await field.press('Enter');
  }
}

async function waitSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toContainText(/已于 \d\d:\d\d 保存/, { timeout: 20_000 });
}

function releaseDate(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Step 1 of a new single, filled completely with real files, then "Next": lands on step 2. */
async function completeSingleStep1(page: Page, title: string, files: { wav: string; cover: string }) {
  await page.getByRole('button', { name: '发布单曲' }).first().click();
  // nothing exists yet: the first save (of the first thing typed) creates the draft and the address takes its id
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?kind=single$/);

  // A live rule: ALL CAPS and "feat." are flagged while typing, before anything is sent.
  await page.getByRole('textbox', { name: '歌曲名称' }).fill('MIDNIGHT RAIN feat. Someone');
  await expect(page.getByText('标题中不得写合作艺人')).toBeVisible();
  await page.getByRole('textbox', { name: '歌曲名称' }).fill(title);
  await expect(page.getByText('标题中不得写合作艺人')).toHaveCount(0);
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?id=\d+$/, { timeout: 20_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  // The limit is in sight as one types (titles were cut at 200 characters silently).
  await expect(page.getByText(`${[...title].length} / 200`).first()).toBeVisible();

  await addNames(page.getByRole('textbox', { name: '主艺人', exact: true }), '林一舟');
  await choose(page, '流派', '民谣');
  await choose(page, '歌词语种', '国语');
  await page.getByRole('radio', { name: '原创' }).check();
  await page.getByRole('radio', { name: '仅拥有使用权' }).check();
  // Source 8 says at once that the work could not be submitted, and why.
  await choose(page, '权利来源', '8. 无授权');
  await expect(page.getByTestId('source-blocked')).toContainText('不能提交发行');
  await choose(page, '权利来源', '1. 我是词曲作者');
  await expect(page.getByTestId('source-blocked')).toHaveCount(0);
  await page.getByLabel('录音版权（℗）').fill('2026 林一舟');

  await addNames(page.getByRole('textbox', { name: '作词', exact: true }), '林一舟');
  await addNames(page.getByRole('textbox', { name: '作曲', exact: true }), '林一舟', '周晚');
  await page.getByLabel('歌词', { exact: true }).fill('雨落在窗台\n我在等你来');

  await page.getByLabel('封面', { exact: true }).setInputFiles(files.cover);
  await expect(page.getByText('cover.png')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('选择音频文件（WAV / FLAC）').setInputFiles(files.wav);
  await expect(page.getByText('已上传：master.wav')).toBeVisible({ timeout: 30_000 });
  // What the server read from the file's bytes.
  await expect(page.getByTestId('audio-current')).toContainText('WAV · 44.1 kHz · 16 bit · 2 ch · 0:31');
  await waitSaved(page);

  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`/work-publish/step/step-2\\?id=${id}$`));
  return id;
}

test('a musician publishes a single with real files through the three steps and finds it under review', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const musician = await createMusician('单曲音乐人');
  const files = await workFiles();
  const title = `雨夜来信 ${Date.now() % 100_000}`;
  try {
    await logInAs(page, musician.mobile);
    // No work yet: the entry page's big call to publish.
    await expect(page.getByRole('heading', { name: '发布你的第一首作品' })).toBeVisible();
    const id = await completeSingleStep1(page, title, files);

    // Step 2: every platform is chosen by default; the date must leave the platforms their lead time.
    await expect(page.getByRole('checkbox', { name: 'QQ音乐' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Spotify' })).toBeChecked();
    await page.getByRole('checkbox', { name: '全选海外平台' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Spotify' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Spotify' }).check();
    const date = page.getByRole('textbox', { name: '发行日期' });
    await date.click();
    await date.fill(releaseDate(30));
    await date.press('Enter');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(new RegExp(`/work-publish/step/step-3\\?id=${id}$`));

    // Step 3: the letter names the work and what is claimed; pre-review is clean; a signature is required (use right).
    const letter = page.getByTestId('authorization-letter');
    await expect(letter).toContainText(title);
    await expect(letter).toContainText('我是词曲作者 (Y)');
    await expect(letter).toContainText('仅拥有使用权');
    await expect(letter).toContainText('Spotify');
    await expect(page.getByText('预审通过，没有发现问题')).toBeVisible();
    const submit = page.getByRole('button', { name: '提交审核' });
    await page.getByRole('checkbox', { name: /我已阅读并同意以上授权书/ }).check();
    await expect(submit).toBeDisabled();
    await expect(page.getByText('仅拥有使用权的作品须手写签名授权书')).toBeVisible();

    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    // A tap is not a signature: the pad says so and submitting stays off.
    await page.mouse.click(box.x + 20, box.y + 20);
    await expect(page.getByText('签名太短，请写下完整的签名')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByRole('button', { name: '清除重签' }).click();
    await page.mouse.move(box.x + 40, box.y + 120);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + 40 + i * 25, box.y + 120 - Math.sin(i) * 50, { steps: 3 });
    await page.mouse.up();
    await expect(page.getByText('已签名')).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('已提交，等待编辑审核')).toBeVisible();
    await expect(page.getByTestId('submitted-status')).toContainText('编辑审核中');

    // The list shows it under review, with what may be done now.
    await page.getByRole('link', { name: '作品管理' }).last().click();
    await expect(page).toHaveURL(/\/work-management\/list$/);
    const row = page.getByTestId(`work-row-${id}`);
    await expect(row.getByTestId('work-title')).toHaveText(title);
    await expect(row.getByTestId('work-status')).toHaveText('编辑审核中');
    await expect(row.getByRole('button', { name: '撤回审核' })).toBeVisible();
    await expect(row.getByRole('link', { name: '下载授权书' })).toBeVisible();
    await page.getByRole('tab', { name: '编辑审核中' }).click();
    await expect(page).toHaveURL(/group=under_review/);
    await expect(page.getByTestId(`work-row-${id}`)).toBeVisible();

    // Its history: created, information complete, scope chosen, submitted.
    await page.getByTestId(`work-row-${id}`).getByRole('button', { name: '历史记录' }).click();
    await expect(page.getByRole('dialog').getByTestId('history-item')).toHaveCount(4);
    // Said as what happened, not as status codes (issue 9: "编辑审核中 (200) → …").
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('history-item').first()).toContainText('签署授权书并提交审核');
    await expect(dialog.getByTestId('history-item').first()).toContainText('状态：编辑审核中');
    await expect(dialog.getByTestId('history-item').last()).toContainText('创建作品');
    await expect(dialog).not.toContainText('(200)');
  } finally {
    await files.cleanup();
  }
});

test('a draft left at step 2 resumes at step 2 from the list', async ({ page }) => {
  test.setTimeout(90_000);
  const musician = await createMusician('草稿音乐人');
  const files = await workFiles();
  try {
    await logInAs(page, musician.mobile);
    const id = await completeSingleStep1(page, `未完的歌 ${Date.now() % 100_000}`, files);

    await page.goto('/work-management/list');
    const row = page.getByTestId(`work-row-${id}`);
    await expect(row.getByTestId('work-status')).toHaveText('待选择发行范围');
    await row.getByRole('link', { name: '继续发布' }).click();
    await expect(page).toHaveURL(new RegExp(`/work-publish/step/step-2\\?id=${id}$`));
    await expect(page.getByRole('heading', { name: '发行平台' })).toBeVisible();

    // Any country can be chosen (the list stopped at 20), and a refresh keeps what was picked (it forgot).
    await page.getByRole('radio', { name: '指定国家和地区' }).check();
    await page.getByRole('checkbox', { name: '日本' }).check();
    const more = page.getByRole('combobox', { name: '更多国家和地区' });
    await more.click();
    await page.keyboard.type('意大利');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '意大利' }).click();
    await page.keyboard.type('IS');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '冰岛' }).click();
    await page.keyboard.press('Escape');
    const date = releaseDate(40);
    await page.getByRole('textbox', { name: '发行日期' }).click();
    await page.keyboard.type(date);
    await page.keyboard.press('Enter');
    await page.reload();
    await expect(page.getByRole('radio', { name: '指定国家和地区' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '日本' })).toBeChecked();
    await expect(page.locator('.territory-more')).toContainText('意大利');
    await expect(page.locator('.territory-more')).toContainText('冰岛');
    await expect(page.getByRole('textbox', { name: '发行日期' })).toHaveValue(date);

    // Opening another step's address of this work lands on the step its status belongs to.
    await page.goto(`/work-publish/step/step-3?id=${id}`);
    await expect(page).toHaveURL(new RegExp(`/work-publish/step/step-2\\?id=${id}$`));
    await page.goto(`/work-publish/step/step-1?id=${id}`);
    await expect(page).toHaveURL(new RegExp(`/work-publish/step/step-2\\?id=${id}$`));
    // The entry page lists it among the drafts to finish.
    await page.goto('/work-publish/entry');
    await expect(
      page.getByRole('region', { name: '待完成的草稿' }).getByRole('link', { name: '继续发布' }),
    ).toHaveAttribute('href', `/work-publish/step/step-2?id=${id}`);
  } finally {
    await files.cleanup();
  }
});

test('an album gets a second track and a new order in update-music, kept after a reload', async ({ page }) => {
  const musician = await createMusician('专辑音乐人');
  await logInAs(page, musician.mobile);
  await page.getByRole('button', { name: '发布专辑' }).first().click();
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?kind=album$/);
  await page.getByRole('textbox', { name: '专辑名称' }).fill('四季');
  await page.getByRole('textbox', { name: '曲目名称' }).fill('春');
  await waitSaved(page);
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  await page.goto('/work-management/list');
  await page.getByTestId(`work-row-${id}`).getByRole('link', { name: '编辑曲目' }).click();
  await expect(page).toHaveURL(new RegExp(`/work-publish/update-music\\?id=${id}$`));
  await expect(page.getByTestId('track-title')).toHaveText(['春']);

  await page.getByRole('button', { name: '添加曲目' }).click();
  await page.getByRole('textbox', { name: '曲目名称' }).nth(1).fill('夏');
  await expect(page.getByTestId('track-title')).toHaveText(['春', '夏']);
  const up = page.getByRole('button', { name: '上移 夏' });
  await up.click();
  await expect(page.getByTestId('track-title')).toHaveText(['夏', '春']);
  // Focus stays on the moved track (now first, so on its "down" button) and the move is announced.
  await expect(page.getByRole('button', { name: '下移 夏' })).toBeFocused();
  await expect(page.getByText('夏 已移到第 1 位')).toBeAttached();
  await waitSaved(page);

  await page.reload();
  await expect(page.getByTestId('track-title')).toHaveText(['夏', '春']);

  // Removing asks first.
  await page.getByRole('button', { name: '删除 春' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByTestId('track-title')).toHaveText(['夏']);
  await waitSaved(page);
  await page.reload();
  await expect(page.getByTestId('track-title')).toHaveText(['夏']);
});
