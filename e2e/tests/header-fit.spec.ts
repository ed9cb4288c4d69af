/**
 * Issue 9: in English the header's items ("Help center" and others) were cut off at 1366 and 1440 px. At those
 * widths and on a phone, in both languages, for visitors and musicians, nothing in the header overflows its box
 * (scrollWidth ≤ clientWidth), nothing leaves the screen, and every navigation item is in the row or under "more".
 */
import type { Page } from '@playwright/test';
import { createMusician, logInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const ITEMS = {
  visitor: {
    'zh-CN': ['首页', '数字发行', '服务资讯', '软件下载', '热力计划', '帮助中心'],
    en: ['Home', 'Digital distribution', 'Service news', 'Software download', 'Hot plan', 'Help center'],
  },
  musician: {
    'zh-CN': ['作品发布', '作品管理', '服务资讯', '软件下载', '热力计划', '帮助中心'],
    en: ['Work publishing', 'Work management', 'Service news', 'Software download', 'Hot plan', 'Help center'],
  },
} as const;

/** Elements of the header whose content is wider than their box, and visible links outside the screen. */
async function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const header = document.querySelector('.site-header')!;
    for (const el of [header, ...Array.from(header.querySelectorAll('*'))] as HTMLElement[]) {
      // the unseen copy the navigation measures its items in is made to be clipped, and so is text kept for
      // screen readers only (a 1 px clipped box)
      if (el.closest('.header-nav__measure-box')) continue;
      const style = getComputedStyle(el);
      if (style.position === 'absolute' && el.clientWidth <= 1 && style.overflow === 'hidden') continue;
      if (el.getClientRects().length === 0 || el instanceof SVGElement) continue;
      if (el.scrollWidth > el.clientWidth && el.clientWidth > 0)
        found.push(`${el.className || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`);
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.left < 0 || box.right > root.clientWidth + 0.5))
        found.push(`${el.className || el.tagName} off-screen: ${box.left}–${box.right}`);
    }
    return found;
  });
}

/** The navigation's items: those in the row, then those under "more". */
async function navItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /主导航|Main navigation/ });
  const row = await nav.locator('.header-nav__list:not(.header-nav__measure) > li > a').allInnerTexts();
  const more = nav.locator('.header-nav__more > button');
  if ((await more.count()) === 0) return row.map((t) => t.trim());
  await more.click();
  const menu = await nav.locator('.header-nav__menu a').allInnerTexts();
  await page.keyboard.press('Escape');
  return [...row, ...menu].map((t) => t.trim());
}

async function check(page: Page, who: keyof typeof ITEMS, lang: 'zh-CN' | 'en') {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.locator('.site-header')).toBeVisible();
    // the navigation settles after measuring
    await expect.poll(() => overflows(page), { message: `${who} ${lang} ${size.width}px` }).toEqual([]);
    const items = (await navItems(page)).map((t) => t.replace(/\d+$/, '').trim());
    expect(items, `${who} ${lang} ${size.width}px`).toEqual([...ITEMS[who][lang]]);
  }
}

test('the visitor header fits at 1366, 1440 and on a phone, in Chinese and English', async ({ page }) => {
  await page.goto('/advisory/index');
  await check(page, 'visitor', 'zh-CN');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await check(page, 'visitor', 'en');
});

test('the musician header fits at 1366, 1440 and on a phone, in Chinese and English', async ({ page }) => {
  const musician = await createMusician('页头测量');
  await logInAs(page, musician.mobile);
  await page.goto('/work-management/list');
  await check(page, 'musician', 'zh-CN');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await check(page, 'musician', 'en');
  // an item under "more" still leads where it should
  await page.setViewportSize({ width: 390, height: 844 });
  const more = page.locator('.header-nav__more > button');
  if ((await more.count()) > 0) {
    await more.click();
    await page.locator('.header-nav__menu a').last().click();
    await expect(page).toHaveURL(/\/help-center\/index$/);
  }
});
