/**
 * Issue 9: opening the publish page left an empty draft behind each time, and abandoned drafts could only be
 * deleted one by one. Now the draft is made by the first save (the address then takes its id), and the work list
 * chooses drafts — on a desktop table and on phone cards — and deletes them together after a confirmation.
 */
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { API } from '../../contract/src/paths';
import { createMusician, logInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';

async function workCount(request: APIRequestContext): Promise<number> {
  const answer = await (await request.post(API.publish.list, { data: { page: 1, limit: 50 } })).json();
  return answer.data.total as number;
}

/** A work already with the editors (under first review): not a draft, so it cannot be chosen. */
async function submittedWork(mobile: string, title: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO works (user_id, kind, status, title) SELECT id, 'single', '200', $2 FROM users WHERE mobile = $1
       RETURNING id`,
      [mobile, title],
    );
    await client.query(`INSERT INTO work_tracks (work_id, position, title) VALUES ($1, 1, $2)`, [rows[0].id, title]);
    return Number(rows[0].id);
  } finally {
    await client.end();
  }
}

async function draft(request: APIRequestContext, title: string): Promise<number> {
  const answer = await (
    await request.post(API.publish.saveInfo, { data: { kind: 'single', title, tracks: [{ title }] } })
  ).json();
  expect(answer.code).toBe(1);
  return answer.data.id as number;
}

test('opening the publish page creates nothing; the first save makes the draft', async ({ page }) => {
  const musician = await createMusician('首存音乐人');
  await logInAs(page, musician.mobile);
  await page.goto('/work-publish/step/step-1');
  await page.getByRole('button', { name: /单曲/ }).click();
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?kind=single$/);
  await expect(page.getByRole('heading', { name: '发布单曲' })).toBeVisible();
  // looked at and left: still no work
  await page.goto('/work-management/list');
  await expect(page.getByText('还没有作品，发布你的第一首歌吧')).toBeVisible();
  expect(await workCount(page.request)).toBe(0);

  await page.goto('/work-publish/step/step-1?kind=single');
  await page.getByRole('textbox', { name: '歌曲名称' }).fill('第一次保存');
  await expect(page).toHaveURL(/\/work-publish\/step\/step-1\?id=\d+$/, { timeout: 20_000 });
  await expect(page.getByTestId('save-status')).toContainText(/已于 \d\d:\d\d 保存/, { timeout: 20_000 });
  // the same editor stays: what is typed after the first save is kept and saved into the same work
  await page.getByRole('textbox', { name: '歌曲名称' }).fill('第一次保存之后');
  await expect(page.getByTestId('save-status')).toContainText(/已于 \d\d:\d\d 保存/, { timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: '歌曲名称' })).toHaveValue('第一次保存之后');
  expect(await workCount(page.request)).toBe(1);
});

test('drafts are chosen on the list and deleted together after a confirmation', async ({ page }) => {
  const musician = await createMusician('清理草稿');
  await logInAs(page, musician.mobile);
  const a = await draft(page.request, '草稿甲');
  const b = await draft(page.request, '草稿乙');
  const c = await draft(page.request, '草稿丙');
  const submitted = await submittedWork(musician.mobile, '审核中的歌');

  await page.goto('/work-management/list');
  const row = (id: number) => page.getByTestId(`work-row-${id}`);
  await expect(row(a)).toBeVisible();
  // a work with the editors cannot be chosen
  await expect(row(submitted).getByRole('checkbox')).toBeDisabled();
  await row(a).getByRole('checkbox', { name: '选择“草稿甲”' }).check();
  await row(b).getByRole('checkbox', { name: '选择“草稿乙”' }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('已选 2 个草稿');

  // asked first; cancelling deletes nothing
  await bar.getByRole('button', { name: '删除所选草稿' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('删除这 2 个草稿？');
  await expect(dialog).toContainText('草稿甲');
  await expect(dialog).toContainText('草稿乙');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(row(a)).toBeVisible();

  await bar.getByRole('button', { name: '删除所选草稿' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除所选草稿' }).click();
  await expect(page.getByText('已删除 2 个草稿')).toBeVisible();
  await expect(row(a)).toHaveCount(0);
  await expect(row(b)).toHaveCount(0);
  await expect(row(c)).toBeVisible();
  await expect(row(submitted)).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(await workCount(page.request)).toBe(2);

  // on a phone: a card a work, with its own checkbox
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.work-cards')).toBeVisible();
  await expect(row(submitted).getByRole('checkbox')).toHaveCount(0);
  await row(c).getByRole('checkbox', { name: '选择“草稿丙”' }).check();
  const phoneBar = page.getByTestId('bulk-bar');
  await expect(phoneBar).toContainText('已选 1 个草稿');
  const box = await phoneBar.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await phoneBar.getByRole('button', { name: '删除所选草稿' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除所选草稿' }).click();
  await expect(row(c)).toHaveCount(0);
  expect(await workCount(page.request)).toBe(1);
});
