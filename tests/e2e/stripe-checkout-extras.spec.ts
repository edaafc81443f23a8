import { expect as baseExpect, test } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { startStripeServer, type StripeServer } from "../helpers/stripe-server";
import { stripePaidEvent, stripeShopperAtDrawer } from "./stripe-support";

/*
 * docs/product.md#checkout-extras for a shop paid through Stripe, on a server of its own whose Stripe calls go to the
 * local stand-in (tests/helpers/stripe-server.ts): the shopper gives a company, a tax id and a note in the cart drawer,
 * a bad tax id is refused there before any Stripe session, a good one goes to Stripe's page, and once Stripe's signed
 * webhook says paid the admin's order page shows them. In English and, at 390 px, Spanish.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 25;
const stripePort = Number(process.env.E2E_PORT ?? 3100) + 26;
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000, mode: "serial" });
test.use({ baseURL: `http://localhost:${port}` });

const secretKey = "sk_test_e2e_extras";
const webhookSecret = "whsec_e2e_extras";
const admin = { email: "stripe-extras-owner@example.com", password: "owner-password-1", name: "Shop Owner" };

// Started before the shop (hooks run in order): the shop reads STRIPE_API_URL at start.
let stripe: StripeServer;
test.beforeAll(async () => {
  stripe = await startStripeServer({ secretKey, port: stripePort });
});
test.afterAll(async () => stripe?.close());
const servers = withShopAndMailSink({
  port,
  admins: [admin],
  env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: `http://127.0.0.1:${stripePort}` },
});

const words = {
  en: {
    prefix: "",
    checkout: "Proceed to Checkout",
    fold: "Invoice details and note (optional)",
    estimateFor: "Taxes estimated for",
    company: "Company name",
    taxId: /^Tax id/,
    note: "Order note",
    badTaxId: "Enter a valid Spanish NIF, NIE or CIF, e.g. 12345678Z or B12345674.",
  },
  es: {
    prefix: "/es",
    checkout: "Proceder al pago",
    fold: "Datos de factura y nota (opcional)",
    estimateFor: "Impuestos estimados para",
    company: "Nombre de la empresa",
    taxId: /^Identificación fiscal/,
    note: "Nota del pedido",
    badTaxId: "Introduce un NIF, NIE o CIF español válido, p. ej. 12345678Z o B12345674.",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  test(`${locale}: a Stripe shopper's company, tax id and note are asked in the drawer, checked before Stripe and kept on the paid order`, async ({ page, browser }) => {
    const w = words[locale];
    if (locale === "es") await page.setViewportSize({ width: 390, height: 844 });
    const drawer = await stripeShopperAtDrawer(page, w.prefix, `stripe-extras-${locale}`, w.estimateFor);
    const extras = drawer.getByTestId("drawer-extras");
    // The fold's summary names it (the fieldset's legend repeats it for screen readers only).
    await extras.locator("summary", { hasText: w.fold }).click();
    const company = `Acme Iberia ${locale.toUpperCase()} SL`;
    const note = locale === "es" ? "Dejar en portería, por favor." : "Please leave it with the porter.";
    await extras.getByLabel(w.company).fill(company);
    await extras.getByLabel(w.taxId).fill("B12345675");
    await extras.getByLabel(w.note).fill(note);
    const sessionsBefore = stripe.sessions.length;
    await drawer.getByRole("button", { name: w.checkout }).click();
    await expect(extras.getByTestId("error-taxId")).toHaveText(w.badTaxId);
    await expect(page.getByText(w.badTaxId).first()).toBeVisible();
    expect(stripe.sessions.length).toBe(sessionsBefore);

    await extras.getByLabel(w.taxId).fill("b 12345674");
    await drawer.getByRole("button", { name: w.checkout }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.find((s) => page.url().endsWith(s.id))!;
    const orderId = session.params["metadata[order_id]"];

    const event = stripePaidEvent(session, webhookSecret);
    const delivered = await page.request.post(`${servers.shop.baseURL}/api/payments/stripe/webhook`, {
      data: event.payload,
      headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);

    const context = await browser.newContext({ baseURL: `http://localhost:${port}`, viewport: locale === "es" ? { width: 390, height: 844 } : undefined });
    const adminPage = await context.newPage();
    const signIn = await adminPage.request.post("/api/auth/sign-in/email", { data: { email: admin.email, password: admin.password }, headers: { origin: `http://localhost:${port}` } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await adminPage.goto(`${w.prefix}/admin/orders/${orderId}`);
    await expect(adminPage.getByTestId("order-company")).toHaveText(company);
    await expect(adminPage.getByTestId("order-tax-id")).toHaveText("B12345674");
    await expect(adminPage.getByTestId("order-note")).toHaveText(note);
    await context.close();
  });
}
