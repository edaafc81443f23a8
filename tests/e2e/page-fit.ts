import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Nothing on the page makes a visitor scroll sideways: the document is no wider than the window (the suite checks its
 * screens at 390 px). Measured once the web fonts are in: text in a fallback font has another width.
 */
export async function expectNoSidewaysScroll(page: Page, label: string = page.url(), options: { soft?: boolean } = {}) {
  await page.evaluate(() => document.fonts.ready);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
  (options.soft ? expect.soft : expect)(widths.page, `${label} is no wider than the window`).toBeLessThanOrEqual(widths.window);
}

/**
 * Waits until the first `count` elements of `items` have finished their animations: product cards slide in one after
 * another (storefront.css), so two cards of one row measured mid-way stand a pixel or two apart.
 */
export async function waitForEntrances(items: Locator, count: number) {
  await items.evaluateAll((all, n) => Promise.all(all.slice(0, n).flatMap((el) => el.getAnimations().map((a) => a.finished))), count);
}
