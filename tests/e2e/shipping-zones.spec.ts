import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { address, cartLine, catalogVariants, euros, fillAddress, openDrawer, putCart, signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * Shipping zones and methods (docs/product.md#shipping) on the demo's zones: Spain (standard 4,95 €, free from 50 €;
 * pickup in Madrid), the EU (9,90 €) and the rest of the world (by weight: up to 1 kg 14,90 €, up to 2 kg 19,90 €).
 * A shopper in Spain picks the pickup (nothing charged for shipping, no shipping line on the invoice); the weight table
 * changes band one product over a kilo; Japan is in no zone, so the drawer and checkout refuse it (the API's refusal of
 * a destination in no zone is tests/integration/shipping-zones.test.ts); an admin adds a zone and a method on a
 * phone-sized screen.
 */

const eurosEs = (cents: number) => new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).format(cents / 100);

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "vitrina-e2e-pdf-")), "invoice.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

async function variantOf(page: Page, productId: string) {
  const entry = (await catalogVariants(page.request)).find((v) => v.product.id === productId);
  expect(entry, `the demo catalogue has ${productId}`).toBeDefined();
  return entry!;
}

test("a shopper in Spain picks the pickup in Madrid: no shipping charged, none on the invoice (Spanish)", async ({ page }) => {
  test.setTimeout(120_000);
  // prod_demo_24 costs 39 €, under Spain's free-shipping threshold: standard shipping would be 4,95 €.
  const entry = await variantOf(page, "prod_demo_24");
  await page.goto("/es");
  await signUpCustomer(page, "pickup");
  await putCart(page, [cartLine(entry)]);
  const drawer = await openDrawer(page);
  const methods = drawer.getByTestId("shipping-method");
  await expect(methods.filter({ hasText: "Envío estándar" })).toContainText(eurosEs(495));
  await expect(drawer.getByTestId("cart-shipping")).toHaveText(eurosEs(495));
  await expect(drawer.getByTestId("free-shipping-progress")).toHaveText(`Añade ${eurosEs(5000 - entry.chargedCents)} más para el envío gratis.`);
  const pickup = methods.filter({ hasText: "Recogida en Madrid" });
  await expect(pickup).toContainText("Calle de Fuencarral 45");
  await expect(pickup).toContainText("Lun–vie 10:00–20:00");
  // The estimate is asked again for the pickup; the radio follows the server's answer.
  await pickup.getByRole("radio").click();
  await expect(pickup.getByRole("radio")).toBeChecked();
  await expect(drawer.getByTestId("cart-shipping")).toHaveText(eurosEs(0));
  await expect(drawer.getByTestId("cart-total")).toHaveText(eurosEs(entry.chargedCents));
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();
  await page.waitForURL(/\/pay\/demo_/);

  await expect(page.getByTestId("payment-shipping")).toHaveText(eurosEs(0));
  await expect(page.getByTestId("payment-shipping-method").filter({ hasText: "Recogida en Madrid" }).getByRole("radio")).toBeChecked();
  await fillAddress(page, address);
  await page.getByRole("button", { name: `Pagar ${eurosEs(entry.chargedCents)}` }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  const orderId = new URL(page.url()).searchParams.get("order_id");

  const response = await page.request.get(`/api/orders/${orderId}/invoice.pdf`);
  expect(response.status()).toBe(200);
  const text = pdfText(await response.body());
  expect(text).toContain("Recogida en Madrid");
  // No shipping line: no row labelled "Envío" with an amount.
  expect(text).not.toMatch(/^\s*Envío\b.*€/m);
  // pdftotext gives plain spaces where the formatted amount has a no-break space.
  expect(text).toMatch(new RegExp(`Total\\s+${eurosEs(entry.chargedCents).replace(/\u00a0/g, " ").replace(/[.,]/g, "\\$&")}`));
});

test("the weight table: one kilo or less is one band, ten grams more is the next (English)", async ({ page }) => {
  // prod_demo_01 weighs 950 g; prod_demo_15 adds 60 g: 1010 g, over the first band's edge.
  const heavy = await variantOf(page, "prod_demo_01");
  const light = await variantOf(page, "prod_demo_15");
  await page.goto("/");
  await putCart(page, [cartLine(heavy)]);
  const drawer = await openDrawer(page);
  await drawer.getByLabel("Taxes estimated for").selectOption("US");
  await expect(drawer.getByTestId("shipping-method")).toHaveCount(1);
  await expect(drawer.getByTestId("shipping-method")).toContainText("International shipping");
  await expect(drawer.getByTestId("shipping-method")).toContainText("5–10 business days");
  await expect(drawer.getByTestId("cart-shipping")).toHaveText(euros(1490));
  await page.keyboard.press("Escape");
  await putCart(page, [cartLine(heavy), cartLine(light)]);
  const again = await openDrawer(page);
  await expect(again.getByTestId("cart-shipping")).toHaveText(euros(1990));
});

test("a country in no zone is refused in the drawer and at checkout; the API refuses a method that does not serve, in both languages", async ({ page, baseURL }) => {
  const entry = await variantOf(page, "prod_demo_24");
  await page.goto("/");
  await signUpCustomer(page, "japan");
  await putCart(page, [cartLine(entry)]);
  const drawer = await openDrawer(page);
  await drawer.getByLabel("Taxes estimated for").selectOption("JP");
  await expect(drawer.getByTestId("cart-not-shipped")).toHaveText("We do not ship to Japan. Choose another country to see shipping and totals.");
  await expect(drawer.getByTestId("shipping-methods")).toHaveCount(0);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByText("We do not ship to this destination (JP). Choose a country we ship to.").first()).toBeVisible();
  expect(page.url()).not.toMatch(/\/pay\//);

  await page.goto("/es");
  const es = await openDrawer(page);
  await es.getByLabel("Impuestos estimados para").selectOption("JP");
  await expect(es.getByTestId("cart-not-shipped")).toHaveText("No enviamos a Japón. Elige otro país para ver el envío y los totales.");

  // The API: a method of another zone is refused with a 400 naming the reason, in the shopper's language.
  const api = (body: Record<string, unknown>) =>
    page.request.post("/api/store/main/checkout", {
      headers: { origin: baseURL! },
      data: { items: [{ variant_id: entry.variant.id, quantity: 1 }], successUrl: `${baseURL}/success`, cancelUrl: `${baseURL}/`, ...body },
    });
  const refused = await api({ locale: "es", shipping_method_id: 2_000_000_000 });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toMatchObject({ code: "shipping_method_unavailable", message: "Ese método de envío no está disponible para esta dirección o carrito. Elige otro método." });
  const english = await api({ locale: "en", shipping_method_id: 2_000_000_000 });
  expect((await english.json()).error.message).toBe("That shipping method is not available for this address or cart. Choose another method.");
});

test("an admin adds a zone and a method on a 390 px screen, and fixes a field the form refused", async ({ browser, baseURL }) => {
  const page = await openAdmin(browser, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/shipping");
  await expect(page.getByRole("heading", { name: "Shipping", level: 1 })).toBeVisible();
  // A country no demo zone has, different on each run so a reused server does not clash.
  const country = ["IS", "LI", "AD", "SM", "MC", "GI", "FO", "VA"][Math.floor(Math.random() * 8)];
  const zone = page.getByTestId("zone-form-new");
  await zone.getByLabel("Name (English)").fill(`Nordic test ${country}`);
  await zone.getByLabel("Name (Spanish)").fill(`Prueba nórdica ${country}`);
  await zone.getByLabel("Countries (ISO codes, comma-separated)").fill(`${country}, ES`);
  await zone.getByRole("button", { name: "Save zone" }).click();
  await expect(zone.getByTestId("zone-new-countries-error")).toHaveText("ES is already in the zone Spain; a country can be in one zone only.");
  await zone.getByLabel("Countries (ISO codes, comma-separated)").fill(country);
  await zone.getByRole("button", { name: "Save zone" }).click();
  const card = page.getByTestId("shipping-zone").filter({ hasText: `Nordic test ${country}` });
  await expect(card).toBeVisible();
  await card.getByText("New method").click();
  const method = card.locator('[data-testid^="method-form-new-"]');
  await method.getByLabel("Name (English)").fill("Courier");
  await method.getByLabel("Name (Spanish)").fill("Mensajería");
  await method.getByLabel("Delivery time (English)").fill("2–3 business days");
  await method.getByLabel("Delivery time (Spanish)").fill("2–3 días laborables");
  await method.getByLabel("Rate", { exact: true }).fill("abc");
  await method.getByRole("button", { name: "Save method" }).click();
  await expect(method.getByRole("alert")).toHaveText("Enter an amount such as 4.95 (0 or more), with at most the currency's decimals.");
  await method.getByLabel("Rate", { exact: true }).fill("12,50");
  await method.getByRole("button", { name: "Save method" }).click();
  await expect(card.locator('[data-testid^="method-form-"]:not([data-testid^="method-form-new-"])')).toHaveCount(1);
  await expect(card.getByLabel("Rate", { exact: true }).first()).toHaveValue("12.50");
  // Nothing wider than the phone's screen.
  await expectNoSidewaysScroll(page);
  // Leave the demo's zones as they were for the other specs.
  page.on("dialog", (d) => void d.accept());
  await card.getByRole("button", { name: "Delete zone" }).click();
  await expect(card).toHaveCount(0);
});
