/**
 * Issue 9: on a phone the floating Q&A button covered the footer's copyright line, and it showed on the page it
 * opens. At the bottom of a page nothing of the footer is under it, and on the Q&A page it is gone.
 */
import { expect, test } from '../support/fixtures';

test('on a phone the Q&A button covers no footer line and is not on the Q&A page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/guest/index');
  const button = page.locator('.qa-float');
  await expect(button).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  const b = (await button.boundingBox())!;
  const footer = page.locator('footer.site-footer');
  // Every text line of the footer is clear of the button once scrolled to the end.
  const overlaps = await footer.evaluate((el, box) => {
    const hits: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        const apart =
          r.right <= box.x || r.left >= box.x + box.width || r.bottom <= box.y || r.top >= box.y + box.height;
        if (!apart) hits.push(node.textContent.trim());
      }
    }
    return hits;
  }, b);
  expect(overlaps).toEqual([]);

  await button.click();
  await expect(page).toHaveURL(/\/help-center\/q-a$/);
  await expect(page.locator('.qa-float')).toHaveCount(0);
});
