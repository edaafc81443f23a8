import { expect, test, type Browser, type Page } from "@playwright/test";
import { e2eAdmin } from "./e2e-admin";
import { startShopServer, type ShopServer } from "./shop-server";

// The admin specs start their own server through the shared helper.
export { startShopServer, type ShopServer };

type Admin = { email: string; password: string; name?: string };

/**
 * A spec file's own shop with `admin` made by admin:create before it starts: up before the file's first test, down
 * after its last, the tests in order (they build on each other's catalog). `signIn` opens `path` as that admin, through
 * the auth API (the sign-in dialog is the accounts specs' subject).
 */
export function ownAdminShop(offset: number, admin: Admin) {
  const baseURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + offset}`;
  let shop: ShopServer | undefined;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000);
    shop = await startShopServer({ port: Number(new URL(baseURL).port), admins: [admin] });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });
  return {
    baseURL,
    async signIn(page: Page, path = "/admin") {
      const response = await page.request.post(`${baseURL}/api/auth/sign-in/email`, { data: { email: admin.email, password: admin.password }, headers: { origin: baseURL } });
      expect(response.status(), await response.text()).toBe(200);
      await page.goto(`${baseURL}${path}`);
    },
  };
}

/** A signed-in administrator (the e2e server's own unless `who` is given) in a browser context of its own. */
export async function openAdmin(browser: Browser, baseURL: string, who: { email: string; password: string } = e2eAdmin) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: who.email, password: who.password }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}
