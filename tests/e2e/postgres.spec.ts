import { expect, test } from "@playwright/test";

// Runs against a second server started on a fresh PostgreSQL database (see playwright.config.ts): the same
// `npm start` serves the same demo shop there.
test("the shop served from PostgreSQL has the demo catalog, pages and API", async ({ page, request }) => {
  const api = await request.get("/api/store/main/products?limit=5");
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.count).toBeGreaterThanOrEqual(24);
  expect(body.products).toHaveLength(5);

  await page.goto("/about");
  await expect(page).toHaveTitle(/Vitrina/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto("/es/store");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator('a[href*="/product/"]').first()).toBeVisible();
});
