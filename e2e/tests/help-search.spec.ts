/**
 * Issue 9: the help centre's search box searched Q&A only. One search now covers help documents, news and
 * questions, grouped with counts and the keyword marked, with a "nothing found" state — on a desktop and a phone.
 */
import { expect, test } from '../support/fixtures';

test('the help centre searches documents, news and questions at once', async ({ page }) => {
  await page.goto('/help-center/index');
  await page.getByRole('searchbox', { name: '搜索帮助中心' }).fill('发行');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/\/help-center\/index\?keyword=%E5%8F%91%E8%A1%8C$/);

  const help = page.getByTestId('search-help');
  const news = page.getByTestId('search-news');
  const questions = page.getByTestId('search-questions');
  await expect(help.getByRole('heading', { name: /帮助文档/ })).toBeVisible();
  await expect(news.getByRole('heading', { name: /新闻资讯/ })).toBeVisible();
  await expect(questions.getByRole('heading', { name: /常见问题/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '共找到' })).toContainText('“发行”共找到');
  // the keyword is marked in titles and excerpts
  await expect(news.locator('mark').first()).toHaveText('发行');
  await expect(questions.locator('mark').first()).toHaveText('发行');

  // a news hit opens the article
  const first = news.getByRole('link').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/advisory\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // nothing found says so and offers the Q&A instead
  await page.goto('/help-center/index?keyword=没有这样的词语');
  await expect(page.getByTestId('search-empty')).toContainText('没有找到与“没有这样的词语”相关的内容');
  await expect(page.getByTestId('search-empty').getByRole('link', { name: '前往帮助问答' })).toBeVisible();

  // on a phone the results fit the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help-center/index?keyword=发行');
  await expect(page.getByTestId('search-help')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('in English the search groups and empty state are in English', async ({ page }) => {
  await page.goto('/guest/index');
  await page.getByRole('button', { name: 'English' }).click();
  await page.goto('/help-center/index?keyword=zzzz-nothing');
  await expect(page.getByTestId('search-empty')).toContainText('Nothing found for “zzzz-nothing”');
});
