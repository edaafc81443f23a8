import { devices, expect, test } from "@playwright/test";
import { expectNoAxeViolations, pageFiles, pageRoutes, withLocale } from "./a11y-support";
import { axeWalk, locales } from "./axe-walk";

/*
 * axe-core on every page of the app, in English and Spanish, as the person who can open it (visitor, signed-in
 * customer, administrator), at desktop width, plus the dialogs and menus that open over them. 0 serious or critical
 * findings. The same walk at 390 px, and the phone-only menus: axe-routes-phone.spec.ts.
 */

// Its own shop server on port E2E_PORT+90 (tests/a11y/axe-walk.ts).
const { baseURL, contextFor } = axeWalk({ portOffset: 90, viewport: devices["Desktop Chrome"].viewport, label: "" });

test("every page file of the app is in the accessibility route list", () => {
  expect(pageFiles()).toEqual(Object.keys(pageRoutes).sort());
});

test.describe("axe on the dialogs and menus over the pages", () => {
  for (const locale of locales) {
    test(`auth dialog: login, register and forgot-password views (${locale})`, async ({ browser }) => {
      const context = await contextFor(browser, "visitor");
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
      const page = await context.newPage();
      await page.goto(withLocale(locale, "/"));
      await page.waitForLoadState("networkidle");
      await page.getByTestId("user-menu-button").click();
      const dialog = page.getByTestId("auth-dialog");
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `${locale} login dialog`);
      await dialog.getByRole("tab").nth(1).click();
      await expect(page.getByTestId("register-form")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} register dialog`);
      await dialog.getByRole("tab").nth(0).click();
      // "Forgot password?" is the login form's last button.
      await dialog.getByTestId("login-form").getByRole("button").last().click();
      await expect(dialog.getByTestId("forgot-form")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} forgot-password dialog`);
      await page.close();
    });

    test(`cart drawer with lines, and the user menu (${locale})`, async ({ browser }) => {
      const context = await contextFor(browser, "customer");
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
      const page = await context.newPage();
      await page.goto(withLocale(locale, "/product/prod_demo_01"));
      await page.waitForLoadState("networkidle");
      await page.getByTestId("product-add-to-cart").click();
      // The "added" toast first: a toast that appears over the open drawer would take the Escape meant for it.
      await expect(page.getByTestId("toast")).toBeVisible();
      await page.getByTestId("cart-button").click();
      await expect(page.getByTestId("cart-line")).not.toHaveCount(0);
      await expectNoAxeViolations(page, `${locale} cart drawer`);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("cart-drawer")).toBeHidden();
      await page.getByTestId("user-menu-button").click();
      await expect(page.getByTestId("user-menu")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} user menu`);
      await page.close();
    });
  }
});

for (const { prefix, name } of [
  { prefix: "", name: "Learn More about our shop" },
  { prefix: "/es", name: "Saber más sobre nuestra tienda" },
]) {
  test(`the hero's Learn More link names where it leads (${prefix || "/"})`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await expect(page.getByTestId("hero").getByRole("link", { name, exact: true })).toHaveAttribute("href", `${prefix}/about`);
  });
}
