import { expect, test } from "@playwright/test";
import {
  address,
  cartLine,
  catalogVariants,
  checkoutToPaymentPage,
  euros,
  fillAddress,
  openDrawer,
  putCart,
  shippingFor,
  signUpCustomer,
  storedCart,
} from "./checkout-support";

/*
 * What it must show: checkout from the drawer (auth gate, register, demo payment, success, profile), the cancel
 * path refilling the cart, and a tampered cart price that changes nothing the shopper is charged.
 */

test("signed out → register dialog → checkout → address → Pay → success → empty cart → profile shows the order", async ({ page }) => {
  const variants = await catalogVariants(page.request);
  const [first, second] = variants.filter((v, i, all) => all.findIndex((o) => o.product.id === v.product.id) === i);
  await page.goto("/");
  await putCart(page, [cartLine(first), cartLine(second)]);

  // Signed out: the register view of the auth dialog, with the 'Authentication Required' notice (docs/product.md#checkout).
  const drawer = await openDrawer(page);
  await expect(drawer.getByTestId("cart-line")).toHaveCount(2);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByTestId("auth-dialog");
  await expect(dialog.getByTestId("auth-notice")).toContainText("Authentication Required");
  await expect(dialog.getByTestId("auth-notice")).toContainText("Please create an account or log in to proceed with checkout.");
  const form = page.getByTestId("register-form");
  await expect(form).toBeVisible();
  const email = `buyer.${Date.now()}@example.com`;
  await form.getByLabel("Full name").fill("Marta Ruiz");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("checkout-pass-1");
  await form.getByLabel("Confirm password").fill("checkout-pass-1");
  await form.getByRole("button", { name: "Register" }).click();
  await expect(dialog).toBeHidden();

  // Signed in now: the same button opens the demo hosted payment page, priced by the server.
  await checkoutToPaymentPage(page);
  const subtotal = first.chargedCents + second.chargedCents;
  const total = subtotal + shippingFor(subtotal);
  await expect(page.getByTestId("payment-total")).toHaveText(euros(total));
  await expect(page.getByText(first.product.title).first()).toBeVisible();
  await expect(page.locator("#main-content").getByText("All prices include taxes.")).toBeVisible();
  // The cart was cleared as the redirect to payment started.
  expect(await storedCart(page)).toEqual([]);

  // Pay refuses an empty address, one message per required field, and a phone with letters.
  const pay = page.getByRole("button", { name: `Pay ${euros(total)}` });
  await pay.click();
  await expect(page.getByTestId("error-firstName")).toHaveText("This field is required.");
  await expect(page.getByTestId("error-country")).toHaveText("This field is required.");
  await expect(page.getByTestId("error-state")).toHaveCount(0);
  await fillAddress(page, { ...address, phone: "call me" });
  await pay.click();
  await expect(page.getByTestId("error-phone")).toContainText("digits only");
  await expect(page).toHaveURL(/\/pay\/demo_/);
  await fillAddress(page, { phone: address.phone });
  await pay.click();

  await page.waitForURL(/\/success\?order_id=\d+/);
  const orderId = new URL(page.url()).searchParams.get("order_id");
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("A confirmation email will arrive shortly.")).toBeVisible();
  await expect(page.getByTestId("success-order-number")).toHaveText(`Order #${orderId}`);
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  const emptyDrawer = await openDrawer(page);
  await expect(emptyDrawer.getByText("Your cart is empty.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/profile");
  const order = page.getByTestId("order").filter({ hasText: `Order #${orderId}` });
  await expect(order.getByTestId("order-status")).toContainText("Paid");
  await expect(order.getByTestId("order-total")).toHaveText(euros(total));
  await expect(order.getByTestId("order-line")).toHaveCount(2);
  await expect(order.getByTestId("order-line").first()).toContainText(`1 x ${first.product.title}`);
  await expect(order.getByTestId("order-address")).toContainText("Calle de Alcalá 42");
  await expect(order.getByTestId("order-address")).toContainText("28014 Madrid");
  await expect(order.getByTestId("order-address")).toContainText("Spain");
});

test("cancelling on the payment page returns to / with the cart refilled and the order cancelled", async ({ page }) => {
  const [entry] = await catalogVariants(page.request);
  await page.goto("/");
  await signUpCustomer(page, "canceller");
  await putCart(page, [cartLine(entry, 2)]);
  await checkoutToPaymentPage(page);
  expect(await storedCart(page)).toEqual([]);

  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  // The lines come back into the cart, and the order id leaves the address bar.
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  await expect(drawer.getByTestId("cart-line-quantity")).toHaveText("2");
  await expect(page).toHaveURL((url) => !url.searchParams.has("cancelled_order"));
  expect((await storedCart(page)).map((l) => [l.variantId, l.quantity])).toEqual([[entry.variant.id, 2]]);

  await page.goto("/profile");
  await expect(page.getByTestId("order").first().getByTestId("order-status")).toContainText("Cancelled");
});

test("a cart whose stored price was lowered to 1 cent is still charged the catalog price", async ({ page }) => {
  const [entry] = await catalogVariants(page.request);
  await page.goto("/");
  await signUpCustomer(page, "tamperer");
  await putCart(page, [{ ...cartLine(entry), unitPriceCents: 1 }]);
  await checkoutToPaymentPage(page);
  const total = entry.chargedCents + shippingFor(entry.chargedCents);
  await expect(page.getByTestId("payment-total")).toHaveText(euros(total));
  await fillAddress(page, address);
  await page.getByRole("button", { name: `Pay ${euros(total)}` }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  await page.goto("/profile");
  await expect(page.getByTestId("order").first().getByTestId("order-total")).toHaveText(euros(total));
});
