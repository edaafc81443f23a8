import { expect, type Locator, type Page } from "@playwright/test";

/*
 * Keyboard-only helpers: they move focus with Tab / Shift+Tab and never click. Reading the DOM to know where focus
 * is stands in for the person's eyes.
 */

export const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`focus never reached ${target} after ${max} ${backwards ? "Shift+Tab" : "Tab"} presses`);
}

/** Describes the focused element (tag, name, test id) for messages and focus-order checks. */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "body";
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? ""}]`;
  });

/** True when the focused element is inside `container`. */
export const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));
