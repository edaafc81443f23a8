import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { address, catalogVariants, fillAddress } from "../e2e/checkout-support";
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
 * Issue 8 §5: axe-core on every page of the app, in English and Spanish, as the person who can open it (visitor,
 * signed-in customer, administrator), plus the dialogs and menus that open over them. 0 serious or critical findings.
 */

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
const locales = ["en", "es"] as const;

test("every page file of the app is in the accessibility route list", () => {
  expect(pageFiles()).toEqual(Object.keys(pageRoutes).sort());
});

test.describe("axe on every route", () => {
  // One worker runs these in order and the beforeAll's order is made once; a failure does not stop the others.
  // Animations are switched off so that colours are measured in their final state.
  test.use({ reducedMotion: "reduce" });

  const contexts = new Map<Who, BrowserContext>();
  let fixtures: RouteFixtures;

  /*
   * Playwright starts a new worker after a failed test and runs beforeAll again. The accounts and orders made here
   * are kept in the e2e server's data folder (fresh for every e2e run) so that a rerun does not buy more stock.
   */
  const cacheFile = path.join(process.env.E2E_DATA_DIR ?? `/tmp/vitrina-e2e-${process.env.E2E_PORT ?? 3100}`, "a11y-fixtures.json");
  type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
  type Cache = { fixtures?: RouteFixtures; states: Partial<Record<Who, StorageState>> };
  const readCache = (): Cache => (existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, "utf8")) as Cache) : { states: {} });
  const writeCache = (cache: Cache) => writeFileSync(cacheFile, JSON.stringify(cache));

  async function contextFor(browser: Browser, who: Who) {
    let context = contexts.get(who);
    if (!context) {
      const cache = readCache();
      context = await browser.newContext({ baseURL, reducedMotion: "reduce", storageState: cache.states[who] });
      if (!cache.states[who]) {
        const page = await context.newPage();
        await page.goto("/");
        if (who === "customer") await signInCustomer(page, baseURL, "axe");
        if (who === "admin") await signInAdmin(page, baseURL);
        await page.close();
        cache.states[who] = await context.storageState();
        writeCache(cache);
      }
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
    const cached = readCache().fixtures;
    if (cached) {
      fixtures = cached;
      return;
    }
    const page = await customer.newPage();
    const orders = await makeOrders(page);
    await page.close();
    fixtures = { productId: "prod_demo_01", categorySlug: "handbags", adminProductId: "prod_demo_01", ...orders };
    writeCache({ ...readCache(), fixtures });
  });

  test.afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

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
