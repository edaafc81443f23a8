import { expect, test, type APIRequestContext } from "@playwright/test";
import { openAdmin } from "./admin-support";

/*
 * Readable addresses (decision 0370, docs/product.md#product-addresses): products live at a slug per language; their
 * id, earlier slugs and the other language's slug answer 301 to the current address.
 * prod_demo_01 "Marlowe Leather Tote" / "Bolso tote Marlowe de piel"; prod_demo_24 "Leather Card Holder" /
 * "Tarjetero de piel"; prod_demo_26 "Azulejo Silk Scarf" / "Pañuelo de seda Azulejo".
 */

/** Where an address sends its visitor, without following: the status and the Location path. */
async function redirectOf(request: APIRequestContext, path: string) {
  const res = await request.get(path, { maxRedirects: 0 });
  const location = res.headers()["location"];
  const url = location ? new URL(location, "http://shop.invalid") : null;
  return { status: res.status(), location: url ? url.pathname + url.search : null };
}

const locales = [
  { prefix: "", tote: "marlowe-leather-tote", title: "Marlowe Leather Tote" },
  { prefix: "/es", tote: "bolso-tote-marlowe-de-piel", title: "Bolso tote Marlowe de piel" },
] as const;

for (const l of locales) {
  test(`${l.prefix || "/"}: an old id address answers 301 to the slug, whose page names its slugs as canonical and alternates`, async ({ page, request, baseURL, browser }) => {
    expect(await redirectOf(request, `${l.prefix}/product/prod_demo_01?ref=mail`)).toEqual({ status: 301, location: `${l.prefix}/product/${l.tote}?ref=mail` });
    // The other language's slug in this language's address goes to this language's slug.
    const other = l.prefix ? "marlowe-leather-tote" : "bolso-tote-marlowe-de-piel";
    expect(await redirectOf(request, `${l.prefix}/product/${other}`)).toEqual({ status: 301, location: `${l.prefix}/product/${l.tote}` });

    await page.goto(`${l.prefix}/product/prod_demo_01`);
    await expect(page).toHaveURL(`${baseURL}${l.prefix}/product/${l.tote}`);
    await expect(page.getByRole("heading", { level: 1, name: l.title })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${l.prefix}/product/${l.tote}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/product/marlowe-leather-tote`);
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", `${baseURL}/es/product/bolso-tote-marlowe-de-piel`);
    // The admin's "view" links (list and editor) open the product at its address in the admin's language.
    const admin = await openAdmin(browser, baseURL!);
    await admin.goto(`${l.prefix}/admin/products?q=Marlowe`);
    const row = admin.getByTestId("product-row").filter({ hasText: l.title });
    await expect(row.getByTestId("product-view-link")).toHaveAttribute("href", `${l.prefix}/product/${l.tote}`);
    await admin.goto(`${l.prefix}/admin/products/prod_demo_01`);
    await expect(admin.getByTestId("product-view-link")).toHaveAttribute("href", `${l.prefix}/product/${l.tote}`);
    await admin.context().close();
    // Cards link to slugs too.
    await page.goto(`${l.prefix}/store`);
    await expect(page.locator('[data-testid="product-card"][data-product-id="prod_demo_01"] [data-testid="product-card-link"]')).toHaveAttribute(
      "href",
      `${l.prefix}/product/${l.tote}`,
    );
  });
}

test("admin renames a product's slug in each language: the old slug 301s, the SEO title is the page's <title>, a taken slug is refused", async ({
  browser,
  request,
  baseURL,
}) => {
  // Four saves and four page loads: on a shared, loaded machine this outlasts the default minute.
  test.setTimeout(180_000);
  const admin = await openAdmin(browser, baseURL!);
  const toast = admin.getByTestId("toast");

  await admin.goto("/admin/products/prod_demo_24");
  await expect(admin.getByLabel("Address (English)")).toHaveValue("leather-card-holder");
  await admin.waitForLoadState("networkidle");
  // Another product's slug is refused with a clear message, and nothing changes.
  await admin.getByLabel("Address (English)").fill("marlowe-leather-tote");
  await admin.getByRole("button", { name: "Save product" }).first().click();
  // A refusal is said beside the save button (and on its field when the server names one), not in a toast.
  await expect(admin.getByTestId("product-editor-error")).toContainText('Another product already uses the address "marlowe-leather-tote" in this language.', { timeout: 30_000 });
  expect((await redirectOf(request, "/product/leather-card-holder")).status).toBe(200);

  await admin.getByLabel("Address (English)").fill("Slim Card Case");
  await admin.getByLabel("SEO title (English)").fill("Slim leather card case with four slots");
  await admin.getByRole("button", { name: "Save product" }).first().click();
  await expect(toast.filter({ hasText: "Product updated successfully." })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByLabel("Address (English)")).toHaveValue("slim-card-case");

  expect(await redirectOf(request, "/product/leather-card-holder")).toEqual({ status: 301, location: "/product/slim-card-case" });
  const shopper = await browser.newPage({ baseURL });
  await shopper.goto("/product/leather-card-holder");
  await expect(shopper).toHaveURL(`${baseURL}/product/slim-card-case`);
  await expect(shopper).toHaveTitle("Slim leather card case with four slots - Vitrina");
  await shopper.close();

  // In Spanish, on the Spanish admin.
  await admin.goto("/es/admin/products/prod_demo_26");
  await expect(admin.getByLabel("Dirección (español)")).toHaveValue("panuelo-de-seda-azulejo");
  await admin.getByLabel("Dirección (español)").fill("panuelo-azulejo");
  await admin.getByLabel("Título SEO (español)").fill("Pañuelo de seda Azulejo, 90 cm");
  await admin.getByRole("button", { name: "Guardar producto" }).first().click();
  await expect(toast.filter({ hasText: "Producto actualizado correctamente." })).toBeVisible({ timeout: 30_000 });
  expect(await redirectOf(request, "/es/product/panuelo-de-seda-azulejo")).toEqual({ status: 301, location: "/es/product/panuelo-azulejo" });
  expect(await redirectOf(request, "/es/product/prod_demo_26")).toEqual({ status: 301, location: "/es/product/panuelo-azulejo" });
  const comprador = await browser.newPage({ baseURL });
  await comprador.goto("/es/product/panuelo-de-seda-azulejo");
  await expect(comprador).toHaveURL(`${baseURL}/es/product/panuelo-azulejo`);
  await expect(comprador).toHaveTitle("Pañuelo de seda Azulejo, 90 cm - Vitrina");
  await expect(comprador.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/product/azulejo-silk-scarf`);
  await comprador.close();
  await admin.context().close();
});

test("admin edits a category's Spanish address in English and in Spanish (390 px): the new one serves, the old ones 301", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await openAdmin(browser, baseURL!);
  const toast = admin.getByTestId("toast");

  await admin.goto("/admin/categories");
  await admin.getByRole("button", { name: "Edit New Arrivals" }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByLabel("Spanish address")).toHaveValue("novedades");
  // Another category's Spanish address is refused with a clear message, and nothing changes.
  await dialog.getByLabel("Spanish address").fill("bolsos");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast).toContainText('A category with the slug "bolsos" already exists.', { timeout: 30_000 });
  await dialog.getByLabel("Spanish address").fill("Recién Llegados");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast.filter({ hasText: "Category updated successfully." })).toBeVisible({ timeout: 30_000 });
  await expect(admin.locator('[data-testid="category-row"][data-slug="new-arrivals"]')).toContainText("/es/recien-llegados");

  const served = await request.get("/es/category/recien-llegados", { maxRedirects: 0 });
  expect(served.status()).toBe(200);
  expect(await redirectOf(request, "/es/category/novedades")).toEqual({ status: 301, location: "/es/category/recien-llegados" });
  expect(await redirectOf(request, "/es/category/new-arrivals")).toEqual({ status: 301, location: "/es/category/recien-llegados" });

  // In Spanish, on a phone.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto("/es/admin/categories");
  await admin.getByRole("button", { name: "Editar Novedades" }).click();
  const dialogo = admin.getByRole("dialog");
  await expect(dialogo.getByLabel("Dirección en español")).toHaveValue("recien-llegados");
  const box = await dialogo.getByLabel("Dirección en español").boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await dialogo.getByLabel("Dirección en español").fill("ultimas-novedades");
  await dialogo.getByRole("button", { name: "Guardar" }).click();
  await expect(toast.filter({ hasText: "Categoría actualizada correctamente." })).toBeVisible({ timeout: 30_000 });
  expect(await redirectOf(request, "/es/category/recien-llegados")).toEqual({ status: 301, location: "/es/category/ultimas-novedades" });
  expect(await redirectOf(request, "/es/category/novedades")).toEqual({ status: 301, location: "/es/category/ultimas-novedades" });
  const comprador = await browser.newPage({ baseURL });
  await comprador.goto("/es/category/novedades");
  await expect(comprador).toHaveURL(`${baseURL}/es/category/ultimas-novedades`);
  await expect(comprador.getByRole("heading", { level: 1, name: "Novedades" })).toBeVisible();
  await comprador.close();
  // The English address is untouched (a visitor of its own: this one's language choice is Spanish now).
  const shopper = await browser.newPage({ baseURL, locale: "en-US" });
  expect((await shopper.goto("/category/new-arrivals"))?.status()).toBe(200);
  await expect(shopper).toHaveURL(`${baseURL}/category/new-arrivals`);
  await shopper.close();
  await admin.context().close();
});
