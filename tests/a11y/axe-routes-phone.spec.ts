import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, withLocale } from "./a11y-support";
import { axeWalk, locales } from "./axe-walk";

/*
 * The accessibility walk of axe-routes.spec.ts at 390 px: every page laid out for a phone (menus, cards, stacked
 * forms are other markup than at desktop width), plus the menus only a phone opens. 0 serious or critical findings.
 */

const phone = { width: 390, height: 844 };
// Its own shop server on port E2E_PORT+160 (tests/a11y/axe-walk.ts), so that it runs beside the desktop walk.
const { baseURL, contextFor } = axeWalk({ portOffset: 160, viewport: phone, label: ` at ${phone.width} px` });

test.describe("axe on the menus only a phone opens", () => {
  for (const locale of locales) {
    test(`mobile header menu (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: phone, hasTouch: true });
      const page = await context.newPage();
      await page.goto(withLocale(locale, "/"));
      await page.waitForLoadState("networkidle");
      await page.getByTestId("menu-toggle").click();
      await expect(page.getByTestId("mobile-menu")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} mobile menu`);
      await context.close();
    });

    // The admin pages themselves at this size are in the walk above; here, the menu their header opens.
    test(`admin menu on a phone (${locale})`, async ({ browser }) => {
      const context = await contextFor(browser, "admin");
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
      const page = await context.newPage();
      await page.goto(withLocale(locale, "/admin/orders"));
      await page.waitForLoadState("networkidle");
      await page.getByTestId("admin-menu-button").click();
      await expect(page.getByTestId("admin-nav-menu")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} admin menu`);
      await page.close();
    });
  }
});
