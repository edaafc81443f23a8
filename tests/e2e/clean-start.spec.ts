import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { openAdmin, startShopServer, type ShopServer } from "./admin-support";
import { buy, catalogVariants, cartLine, signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * docs/product.md#a-clean-start: an admin removes the demo data with a typed confirmation and the shop keeps serving;
 * the first product made in the admin shows in the store and can be bought. A server started with DEMO_DATA=false is
 * empty and says so on every page, in English and Spanish. Two servers of their own (the removal would empty the
 * suite's shared one).
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

// Its own two servers, on ports no other spec takes (axe-routes is +90).
const demoPort = Number(process.env.E2E_PORT ?? 3100) + 92;
const emptyPort = demoPort + 1;
const admin = { email: "clean.admin@example.com", password: "admin-password-1", name: "Clean Admin" };

let demo: ShopServer;
let empty: ShopServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(400_000);
  [demo, empty] = await Promise.all([
    startShopServer({ port: demoPort, admins: [admin] }),
    startShopServer({ port: emptyPort, admins: [admin], env: { DEMO_DATA: "false" } }),
  ]);
});

test.afterAll(async () => {
  await demo?.stop();
  await empty?.stop();
});

const texts = {
  en: {
    home: "Our first products are on their way. Come back soon!",
    store: "No products available at the moment.",
    categories: "No categories yet.",
    search: "No results found",
    cart: "Your cart is empty.",
    chart: "No sales in this period.",
    orders: "No orders found.",
    products: "No products yet. Add your first one with “Add product”: it shows in the store once it is published with a variant.",
  },
  es: {
    home: "Nuestros primeros productos están en camino. ¡Vuelve pronto!",
    store: "No hay productos disponibles en este momento.",
    categories: "Todavía no hay categorías.",
    search: "No se encontraron resultados",
    cart: "Tu carrito está vacío.",
    chart: "No hubo ventas en este periodo.",
    orders: "No se encontraron pedidos.",
    products: "Todavía no hay productos. Añade el primero con «Añadir producto»: aparece en la tienda cuando está publicado y tiene una variante.",
  },
} as const;

const prefix = (locale: "en" | "es") => (locale === "es" ? "/es" : "");

/** The storefront and the back office of a shop without products, in one language. */
async function expectEmptyShop(page: Page, locale: "en" | "es") {
  const t = texts[locale];
  const at = prefix(locale);
  // The language cookie of an earlier Spanish page would send an unprefixed address to /es.
  if (locale === "en") await page.context().clearCookies({ name: "NEXT_LOCALE" });
  await page.goto(`${at}/`);
  await expect(page.getByTestId("featured-empty")).toHaveText(t.home);
  await expect(page.getByTestId("product-grid")).toHaveCount(0);
  await page.goto(`${at}/store`);
  await expect(page.getByTestId("products-empty")).toHaveText(t.store);
  await page.goto(`${at}/categories`);
  await expect(page.getByText(t.categories)).toBeVisible();
  await page.goto(`${at}/search?q=bag`);
  await expect(page.getByTestId("search-empty")).toContainText(t.search);
  await page.getByTestId("cart-button").click();
  await expect(page.getByTestId("cart-drawer")).toContainText(t.cart);
  await page.keyboard.press("Escape");
  await page.goto(`${at}/admin/dashboard`);
  await expect(page.getByText(t.chart)).toBeVisible();
  await expect(page.getByText(t.orders)).toBeVisible();
  await page.goto(`${at}/admin/orders`);
  await expect(page.getByText(t.orders)).toBeVisible();
  await page.goto(`${at}/admin/products`);
  await expect(page.getByTestId("products-admin-empty")).toHaveText(t.products);
}

async function adminAt(browser: Browser, server: ShopServer) {
  return openAdmin(browser, server.baseURL, admin);
}

test("Remove demo data: refused without the typed word, done with it (Spanish); the shop still serves and is empty", async ({ browser }) => {
  const page = await adminAt(browser, demo);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/settings");
  const zone = page.getByTestId("danger-zone");
  await expect(zone.getByRole("heading", { name: "Danger zone" })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // A near miss is refused on the field and removes nothing.
  await zone.getByLabel("Type REMOVE (or the shop's name) to confirm").fill("remove");
  await zone.getByRole("button", { name: "Remove demo data" }).click();
  await expect(zone.getByRole("alert")).toHaveText("The confirmation does not match: type REMOVE or the shop's name exactly as shown.");
  expect((await catalogVariants(page.request)).length).toBeGreaterThan(10);

  // In Spanish, with the Spanish word.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/es/admin/settings");
  const zona = page.getByTestId("danger-zone");
  await expect(zona.getByRole("heading", { name: "Zona de peligro" })).toBeVisible();
  await zona.getByLabel("Escribe BORRAR (o el nombre de la tienda) para confirmar").fill("BORRAR");
  await zona.getByRole("button", { name: "Borrar los datos de demostración" }).click();
  await expect(page.getByTestId("demo-data-status")).toHaveText(/^Datos de demostración borrados: \d+ productos, 0 pedidos, 0 clientes\.$/);

  expect(await catalogVariants(page.request)).toEqual([]);
  await expectEmptyShop(page, "en");
  await expectEmptyShop(page, "es");
  await page.context().close();
});

test("the first product made in the admin shows in the store in both languages and can be bought", async ({ browser }) => {
  const page = await adminAt(browser, demo);
  await page.goto("/admin/products/new");
  await page.getByLabel("Title (English)", { exact: true }).fill("First Light Tote");
  await page.getByLabel("Title (Spanish)", { exact: true }).fill("Bolso First Light");
  const row = page.getByTestId("variant-row").first();
  await row.getByLabel("Variant title (English)").fill("Natural");
  await row.getByLabel("SKU").fill("FLT-1");
  await row.getByLabel("Price (EUR)", { exact: true }).fill("42.00");
  await row.getByLabel("Stock", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit product" })).toBeVisible();

  await page.goto("/store");
  await expect(page.getByTestId("product-grid").getByText("First Light Tote")).toBeVisible();
  await page.goto("/es/store");
  await expect(page.getByTestId("product-grid").getByText("Bolso First Light")).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("featured-empty")).toHaveCount(0);
  await page.context().close();

  const shopper = await (await browser.newContext({ baseURL: demo.baseURL, locale: "en-US" })).newPage();
  await shopper.goto("/");
  await signUpCustomer(shopper, "first.buyer");
  const [entry, ...others] = await catalogVariants(shopper.request);
  expect(others).toEqual([]);
  expect(entry.product.title).toBe("First Light Tote");
  const orderId = await buy(shopper, [cartLine(entry)]);
  expect(Number(orderId)).toBeGreaterThan(0);
  await shopper.context().close();
});

test("DEMO_DATA=false: the first start writes no demo and every page shows its empty state, in English and Spanish", async ({ browser }) => {
  expect(empty.output()).toContain("empty shop, no demo data");
  const page = await adminAt(browser, empty);
  await expectEmptyShop(page, "en");
  await expectEmptyShop(page, "es");
  await page.context().close();
});
