import { expect, type Browser } from "@playwright/test";
import { e2eAdmin } from "./e2e-admin";

// The admin specs start their own server through the shared helper.
export { startShopServer, type ShopServer } from "./shop-server";

/** A signed-in administrator (the e2e server's own unless `who` is given) in a browser context of its own. */
export async function openAdmin(browser: Browser, baseURL: string, who: { email: string; password: string } = e2eAdmin) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: who.email, password: who.password }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}
