import { expect as baseExpect, test } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { startStripeServer, type StripeServer } from "../helpers/stripe-server";
import { stripePaidEvent, stripeShopperAtDrawer } from "./stripe-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * docs/product.md#success-page: a signed-in shopper pays on Stripe's page, which collects the address; back on the
 * success page, one click saves that address to the address book, once. A visitor opening the same page is not
 * offered it. In English and Spanish, at 390 px, on a shop of its own whose Stripe is the local stand-in
 * (tests/helpers/stripe-server.ts).
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 115;
const stripePort = Number(process.env.E2E_PORT ?? 3100) + 116;
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000, mode: "serial" });
test.use({ baseURL: `http://localhost:${port}`, viewport: { width: 390, height: 844 } });

const secretKey = "sk_test_e2e_address_keep";
const webhookSecret = "whsec_e2e_address_keep";

// Started before the shop (hooks run in order): the shop reads STRIPE_API_URL at start.
let stripe: StripeServer;
test.beforeAll(async () => {
  stripe = await startStripeServer({ secretKey, port: stripePort });
});
test.afterAll(async () => stripe?.close());
const servers = withShopAndMailSink({
  port,
  env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: `http://127.0.0.1:${stripePort}` },
});

const words = {
  en: { prefix: "", checkout: "Proceed to Checkout", estimateFor: "Taxes estimated for", save: "Save this address to your address book", saved: "Saved to your address book." },
  es: { prefix: "/es", checkout: "Proceder al pago", estimateFor: "Impuestos estimados para", save: "Guardar esta dirección en tu libreta de direcciones", saved: "Guardada en tu libreta de direcciones." },
} as const;

for (const locale of ["en", "es"] as const) {
  test(`${locale}: after paying on Stripe's page, one click saves the address Stripe collected; a visitor is not offered it`, async ({ page, browser }) => {
    const w = words[locale];
    const drawer = await stripeShopperAtDrawer(page, w.prefix, `stripe-keep-${locale}`, w.estimateFor);
    await drawer.getByRole("button", { name: w.checkout }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.find((s) => page.url().endsWith(s.id))!;
    // A shopper with an empty book: Stripe's page asks the address (the order had none to send).
    expect(session.params["shipping_address_collection[allowed_countries][0]"]).toBeTruthy();
    const orderId = session.params["metadata[order_id]"];
    const street = `Calle Mayor ${locale === "es" ? 2 : 1}`;
    const event = stripePaidEvent(session, webhookSecret, street);
    const delivered = await page.request.post(`${servers.shop.baseURL}/api/payments/stripe/webhook`, {
      data: event.payload,
      headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);

    // Back from Stripe, on the success page it names.
    const successUrl = new URL(session.params.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    expect(successUrl.pathname).toBe(`${w.prefix}/success`);
    await page.goto(`${successUrl.pathname}${successUrl.search}`);
    const keep = page.getByTestId("success-keep-address");
    await expect(keep).toBeVisible();
    await keep.getByRole("button", { name: w.save }).click();
    await expect(keep.getByTestId("success-keep-address-note")).toHaveText(w.saved);
    await expect(keep.getByRole("button")).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // In the book, as its first (default) address; the success page no longer offers it.
    await page.goto(`${w.prefix}/profile`);
    const saved = page.getByTestId("saved-address");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(street);
    await expect(saved.getByTestId("default-address")).toBeVisible();
    await page.goto(`${successUrl.pathname}${successUrl.search}`);
    await expect(page.getByTestId("success-order-number")).toBeVisible();
    await expect(page.getByTestId("success-keep-address")).toHaveCount(0);

    // A visitor with the same link sees no order, and nothing to save.
    const visitor = await browser.newContext({ baseURL: `http://localhost:${port}`, viewport: { width: 390, height: 844 } });
    const other = await visitor.newPage();
    await other.goto(`${w.prefix}/success?order_id=${orderId}`);
    await expect(other.locator("h1")).toBeVisible();
    await expect(other.getByTestId("success-order-number")).toHaveCount(0);
    await expect(other.getByTestId("success-keep-address")).toHaveCount(0);
    await visitor.close();
  });
}
