import { expect as baseExpect, test } from "@playwright/test";
import { address } from "../e2e/checkout-support";
import { focusInside, focusedElement, tabTo } from "./keyboard";

/*
 * the whole purchase path with the keyboard alone — home → store → product → Style → Add to Cart →
 * drawer → Proceed to Checkout → register in the dialog → checkout → address → Pay → success. Only
 * keyboard.press / keyboard.type move things after the first page load.
 */

// Registration hashes a password (scrypt): on a small, busy machine that can take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const languages = [
  { locale: "en", prefix: "", store: "Store", tote: "Marlowe Leather Tote", toteSlug: "marlowe-leather-tote", black: "Black", country: "Spain", success: "Payment Successful!", proceed: "Proceed to Checkout", pay: /^Pay / },
  { locale: "es", prefix: "/es", store: "Tienda", tote: "Bolso tote Marlowe de piel", toteSlug: "bolso-tote-marlowe-de-piel", black: "Negro", country: "Esp", success: "¡Pago completado!", proceed: "Proceder al pago", pay: /^Pagar / },
] as const;

for (const l of languages) {
  test(`keyboard only (${l.locale}): browse, choose a Style, add, check out, register, give an address, pay, see the success page`, async ({ page }) => {
    await page.goto(`${l.prefix}/`);
    await page.waitForLoadState("networkidle");

    // Header navigation → the store.
    await tabTo(page, page.getByTestId("desktop-nav").getByRole("link", { name: l.store, exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `${l.prefix}/store`);

    // The tote's card link → its page.
    const cardLink = page.locator('[data-testid="product-card"][data-product-id="prod_demo_01"] [data-testid="product-card-link"]');
    await tabTo(page, cardLink);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `${l.prefix}/product/${l.toteSlug}`);
    await expect(page.getByRole("heading", { level: 1, name: l.tote })).toBeVisible();

    // Style: Black, chosen with the space bar.
    const black = page.getByRole("radio", { name: l.black });
    await tabTo(page, black);
    await page.keyboard.press("Space");
    await expect(black).toHaveAttribute("aria-checked", "true");

    const add = page.getByTestId("product-add-to-cart");
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    // Back up to the header's cart button and open the drawer: focus moves into it.
    const cartButton = page.getByTestId("cart-button");
    await tabTo(page, cartButton, { backwards: true });
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer).toBeVisible();
    expect(await focusInside(drawer)).toBe(true);
    await expect(drawer.getByTestId("cart-line")).toContainText(l.black);

    // Signed out: Proceed to Checkout opens the register view of the auth dialog.
    const proceed = drawer.getByRole("button", { name: l.proceed });
    await tabTo(page, proceed);
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("auth-dialog");
    await expect(page.getByTestId("register-form")).toBeVisible();
    expect(await focusInside(dialog)).toBe(true);
    const email = `keyboard.${l.locale}.${Date.now()}@example.com`;
    for (const [id, value] of [
      ["register-full-name", "Lucía Gómez"],
      ["register-email", email],
      ["register-password", "keyboard-pass-1"],
      ["register-confirm-password", "keyboard-pass-1"],
    ] as const) {
      await tabTo(page, dialog.locator(`#${id}`), { max: 30 });
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");

    // Signed in: the drawer again, and Proceed to Checkout takes us to the payment page.
    // Focus comes back to the page (the header's cart button, or the top of the page when nothing is left to return to).
    await tabTo(page, cartButton, { backwards: (await focusedElement(page)) !== "body" });
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    await tabTo(page, proceed);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/pay\/demo_/);
    await expect(page.getByTestId("payment-total")).toBeVisible();

    const form = page.getByTestId("shipping-form");
    // In the form's order: the country comes first (docs/product.md#payment-page).
    const inFormOrder = (Object.entries(address) as [keyof typeof address, string][]).sort(([a], [b]) => Number(b === "country") - Number(a === "country"));
    for (const [field, value] of inFormOrder) {
      await tabTo(page, form.locator(`#ship-${field}`), { max: 40 });
      // The country is a native select: typing the start of its name picks it ("Esp" for España: typing "ñ" into
      // a select is not a key press Chromium's type-ahead sees).
      await page.keyboard.type(field === "country" ? l.country : value);
    }
    await expect(form.locator("#ship-country")).toHaveValue("ES");
    await tabTo(page, form.getByRole("button", { name: l.pay }), { max: 10 });
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/success\?order_id=\d+/);
    await expect(page.getByRole("heading", { level: 1, name: l.success })).toBeVisible();
    await expect(page.getByTestId("success-order-number")).toBeVisible();
  });
}
