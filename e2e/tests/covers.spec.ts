/**
 * The cover maker (issue 14).
 * Smart: from a work, the maker proposes covers, the musician picks one, changes the title's font, exports it (the
 * server renders and checks it) and sets it as the work's cover.
 * Manual: the musician uploads a photo (warned that it will be enlarged), adds two text layers, undoes one, exports.
 */
import type { APIRequestContext } from '@playwright/test';
import { API } from '../../contract/src/paths';
import { createMusician, logInAs } from '../support/accounts';
import { ADMIN_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { makeCoverPng } from '../support/works';

/** A draft single with its title, artist and label (step 1 saved, no files yet). */
async function draftWork(request: APIRequestContext, title: string, artist: string): Promise<number> {
  const created = await (await request.post(API.publish.create, { data: { kind: 'single' } })).json();
  const id = created.data.id as number;
  const saved = await (
    await request.post(API.publish.saveInfo, {
      data: {
        id,
        title,
        version: '',
        primary_artists: [artist],
        featured_artists: [],
        genre: 'pop',
        language: 'zh-cmn',
        explicit: false,
        original_release_date: null,
        label: '乐轨测试厂牌',
        p_line: '',
        c_line: '',
        upc: null,
        property: 1,
        wc_statement: 1,
        source: 1,
        cover_key: null,
        tracks: [
          {
            title,
            version: '',
            primary_artists: [artist],
            featured_artists: [],
            lyricist: [],
            composer: [],
            arranger: [],
            producer: [],
            isrc: null,
            explicit: false,
            language: 'zh-cmn',
            lyrics: '',
            audio_key: null,
          },
        ],
      },
    })
  ).json();
  expect(saved.code, JSON.stringify(saved)).toBe(1);
  return id;
}

test('smart maker: from a work, propose, pick, change the title font, export, set as the cover', async ({ page }) => {
  test.setTimeout(180_000);
  const musician = await createMusician('封面歌手');
  await logInAs(page, musician.mobile);
  const title = `星河 ${Date.now() % 100_000}`;
  const workId = await draftWork(page.request, title, '林晓');

  await page.goto(`/intelligence-cover?work=${workId}`);
  await expect(page.getByRole('heading', { name: '智能封面' })).toBeVisible();
  await expect(page.getByTestId('work-picker')).toHaveValue(String(workId));
  await page.getByTestId('propose').click();
  // Several proposals at once, each rendered by the server.
  await expect(page.getByTestId('proposal-4')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: '方案 2' })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('proposal-2').click();
  await expect(page.getByTestId('proposal-2')).toHaveAttribute('aria-pressed', 'true');

  // The title layer is selected: change its font; the preview is rendered again.
  const preview = page.getByTestId('cover-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const before = await preview.getAttribute('src');
  const font = page.getByTestId('inspector-font');
  const current = await font.inputValue();
  await font.selectOption(current.startsWith('noto-serif') ? 'noto-sans-sc-bold' : 'noto-serif-sc-bold');
  await expect.poll(async () => preview.getAttribute('src'), { timeout: 30_000 }).not.toBe(before);

  await page.getByTestId('export-cover').click();
  await expect(page.getByTestId('export-result')).toContainText('封面已通过平台规则检查', { timeout: 60_000 });
  await expect(page.getByRole('link', { name: '下载封面' })).toHaveAttribute('href', /\/files\/users\/\d+\/cover\//);
  await page.getByTestId('use-as-cover').click();
  await expect(page.getByTestId('cover-used')).toContainText(title, { timeout: 30_000 });

  // The work now has that cover.
  const detail = await (await page.request.get(`${API.publish.detail}?id=${workId}`)).json();
  expect(detail.data.cover?.key).toMatch(/\/cover\//);
});

test('manual maker: upload a photo, add two text layers, undo one, export', async ({ page }) => {
  test.setTimeout(180_000);
  const musician = await createMusician('照片歌手');
  await logInAs(page, musician.mobile);
  await page.goto('/intelligence-cover-head');
  await expect(page.getByRole('heading', { name: '自定义封面' })).toBeVisible();
  await page.getByLabel('作品名称', { exact: true }).fill('海边的风');
  await page.getByLabel('歌手', { exact: true }).fill('林晓');

  // A 1200-pixel photo: used, with the warning that filling the canvas enlarges it.
  await page.getByTestId('photo-input').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: makeCoverPng(1200),
  });
  await expect(page.getByTestId('upscale-warning')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('layer-list').getByRole('button', { name: '照片', exact: true })).toBeVisible();

  await page.getByTestId('add-title').click();
  await page.getByTestId('add-artist').click();
  const layers = page.getByTestId('layer-list').getByRole('listitem');
  await expect(layers).toHaveCount(3);
  await page.getByTestId('undo').click();
  await expect(layers).toHaveCount(2);
  await expect(page.getByTestId('layer-list').getByRole('button', { name: '歌手', exact: true })).toHaveCount(0);

  // Keyboard nudging moves the selected layer.
  await page.locator('[data-testid^="handle-title"]').focus();
  await page.keyboard.press('Shift+ArrowUp');
  await expect(page.getByLabel('垂直位置')).toHaveValue('1400');

  await expect(page.getByTestId('cover-preview')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('export-cover').click();
  await expect(page.getByTestId('export-result')).toContainText('封面已通过平台规则检查', { timeout: 60_000 });
  await expect(page.getByTestId('export-result')).toContainText('放大');
});

test('console: content staff add a cover background and retire it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.getByRole('link', { name: '封面背景' }).first().click();
  await expect(page.getByRole('heading', { name: '封面背景' })).toBeVisible();
  const name = `晚霞${Date.now() % 100_000}`;
  await page.getByRole('button', { name: '添加背景' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('中文名称').fill(name);
  await dialog.getByLabel('英文名称').fill('Afterglow');
  await expect(dialog.getByLabel('颜色 2')).toBeVisible();
  await dialog.getByRole('button', { name: '添加背景' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('提供中');
  await row.getByRole('button', { name: '下架' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText('已下架');
});

test('no background offered: both makers say so instead of an empty panel', async ({ page }) => {
  test.setTimeout(120_000);
  const musician = await createMusician('空背景歌手');
  await logInAs(page, musician.mobile);
  // Content staff retired every background: the catalogue is empty, so proposals are too. Played by answering
  // these two calls in this page only, so that the other journeys keep the shared catalogue.
  const ok = (data: unknown) => ({ json: { code: 1, msg: 'ok', data } });
  await page.route(`**${API.covers.bglist}*`, (route) => route.fulfill(ok({ categories: [] })));
  await page.route(`**${API.covers.propose}`, (route) =>
    route.fulfill(ok({ meta: { title: '海边的风', artist: '林晓', label: '', genre: '' }, designs: [] })),
  );

  await page.goto('/intelligence-cover');
  await expect(page.getByRole('heading', { name: '智能封面' })).toBeVisible();
  await page.getByLabel('作品名称', { exact: true }).fill('海边的风');
  await page.getByTestId('propose').click();
  await expect(page.getByTestId('proposals-none')).toContainText('暂时没有可用的背景');

  await page.goto('/intelligence-cover-head');
  await expect(page.getByRole('heading', { name: '自定义封面' })).toBeVisible();
  await expect(page.getByTestId('backgrounds-empty')).toContainText('暂时没有可用的背景', { timeout: 30_000 });
});
