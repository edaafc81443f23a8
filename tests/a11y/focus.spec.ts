import { expect, test, type Locator, type Page } from "@playwright/test";
import { focusInside, focusedElement, tabTo } from "./keyboard";

/*
 * the cart drawer and the sign-in dialog keep focus inside while open (Tab and Shift+Tab cycle through
 * their own controls) and give it back to the button that opened them when Escape closes them.
 */

/** Presses Tab `presses` times (then Shift+Tab as often) and fails the first time focus leaves `container`. */
async function expectFocusTrapped(page: Page, container: Locator, presses: number) {
  const seen = new Set<string>();
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const where = await focusedElement(page);
      expect(await focusInside(container), `after ${key} #${i + 1} focus is on ${where}`).toBe(true);
      seen.add(where);
    }
  }
  // Cycling means coming back round: more presses than the container has stops.
  return seen;
}

test("the cart drawer traps focus while open and returns it to the cart button on Escape", async ({ page }) => {
  await page.goto("/product/prod_demo_22");
  await page.waitForLoadState("networkidle");
  await tabTo(page, page.getByTestId("product-add-to-cart"));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  // The "added" toast first: a toast that appears over the open drawer would take the Escape meant for it.
  await expect(page.getByTestId("toast")).toBeVisible();

  const opener = page.getByTestId("cart-button");
  await tabTo(page, opener, { backwards: true });
  await page.keyboard.press("Enter");
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer).toBeVisible();
  expect(await focusInside(drawer)).toBe(true);
  // The drawer has 6 stops (minus is disabled at 1): quantity +, Remove, Proceed to Checkout, Close …; 15 presses go round twice.
  const stops = await expectFocusTrapped(page, drawer, 15);
  expect(stops.size).toBeGreaterThanOrEqual(3);
  expect(stops.size).toBeLessThan(15);

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
});

for (const { locale, prefix } of [
  { locale: "en", prefix: "" },
  { locale: "es", prefix: "/es" },
]) {
  test(`the sign-in dialog traps focus while open and returns it to the account button on Escape (${locale})`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await page.waitForLoadState("networkidle");
    const opener = page.getByTestId("user-menu-button");
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("auth-dialog");
    await expect(page.getByTestId("login-form")).toBeVisible();
    expect(await focusInside(dialog)).toBe(true);
    const stops = await expectFocusTrapped(page, dialog, 20);
    // Tabs, email, password, show password, Login, Forgot password?, Close.
    expect(stops.size).toBeGreaterThanOrEqual(6);
    expect(stops.size).toBeLessThan(20);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
