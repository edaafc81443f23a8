import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { address, catalogVariants, fillAddress } from "../e2e/checkout-support";
import { e2eAdmin } from "../e2e/e2e-admin";
import { startShopServer, type ShopServer } from "../e2e/shop-server";
import { expectNoAxeViolations, pageRoutes, signInAdmin, signInCustomer, withLocale, type RouteFixtures, type Who } from "./a11y-support";

/*
 * The accessibility walk (axe-core on every page of the app, in English and Spanish, as the person who can open it)
 * at one screen size, on a shop server of its own (fresh data folder, the e2e admin made at start-up). The walk is
 * the longest end-to-end work: at desktop width and at 390 px it is two spec files (axe-routes, axe-routes-phone)
 * that playwright.config.ts can run on its two workers at once, neither seeing the other's orders.
 */

export const locales = ["en", "es"] as const;

/**
 * Declares the walk's server, signed-in contexts, fixtures and one test per page and locale; answers what the spec's
 * own tests (dialogs, menus) need. `viewport` is every context's size, the page laid out at it from the first paint.
 */
export function axeWalk(options: { portOffset: number; viewport: { width: number; height: number }; label: string }) {
  const port = Number(process.env.E2E_PORT ?? 3100) + options.portOffset;
  const baseURL = `http://localhost:${port}`;
  let shop: ShopServer | undefined;
  const contexts = new Map<Who, BrowserContext>();
  let fixtures: RouteFixtures;

  // Animations are switched off so that colours are measured in their final state.
  test.use({ baseURL, reducedMotion: "reduce", viewport: options.viewport });

  /**
   * A browser context per kind of visitor, signed in once. Playwright starts a new worker after a failed test, which
   * starts a new server as well (beforeAll below), so nothing made here outlives its server.
   */
  async function contextFor(browser: Browser, who: Who) {
    let context = contexts.get(who);
    if (!context) {
      context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: options.viewport });
      const page = await context.newPage();
      await page.goto("/");
      if (who === "customer") await signInCustomer(page, baseURL, "axe");
      if (who === "admin") await signInAdmin(page, baseURL);
      await page.close();
      contexts.set(who, context);
    }
    return context;
  }

  /** A paid order and a pending payment session of the walk's own customer. */
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
    testInfo.setTimeout(300_000);
    shop = await startShopServer({ port, admins: [e2eAdmin] });
    const page = await (await contextFor(browser, "customer")).newPage();
    fixtures = { productId: "prod_demo_01", categorySlug: "handbags", adminProductId: "prod_demo_01", ...(await makeOrders(page)) };
    await page.close();
  });

  test.afterAll(async () => {
    for (const context of contexts.values()) await context.close();
    contexts.clear();
    await shop?.stop();
  });

  test.describe(`axe on every route${options.label}`, () => {
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
              await expectNoAxeViolations(page, `${url}${options.label}`);
            } finally {
              await page.close();
            }
          });
        }
      }
    }
  });

  return { baseURL, contextFor };
}
