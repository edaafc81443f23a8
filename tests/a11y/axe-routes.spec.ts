import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { address, catalogVariants, fillAddress } from "../e2e/checkout-support";
import { e2eAdmin } from "../e2e/e2e-admin";
import { startShopServer, type ShopServer } from "../e2e/shop-server";
import {
  expectNoAxeViolations,
  pageFiles,
  pageRoutes,
  signInAdmin,
  signInCustomer,
  withLocale,
  type RouteFixtures,
  type Who,
} from "./a11y-support";

/*
 * axe-core on every page of the app, in English and Spanish, as the person who can open it (visitor,
 * signed-in customer, administrator), at desktop width and again at 390 px, plus the dialogs and menus that open over
 * them. 0 serious or critical findings.
 */

/*
 * The walk runs on a shop server of its own (port E2E_PORT+90, fresh data folder, the e2e admin made at start-up):
 * it is the longest spec, and on its own server it runs beside the specs that share the main e2e server
 * (playwright.config.ts) without seeing their orders or they its.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 90;
const baseURL = `http://localhost:${port}`;
const locales = ["en", "es"] as const;
let shop: ShopServer | undefined;

test.use({ baseURL });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  shop = await startShopServer({ port, admins: [e2eAdmin] });
});

test.afterAll(async () => {
  await shop?.stop();
});

test("every page file of the app is in the accessibility route list", () => {
  expect(pageFiles()).toEqual(Object.keys(pageRoutes).sort());
});

test.describe("axe on every route", () => {
  // One worker runs these in order and the beforeAll's order is made once; a failure does not stop the others.
  // Animations are switched off so that colours are measured in their final state.
  test.use({ reducedMotion: "reduce" });

  const contexts = new Map<Who, BrowserContext>();
  let fixtures: RouteFixtures;

  /**
   * A browser context per kind of visitor, signed in once. Playwright starts a new worker after a failed test, which
   * starts a new server as well (beforeAll above), so nothing made here outlives its server.
   */
  async function contextFor(browser: Browser, who: Who) {
    let context = contexts.get(who);
    if (!context) {
      context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto("/");
      if (who === "customer") await signInCustomer(page, baseURL, "axe");
      if (who === "admin") await signInAdmin(page, baseURL);
      await page.close();
      contexts.set(who, context);
    }
    return context;
  }

  /** A paid order and a pending payment session of the suite's own customer. */
  async function makeOrders(page: Page) {
    const [entry] = await catalogVariants(page.request);
    const checkout = async () => {
      const response = await page.request.post(`${baseURL}/api/store/main/checkout`, {
        data: { items: [{ variant_id: entry.variant.id, quantity: 1 }], locale: "en", successUrl: `${baseURL}/success`, cancelUrl: `${baseURL}/` },
        headers: { origin: baseURL },
      });
      expect(response.status(), await response.text()).toBe(200);
      return new URL(((await response.json()) as { url: string }).url).pathname.split("/").pop()!;
    };
    const paidSession = await checkout();
    await page.goto(`/pay/${paidSession}`);
    await fillAddress(page, address);
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/success\?order_id=\d+/);
    const orderId = new URL(page.url()).searchParams.get("order_id")!;
    return { orderId, paySessionId: await checkout() };
  }

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    const customer = await contextFor(browser, "customer");
    const page = await customer.newPage();
    const orders = await makeOrders(page);
    await page.close();
    fixtures = { productId: "prod_demo_01", categorySlug: "handbags", adminProductId: "prod_demo_01", ...orders };
  });

  test.afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  const phone = { width: 390, height: 844 };

  /** Resolves once the page has laid out and painted at its new size (resize handlers and media queries have run). */
  async function afterLayout(page: Page) {
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }

  for (const [file, cases] of Object.entries(pageRoutes)) {
    for (const route of cases) {
      for (const locale of locales) {
        test(`${route.name} (${locale}, ${route.who}) — ${file}`, async ({ browser }) => {
          const context = await contextFor(browser, route.who);
          // The language cookie of an earlier Spanish page would send an English URL to /es.
          await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
          const page = await context.newPage();
          try {
            const url = withLocale(locale, route.path(fixtures));
            await page.goto(url);
            await expect(page.locator("html")).toHaveAttribute("lang", locale);
            await page.waitForLoadState("networkidle");
            await expectNoAxeViolations(page, url);
            // The same page on a phone: the responsive layout (menus, cards, stacked forms) is other markup to check.
            await page.setViewportSize(phone);
            await afterLayout(page);
            await expectNoAxeViolations(page, `${url} at ${phone.width} px`);
          } finally {
            await page.close();
          }
        });
      }
    }
  }

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

    test(`mobile header menu (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 390, height: 844 }, hasTouch: true });
      const page = await context.newPage();
      await page.goto(withLocale(locale, "/"));
      await page.waitForLoadState("networkidle");
      await page.getByTestId("menu-toggle").click();
      await expect(page.getByTestId("mobile-menu")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} mobile menu`);
      await context.close();
    });

    test(`admin menu on a phone (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await signInAdmin(page, baseURL);
      await page.goto(withLocale(locale, "/admin/orders"));
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page, `${locale} admin orders on a phone`);
      await page.getByTestId("admin-menu-button").click();
      await expect(page.getByTestId("admin-nav-menu")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} admin menu`);
      await context.close();
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
