import { expect, test, type Page } from "@playwright/test";
import { startShopServer, type ShopServer } from "./admin-support";
import { checkoutToPaymentPage, openDrawer, putCart, type CartLine } from "./checkout-support";

/*
 * A shop priced in Chilean pesos, a currency without decimals (docs/product.md#prices), on a server of its own: the
 * admin types a peso price (a decimal is refused in words, in both languages), the store shows it with no decimals in
 * both languages' conventions, and the drawer and payment page add lines, shipping and tax to the peso.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 36;
const admin = { email: "pesos.admin@example.com", password: "admin-password-1", name: "Pesos Admin" };

let shop: ShopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  // Shipping amounts are minor units of the store currency: 2.990 pesos below 50.000.
  shop = await startShopServer({ port, admins: [admin], env: { CURRENCY: "CLP", SHIPPING_FLAT_RATE_CENTS: "2990", FREE_SHIPPING_THRESHOLD_CENTS: "50000" } });
});

test.afterAll(async () => {
  await shop?.stop();
});

const toast = (page: Page) => page.getByTestId("toast");
/** Intl separates some symbols with a no-break space; the assertions read it as a plain one. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
/** Half-up integer division, as docs/product.md#tax-rounding. */
const divHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

test("a peso price: typed without decimals, shown as $15.990 / CLP 15,990, added up to the peso at checkout", async ({ page }) => {
  test.setTimeout(150_000);
  const signIn = await page.request.post(`${shop.baseURL}/api/auth/sign-in/email`, { data: { email: admin.email, password: admin.password }, headers: { origin: shop.baseURL } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto(`${shop.baseURL}/admin/products/new`);
  await page.getByLabel("Title (English)", { exact: true }).fill("Chiloé Poncho");
  await page.getByLabel("Title (Spanish)", { exact: true }).fill("Poncho chilote");
  const row = page.getByTestId("variant-row").first();
  await row.getByLabel("Variant title (English)").fill("Grey");
  await row.getByLabel("SKU").fill(`PONCHO-${Date.now().toString(36).toUpperCase()}`);
  await row.getByLabel("Stock", { exact: true }).fill("9");

  // Pesos have no cents: "15,99" is refused in words and nothing is saved.
  await row.getByLabel("Price (CLP)", { exact: true }).fill("15,99");
  await page.getByRole("button", { name: "Save product" }).first().click();
  // Said beside the save button and on the price itself, which is marked and focused.
  await expect(page.getByTestId("product-editor-error")).toContainText("Variant 1: CLP prices have no decimals.");
  await expect(row.getByLabel("Price (CLP)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/products\/new$/);

  // "15.990" is fifteen thousand nine hundred and ninety pesos (the dot groups thousands).
  await row.getByLabel("Price (CLP)", { exact: true }).fill("15.990");
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(toast(page)).toContainText("Product created successfully.");
  // The editor then opens the saved product (a page rendered on first use: slow on a busy machine).
  await expect(page).toHaveURL(/\/admin\/products\/prod_[0-9a-z]+$/, { timeout: 30_000 });
  const productId = page.url().split("/").pop()!;
  await expect(page.getByTestId("variant-row").first().getByLabel("Price (CLP)", { exact: true })).toHaveValue("15990");

  // The Spanish editor refuses a decimal in Spanish.
  await page.goto(`${shop.baseURL}/es/admin/products/${productId}`);
  await page.getByTestId("variant-row").first().getByLabel("Precio (CLP)", { exact: true }).fill("15990,5");
  await page.getByRole("button", { name: "Guardar producto" }).first().click();
  await expect(page.getByTestId("product-editor-error")).toContainText("Variante 1: los precios en CLP no llevan decimales.");
  await page.context().clearCookies({ name: "NEXT_LOCALE" });

  // The store, in each language's convention, never with decimals (English first: a Spanish page is remembered).
  await page.goto(`${shop.baseURL}/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Chiloé Poncho" })).toBeVisible();
  const english = plain(await page.locator("main").textContent());
  expect(english).toContain("CLP 15,990");
  expect(english).not.toMatch(/15,990\.\d/);
  await page.goto(`${shop.baseURL}/es/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Poncho chilote" })).toBeVisible();
  const spanish = plain(await page.locator("main").textContent());
  expect(spanish).toContain("$15.990");
  expect(spanish).not.toMatch(/15\.990,\d/);

  // The commerce API: amounts in pesos, the currency's digits stated.
  const api = await page.request.get(`${shop.baseURL}/api/store/main/products/${productId}`);
  const { product } = (await api.json()) as { product: { variants: Array<{ id: string; title: string; price_in_cents: number; currency_info: { decimal_digits: number } }> } };
  const variant = product.variants[0];
  expect(variant.price_in_cents).toBe(15990);
  expect(variant.currency_info.decimal_digits).toBe(0);

  // Two ponchos with shipping, English shopper without an address: default rates (21 % included), tax per line.
  await page.context().clearCookies();
  await page.goto(`${shop.baseURL}/`);
  // Signed up on this shop (checkout-support's signUpCustomer speaks to the shared e2e server).
  const signUp = await page.request.post(`${shop.baseURL}/api/auth/sign-up/email`, {
    data: { name: "Marta Ruiz", email: `pesos.${Date.now()}@example.com`, password: "checkout-pass-1" },
    headers: { origin: shop.baseURL },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const line: CartLine = { productId, productTitle: "Chiloé Poncho", variantId: variant.id, variantTitle: variant.title, imageUrl: null, unitPriceCents: 15990, currency: "CLP", quantity: 2 };
  await putCart(page, [line]);
  const subtotal = 31980;
  const shipping = 2990;
  const total = subtotal + shipping;
  const tax = subtotal - divHalfUp(subtotal * 10_000, 12_100) + (shipping - divHalfUp(shipping * 10_000, 12_100));
  const pesos = (n: number) => `CLP ${n.toLocaleString("en-US")}`;
  const drawer = await openDrawer(page);
  await expect.poll(async () => plain(await drawer.getByTestId("cart-subtotal").textContent())).toBe(pesos(subtotal));
  await expect.poll(async () => plain(await drawer.getByTestId("cart-shipping").textContent())).toBe(pesos(shipping));
  await expect.poll(async () => plain(await drawer.getByTestId("cart-total").textContent())).toBe(pesos(total));
  await expect.poll(async () => plain(await drawer.getByTestId("cart-tax-2100").textContent())).toBe(pesos(tax));
  await page.keyboard.press("Escape");
  await checkoutToPaymentPage(page);
  await expect.poll(async () => plain(await page.getByTestId("payment-total").textContent())).toBe(pesos(total));
  await expect.poll(async () => plain(await page.getByTestId("payment-tax-2100").textContent())).toBe(pesos(tax));

  // The Spanish payment page: Chile's convention.
  await page.goto(page.url().replace(shop.baseURL, `${shop.baseURL}/es`));
  await expect.poll(async () => plain(await page.getByTestId("payment-total").textContent())).toBe("$34.970");
});
