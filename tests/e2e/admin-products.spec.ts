import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ownAdminShop } from "./admin-support";

/*
 * The product must-show on a shop server of its own (an admin made with admin:create): create a product with
 * two variants and an uploaded image, see it in the store in English and Spanish, then hide it and see it gone. And
 * the product's stock history (docs/product.md#stock-history) as an admin reads it.
 */

const admin = { email: "products.admin@example.com", password: "admin-password-1", name: "Catalog Admin" };
const shop = ownAdminShop(5, admin);

const toast = (page: Page) => page.getByTestId("toast");

const signInAsAdmin = shop.signIn;

test("create a product with two variants and an uploaded image; the store shows it in both languages; hidden, it is gone", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/products");
  await page.getByRole("link", { name: "Add product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

  await page.getByLabel("Title (English)", { exact: true }).fill("Harbor Weekender");
  await page.getByLabel("Title (Spanish)", { exact: true }).fill("Bolsa de viaje Harbor");
  await page.getByLabel("Subtitle (English)").fill("Waxed canvas, brass buckles");
  await page.getByLabel("Subtitle (Spanish)").fill("Lona encerada, hebillas de latón");

  // A non-image named .png is refused by its bytes; a real PNG is stored (as WebP) and listed.
  await page.locator("#product-image-upload").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });
  await expect(toast(page)).toContainText("not a PNG, JPEG, WebP, GIF or AVIF image");
  const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 30, g: 80, b: 120 } } }).png().toBuffer();
  await page.locator("#product-image-upload").setInputFiles({ name: "weekender.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("product-image")).toHaveCount(1);
  const imageUrl = (await page.getByTestId("product-image").locator("span").textContent())?.trim() ?? "";
  expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
  const served = await page.request.get(`${shop.baseURL}${imageUrl}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");

  const suffix = Date.now().toString(36).toUpperCase();
  const rows = page.getByTestId("variant-row");
  const first = rows.nth(0);
  await first.getByLabel("Variant title (English)").fill("Sand");
  await first.getByLabel("Variant title (Spanish)").fill("Arena");
  await first.getByLabel("SKU").fill(`HW-${suffix}-SAND`);
  await first.getByLabel("Price (EUR)", { exact: true }).fill("89.00");
  await first.getByLabel("Stock", { exact: true }).fill("4");
  await first.getByLabel("Image", { exact: true }).selectOption({ label: "Image 1" });
  await page.getByRole("button", { name: "Add variant" }).click();
  const second = rows.nth(1);
  await second.getByLabel("Variant title (English)").fill("Navy");
  await second.getByLabel("Variant title (Spanish)").fill("Marino");
  await second.getByLabel("SKU").fill(`HW-${suffix}-NAVY`);
  await second.getByLabel("Price (EUR)", { exact: true }).fill("95.50");
  await second.getByLabel("Sale price (EUR)").fill("79.50");
  await second.getByLabel("Stock", { exact: true }).fill("2");

  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(toast(page)).toContainText("Product created successfully.");
  await expect(page).toHaveURL(/\/admin\/products\/prod_[0-9a-z]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit product" })).toBeVisible();
  const productId = page.url().split("/").pop()!;
  // The editor reloaded the saved product: both variants, the image, the stock.
  await expect(page.getByTestId("variant-row")).toHaveCount(2);
  await expect(page.getByTestId("variant-row").nth(1).getByLabel("Stock", { exact: true })).toHaveValue("2");

  await page.goto(`${shop.baseURL}/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbor Weekender" })).toBeVisible();
  const style = page.getByRole("radiogroup", { name: "Style" });
  await expect(style.getByRole("radio")).toHaveText(["Sand", "Navy"]);
  await expect(page.getByTestId("gallery-image")).toHaveAttribute("src", /uploads(%2F|\/)products/);

  await page.goto(`${shop.baseURL}/es/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Bolsa de viaje Harbor" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Estilo" }).getByRole("radio")).toHaveText(["Arena", "Marino"]);
  await page.goto(`${shop.baseURL}/es/search?q=Harbor`);
  await expect(page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`)).toContainText("Bolsa de viaje Harbor");

  // Hide it: the product page answers 404 and search no longer finds it. (Visiting /es remembered Spanish in the
  // language cookie; the rest of this test reads the English admin.)
  await page.context().clearCookies({ name: "NEXT_LOCALE" });
  await page.goto(`${shop.baseURL}/admin/products/${productId}`);
  await page.getByLabel("Hidden from the store").check();
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(toast(page)).toContainText("Product updated successfully.");
  await expect(page.getByLabel("Hidden from the store")).toBeChecked();
  const hidden = await page.goto(`${shop.baseURL}/product/${productId}`);
  expect(hidden?.status()).toBe(404);
  await page.goto(`${shop.baseURL}/search?q=Harbor`);
  await expect(page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`)).toHaveCount(0);

  // The admin list still has it, marked hidden; a duplicate SKU on a new product is refused in words.
  await page.goto(`${shop.baseURL}/admin/products?q=Harbor`);
  await expect(page.getByTestId("product-row")).toHaveCount(1);
  await expect(page.getByTestId("product-row")).toContainText("Hidden");
  await page.goto(`${shop.baseURL}/admin/products/new`);
  await page.getByLabel("Title (English)", { exact: true }).fill("Copycat");
  const copy = page.getByTestId("variant-row").first();
  await copy.getByLabel("Variant title (English)").fill("One");
  await copy.getByLabel("SKU").fill(`HW-${suffix}-SAND`);
  await copy.getByLabel("Price (EUR)", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(page.getByTestId("product-editor-error")).toContainText(`SKU "HW-${suffix}-SAND" is already used`);
});

test("the product's stock history: its initial stock, a sale with its order, the editor's change, in English and Spanish", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/products/new");
  const sku = `LEDGER-${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel("Title (English)", { exact: true }).fill("Ledger Satchel");
  const row = page.getByTestId("variant-row").first();
  await row.getByLabel("Variant title (English)").fill("Olive");
  await row.getByLabel("SKU").fill(sku);
  await row.getByLabel("Price (EUR)", { exact: true }).fill("60");
  await row.getByLabel("Stock", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(toast(page)).toContainText("Product created successfully.");
  await expect(page).toHaveURL(/\/admin\/products\/prod_[0-9a-z]+$/);
  const productId = page.url().split("/").pop()!;

  const history = page.getByTestId("stock-history");
  await expect(history.getByRole("heading", { name: "Stock history" })).toBeVisible();
  const rows = history.getByTestId("stock-history-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("stock-history-reason")).toHaveText("Initial stock");
  await expect(rows.first().getByTestId("stock-history-change")).toHaveText("+5");
  await expect(rows.first().getByTestId("stock-history-stock")).toHaveText("0 → 5");
  await expect(rows.first().getByTestId("stock-history-who")).toHaveText(admin.email);

  // The admin buys two (any signed-in account may), then sets the stock the editor shows (3) to 6.
  const { product } = await (await page.request.get(`${shop.baseURL}/api/store/main/products/${productId}`)).json();
  const checkout = await page.request.post(`${shop.baseURL}/api/store/main/checkout`, {
    headers: { origin: shop.baseURL },
    data: { items: [{ variant_id: product.variants[0].id, quantity: 2 }], successUrl: `${shop.baseURL}/success`, cancelUrl: `${shop.baseURL}/store`, locale: "en" },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await page.reload();
  await expect(row.getByLabel("Stock", { exact: true })).toHaveValue("3");
  await row.getByLabel("Stock", { exact: true }).fill("6");
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(toast(page)).toContainText("Product updated successfully.");

  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId("stock-history-reason")).toHaveText(["Changed in the product editor", "Sale (checkout)", "Initial stock"]);
  await expect(rows.getByTestId("stock-history-change")).toHaveText(["+3", "-2", "+5"]);
  await expect(rows.getByTestId("stock-history-stock")).toHaveText(["3 → 6", "5 → 3", "0 → 5"]);
  await expect(rows.getByTestId("stock-history-who")).toHaveText([admin.email, "Customer", admin.email]);
  const order = rows.nth(1).getByTestId("stock-history-reference");
  await expect(order).toHaveText(/^Order #\d+$/);
  const orderId = (await order.textContent())!.replace("Order #", "");
  await order.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));

  await page.goto(`${shop.baseURL}/es/admin/products/${productId}`);
  const spanish = page.getByTestId("stock-history");
  await expect(spanish.getByRole("heading", { name: "Historial de stock" })).toBeVisible();
  await expect(spanish.getByTestId("stock-history-reason")).toHaveText(["Cambiado en el editor de productos", "Venta (pago)", "Stock inicial"]);
  await expect(spanish.getByTestId("stock-history-reference").first()).toHaveText(`Pedido #${orderId}`);
  await expect(spanish.getByTestId("stock-history-who")).toHaveText([admin.email, "Cliente", admin.email]);
});
