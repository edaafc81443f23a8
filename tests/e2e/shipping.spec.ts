import { expect, test, type Page } from "@playwright/test";
import {
  address,
  cartLine,
  catalogVariants,
  euros,
  fillAddress,
  flatRateCents,
  freeThresholdCents,
  openDrawer,
  putCart,
  signUpCustomer,
} from "./checkout-support";

/*
 * What it must show: the shipping line is the same on the drawer, the payment page and the order (flat rate below
 * the threshold, free from it on), the address form asks for every field with its labels, and the last address is
 * offered again on the next purchase.
 */

async function buyAndCompare(page: Page, lines: Parameters<typeof putCart>[1], expected: { subtotal: number; shipping: number }, fillForm: boolean) {
  const total = expected.subtotal + expected.shipping;
  const shippingText = expected.shipping === 0 ? "Free shipping" : euros(expected.shipping);
  await putCart(page, lines);

  const drawer = await openDrawer(page);
  await expect(drawer.getByTestId("cart-subtotal")).toHaveText(euros(expected.subtotal));
  await expect(drawer.getByTestId("cart-shipping")).toHaveText(shippingText);
  await expect(drawer.getByTestId("cart-total")).toHaveText(euros(total));
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/pay\/demo_/);

  await expect(page.getByTestId("payment-subtotal")).toHaveText(euros(expected.subtotal));
  await expect(page.getByTestId("payment-shipping")).toHaveText(shippingText);
  await expect(page.getByTestId("payment-total")).toHaveText(euros(total));
  if (fillForm) await fillAddress(page, address);
  await page.getByRole("button", { name: `Pay ${euros(total)}` }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  const orderId = new URL(page.url()).searchParams.get("order_id");

  await page.goto("/profile");
  const order = page.getByTestId("order").filter({ hasText: `Order #${orderId}` });
  await expect(order.getByTestId("order-subtotal")).toHaveText(euros(expected.subtotal));
  await expect(order.getByTestId("order-shipping-amount")).toHaveText(shippingText);
  await expect(order.getByTestId("order-total")).toHaveText(euros(total));
  await expect(order.getByTestId("order-address")).toContainText(address.address);
  await page.goto("/");
}

test("below the threshold pays the flat rate, above it pays none; drawer, payment page and order agree", async ({ page }) => {
  // Two purchases and a cancel in one journey: longer than the default budget on a busy machine.
  test.setTimeout(180_000);
  const variants = await catalogVariants(page.request);
  const cheap = variants.find((v) => v.chargedCents < freeThresholdCents);
  const dear = variants.find((v) => v.chargedCents >= freeThresholdCents);
  expect(cheap, "the demo catalogue has a product under the free-shipping threshold").toBeDefined();
  expect(dear, "the demo catalogue has a product over the free-shipping threshold").toBeDefined();

  await page.goto("/");
  await signUpCustomer(page, "shipper");
  await buyAndCompare(page, [cartLine(cheap!)], { subtotal: cheap!.chargedCents, shipping: flatRateCents }, true);
  // Second purchase: the address typed last time is offered again, so Pay works without typing it.
  await putCart(page, [cartLine(dear!)]);
  await openDrawer(page);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/pay\/demo_/);
  await expect(page.locator("#ship-address")).toHaveValue(address.address);
  await expect(page.locator("#ship-country")).toHaveValue(address.country);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("cart-drawer").getByTestId("cart-line")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await buyAndCompare(page, [cartLine(dear!)], { subtotal: dear!.chargedCents, shipping: 0 }, false);
});

test("the address form labels every field in both languages, marks required ones and refuses a foreign country", async ({ page }) => {
  const [entry] = await catalogVariants(page.request);
  await page.goto("/es");
  await signUpCustomer(page, "etiquetas");
  await putCart(page, [cartLine(entry)]);
  await openDrawer(page);
  await page.getByRole("button", { name: "Proceder al pago" }).click();
  await page.waitForURL(/\/es\/pay\/demo_/);
  const form = page.getByTestId("shipping-form");
  // Required fields carry a '*'; the fields follow Spain's format (docs/product.md#address-formats): its province is
  // optional (the postcode names it), its postcode required.
  for (const label of ["Nombre *", "Apellidos *", "Teléfono *", "Dirección *", "Ciudad *", "Provincia", "Código postal *", "País *"]) {
    await expect(form.locator("label").filter({ hasText: new RegExp(`^${label.replace(/[*/]/g, "\\$&")}$`) })).toBeVisible();
  }
  await expect(form.getByText("Los campos marcados con * son obligatorios.")).toBeVisible();
  // Countries are named in the shopper's language; only those the shop ships to are offered.
  await expect(form.locator("#ship-country option[value=ES]")).toHaveText("España");
  await expect(form.locator("#ship-country option[value=JP]")).toHaveCount(0);
  await expect(page.locator("#main-content").getByText("Todos los precios incluyen impuestos.")).toBeVisible();

  // A country forced into the form anyway is refused on its field, and the order stays unpaid.
  await fillAddress(page, address);
  await form.locator("#ship-country").evaluate((select: HTMLSelectElement) => {
    const option = document.createElement("option");
    option.value = "JP";
    select.append(option);
  });
  await form.locator("#ship-country").selectOption("JP");
  await form.getByRole("button", { name: /Pagar/ }).click();
  await expect(page.getByTestId("error-country")).toHaveText("No enviamos a este país.");
  await expect(page).toHaveURL(/\/es\/pay\/demo_/);
});
