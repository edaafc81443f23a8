import { expect, test } from "@playwright/test";
import { ownAdminShop } from "./admin-support";

/*
 * The catalog CSV must-show on a shop server of its own (docs/product.md#catalog-csv): an admin checks a file
 * with a bad row (the dry run lists it and nothing can be applied), fixes it, applies it, and the store shows the
 * new products in both languages.
 */

const admin = { email: "csv.admin@example.com", password: "admin-password-1", name: "CSV Admin" };
const shop = ownAdminShop(81, admin);

const header = "handle,title_en,title_es,categories,option1_name_en,option1_name_es,option1_value_en,option1_value_es,sku,price,manage_inventory,stock";
const rows = (secondPrice: string) =>
  [
    header,
    "csv-trail-boot,Trail Boot,Bota de montaña,shoes,Size,Talla,41,41,CSV-TRAIL-41,189.00,true,4",
    `csv-trail-boot,Trail Boot,Bota de montaña,shoes,Size,Talla,42,42,CSV-TRAIL-42,${secondPrice},true,2`,
    "csv-canvas-tote,Canvas Market Tote,Capazo de lona,handbags,,,,,CSV-TOTE-1,49.90,false,0",
  ].join("\n");

test("import a CSV with a bad row: the dry run shows it; fixed and applied, the store shows the products", async ({ page }) => {
  test.setTimeout(120_000);
  const signIn = await page.request.post(`${shop.baseURL}/api/auth/sign-in/email`, { data: { email: admin.email, password: admin.password }, headers: { origin: shop.baseURL } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto(`${shop.baseURL}/admin/catalog-csv`);
  await expect(page.getByRole("heading", { level: 1, name: "Catalog CSV" })).toBeVisible();

  const file = page.getByLabel(/CSV file to import/);
  await file.setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(rows("18g.00")) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("catalog-check-result")).toHaveText(/1 row error/);
  const errors = page.getByTestId("catalog-errors");
  await expect(errors.getByRole("row")).toHaveCount(2);
  await expect(errors.getByRole("row").nth(1)).toContainText("3");
  await expect(errors.getByRole("row").nth(1)).toContainText("price");
  await expect(errors.getByRole("row").nth(1)).toContainText("Not an amount");
  await expect(page.getByRole("button", { name: "Apply import" })).toBeDisabled();
  expect((await page.request.get(`${shop.baseURL}/product/csv-trail-boot`)).status()).toBe(404);

  await file.setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(rows("189.00")) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("catalog-check-result")).toContainText("3 rows checked, no errors");
  await expect(page.getByTestId("catalog-changes").getByRole("row")).toHaveCount(4);
  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByTestId("catalog-applied")).toContainText("2 products created");

  await page.goto(`${shop.baseURL}/product/csv-trail-boot`);
  await expect(page.getByRole("heading", { level: 1, name: "Trail Boot" })).toBeVisible();
  await page.goto(`${shop.baseURL}/es/category/handbags`);
  await expect(page.getByRole("heading", { name: "Capazo de lona" })).toBeVisible();
  // The imported sizes are filters right away.
  await page.goto(`${shop.baseURL}/category/shoes?size=41`);
  await expect(page.locator('[data-testid="product-card"][data-product-id="csv-trail-boot"]')).toBeVisible();

  await page.goto(`${shop.baseURL}/admin/audit`);
  await expect(page.getByTestId("audit-table")).toContainText("catalog.import");
});

test("a 10,000-row file: the progress bar climbs with the server's check, then reports every row", async ({ page }) => {
  test.setTimeout(180_000);
  const signIn = await page.request.post(`${shop.baseURL}/api/auth/sign-in/email`, { data: { email: admin.email, password: admin.password }, headers: { origin: shop.baseURL } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto(`${shop.baseURL}/admin/catalog-csv`);
  const lines = ["handle,title_en,title_es,sku,price,manage_inventory,stock"];
  for (let i = 0; i < 10_000; i++) lines.push(`csv-bulk-${i},Bulk Item ${i},Artículo ${i},CSV-BULK-${i},${(10 + (i % 90)).toFixed(2)},true,${i % 5}`);
  await page.getByLabel(/CSV file to import/).setInputFiles({ name: "bulk.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  // Every value the bar takes, as the browser renders it.
  await page.evaluate(() => {
    const seen: Array<[number, number]> = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="catalog-progress"]');
      if (bar && seen.at(-1)?.[0] !== bar.value) seen.push([bar.value, bar.max]);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["value", "max"] });
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("catalog-check-result")).toContainText("10,000 rows checked, no errors", { timeout: 120_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: Array<[number, number]> }).progressSeen);
  const values = seen.filter(([, max]) => max === 10_000).map(([value]) => value);
  // Streamed from the server: several steps between the first and the last row, never going back.
  expect(values.filter((v) => v > 0 && v < 10_000).length).toBeGreaterThanOrEqual(2);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await expect(page.getByRole("button", { name: "Apply import" })).toBeEnabled();
});

test("the catalog CSV is admin-only; the export lists the imported variants", async ({ page, playwright }) => {
  const anonymous = await playwright.request.newContext();
  expect((await anonymous.get(`${shop.baseURL}/api/admin/catalog.csv`)).status()).toBe(401);
  const denied = await anonymous.post(`${shop.baseURL}/api/admin/catalog.csv?mode=apply`, { data: rows("189.00"), headers: { "content-type": "text/csv" } });
  expect(denied.status()).toBe(401);
  await anonymous.dispose();

  const signIn = await page.request.post(`${shop.baseURL}/api/auth/sign-in/email`, { data: { email: admin.email, password: admin.password }, headers: { origin: shop.baseURL } });
  expect(signIn.status()).toBe(200);
  const exported = await page.request.get(`${shop.baseURL}/api/admin/catalog.csv`);
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toContain("text/csv");
  const text = await exported.text();
  expect(text.split("\r\n")[0]).toContain("handle,title_en,title_es");
  expect(text).toContain("CSV-TRAIL-42");
});
