/**
 * Issue 9: audio problems were found only at submission. On the add-material page an uploaded accompaniment that is
 * too short and at 22.05 kHz says so on its row, naming each rule and the value found; a file that is no audio is
 * refused at upload naming the rule — on a desktop and on a phone.
 */
import { API } from '../../contract/src/paths';
import { createMusician, logInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { makeWav } from '../support/works';

test('an accompaniment’s audio problems show on its row as soon as it is uploaded', async ({ page }) => {
  const musician = await createMusician('物料检查');
  await logInAs(page, musician.mobile);
  const created = await (
    await page.request.post(API.publish.saveInfo, { data: { kind: 'single', title: '伴奏检查', tracks: [{}] } })
  ).json();
  expect(created.code).toBe(1);
  await page.goto(`/work-publish/add-material?id=${created.data.id}`);

  // not audio at all: refused at upload, the rule named
  const input = page.getByLabel('选择音频文件（WAV / FLAC）');
  await input.setInputFiles({
    name: 'notes.wav',
    mimeType: 'audio/wav',
    buffer: Buffer.from('这不是音频文件'.repeat(200)),
  });
  const refused = page.getByRole('alert').filter({ hasText: '文件未被接受' });
  await expect(refused).toContainText('音频须为 WAV 或 FLAC 文件，无法识别该文件的音频格式', { timeout: 20_000 });
  await expect(refused.locator('[data-rule="audio.format"]')).toBeVisible();

  // readable but breaking two rules: attached, and its row says which
  await page.getByLabel('选择音频文件（WAV / FLAC）').setInputFiles({
    name: 'backing.wav',
    mimeType: 'audio/wav',
    buffer: makeWav(12, 22_050),
  });
  const row = page.getByTestId('material-row').filter({ hasText: 'backing.wav' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const issues = row.getByTestId('material-issues');
  await expect(issues.locator('[data-rule="audio.sample_rate"]')).toHaveText(
    '音频采样率须为 44.1–96 kHz，当前为 22.05 kHz',
  );
  await expect(issues.locator('[data-rule="audio.too_short"]')).toHaveText('音频时长须至少 30 秒，当前为 12 秒');

  // on a phone the row's block shows them within the screen
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await issues.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(issues.locator('[data-rule="audio.too_short"]')).toBeVisible();
});
