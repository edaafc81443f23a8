import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { orders } from "@/server/db/schema/orders";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { setDatabaseForTests } from "@/server/db/client";
import { createStripeClient, createStripeProvider } from "@/server/payments/stripe-provider";
import { checkoutInput, confirmationEmailsTo, insertProduct, insertUser, orderById, refusal, stockOf } from "./checkout-fixtures";
import { startStripeServer } from "../helpers/stripe-server";
import { fakeStripe, sessionEvent, signedRequest, webhookSecret } from "./stripe-fixtures";

describeOnEachDatabase("stripe payments", (kind) => {
  let t: TestDatabase;
  let POST: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    ({ POST } = await import("@/app/api/payments/stripe/webhook/route"));
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  async function stripeOrder(locale = "en") {
    const client = fakeStripe();
    const provider = createStripeProvider({ client, webhookSecret, shippingCountries: ["ES", "US"] });
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 2, priceCents: 3000, salePriceCents: 2500 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }], locale), provider, {
      });
    return { client, shopper, variantId, checkout };
  }

  it("opens a Checkout Session from the order: lines, shipping, locale, reference, expiry, countries and an idempotency key", async () => {
    const { client, checkout } = await stripeOrder("es");
    expect(checkout.url).toBe("https://checkout.stripe.test/pay");
    const [params, options] = client.checkout.sessions.create.mock.calls[0] as unknown as [Stripe.Checkout.SessionCreateParams, Stripe.RequestOptions];
    expect(params.locale).toBe("es");
    expect(params.client_reference_id).toBe(String(checkout.orderId));
    expect(params.metadata).toEqual({ order_id: String(checkout.orderId) });
    expect(params.line_items).toEqual([
      expect.objectContaining({ quantity: 1, price_data: expect.objectContaining({ currency: "eur", unit_amount: 2500 }) }),
      expect.objectContaining({ quantity: 1, price_data: expect.objectContaining({ unit_amount: 495, product_data: { name: "Envío" } }) }),
    ]);
    expect(params.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
    // Only the countries taxed like the order (Spanish VAT, decision 0082): the session's amounts cannot change later.
    expect(params.shipping_address_collection?.allowed_countries).toEqual(["ES"]);
    expect(params.success_url).toContain(`order_id=${checkout.orderId}`);
    expect(options.idempotencyKey).toBe(`vitrina-checkout-order-${checkout.orderId}`);
  });

  it("a signed checkout.session.completed completes the order once, with the address, even when delivered twice in parallel", async () => {
    const { shopper, variantId, checkout } = await stripeOrder();
    const event = sessionEvent("evt_completed_1", "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: checkout.totalCents });
    const answers = await Promise.all([POST(signedRequest(event)), POST(signedRequest(event))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const order = await orderById(t.db, checkout.orderId);
    expect(order).toMatchObject({ status: "completed", paymentReference: "pi_test_1" });
    expect(order.shippingAddress).toMatchObject({ firstName: "Ana", lastName: "García", city: "Madrid", country: "ES" });
    expect(await stockOf(t.db, variantId)).toBe(1);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
  });

  it("an unpaid completion waits; async success completes; expiry and async failure cancel and give stock back", async () => {
    const a = await stripeOrder();
    await POST(signedRequest(sessionEvent("evt_unpaid", "checkout.session.completed", { id: a.checkout.sessionId, orderId: a.checkout.orderId, amount: a.checkout.totalCents, paid: false })));
    expect((await orderById(t.db, a.checkout.orderId)).status).toBe("pending");
    await POST(signedRequest(sessionEvent("evt_async_ok", "checkout.session.async_payment_succeeded", { id: a.checkout.sessionId, orderId: a.checkout.orderId, amount: a.checkout.totalCents })));
    expect((await orderById(t.db, a.checkout.orderId)).status).toBe("completed");

    const b = await stripeOrder();
    await POST(signedRequest(sessionEvent("evt_expired", "checkout.session.expired", { id: b.checkout.sessionId, orderId: b.checkout.orderId, amount: b.checkout.totalCents, paid: false })));
    expect(await orderById(t.db, b.checkout.orderId)).toMatchObject({ status: "cancelled", stockReleased: true });
    expect(await stockOf(t.db, b.variantId)).toBe(2);

    const c = await stripeOrder();
    await POST(signedRequest(sessionEvent("evt_failed", "checkout.session.async_payment_failed", { id: c.checkout.sessionId, orderId: c.checkout.orderId, amount: c.checkout.totalCents, paid: false })));
    expect((await orderById(t.db, c.checkout.orderId)).status).toBe("cancelled");
    expect(await stockOf(t.db, c.variantId)).toBe(2);
  });

  describe("checkout extras, asked in the drawer before Stripe's page (a Stripe stand-in on 127.0.0.1)", () => {
    let stripe: Awaited<ReturnType<typeof startStripeServer>>;
    beforeAll(async () => {
      stripe = await startStripeServer({ secretKey: "sk_test_offline" });
    });
    afterAll(async () => stripe?.close());
    const provider = () => createStripeProvider({ client: createStripeClient("sk_test_offline", stripe.url), webhookSecret, shippingCountries: ["ES", "US"] });

    it("keeps the note, company and tax id on the order before the session opens, and through the paid webhook", async () => {
      const shopper = await insertUser(t.db);
      const { variantId } = await insertProduct(t.db, { stock: 2, priceCents: 3000 });
      const extras = { orderNote: "Ring twice, please.", companyName: "  Acme   Iberia SL ", taxId: "b 12345674" };
      const checkout = await createCheckout(t.db, { ...checkoutInput(shopper, [{ variantId, quantity: 1 }], "es"), shippingCountry: "ES", extras }, provider());
      expect(stripe.sessions.find((s) => s.id === checkout.sessionId)?.params["metadata[order_id]"]).toBe(String(checkout.orderId));
      expect(checkout.url).toBe(`https://checkout.stripe.test/c/pay/${checkout.sessionId}`);
      expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "pending", orderNote: "Ring twice, please.", companyName: "Acme Iberia SL", taxId: "B12345674" });

      await POST(signedRequest(sessionEvent("evt_extras_paid", "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: checkout.totalCents })));
      expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "completed", orderNote: "Ring twice, please.", companyName: "Acme Iberia SL", taxId: "B12345674" });
    });

    it("refuses a bad tax id for the order's country before any session, in both languages, and changes nothing", async () => {
      const shopper = await insertUser(t.db);
      const { variantId } = await insertProduct(t.db, { stock: 2, priceCents: 3000 });
      const sessionsBefore = stripe.sessions.length;
      const input = { ...checkoutInput(shopper, [{ variantId, quantity: 1 }]), shippingCountry: "ES", extras: { companyName: "Acme SL", taxId: "B12345675" } };
      const en = await refusal(createCheckout(t.db, input, provider()), "en");
      expect(en).toMatchObject({ code: "invalid_extras", status: 400 });
      expect(en.message).toContain("Enter a valid Spanish NIF, NIE or CIF");
      expect((await refusal(createCheckout(t.db, input, provider()), "es")).message).toContain("Introduce un NIF, NIE o CIF español válido");
      const tooLong = await refusal(createCheckout(t.db, { ...input, extras: { orderNote: "x".repeat(501) } }, provider()), "es");
      expect(tooLong.message).toBe("Nota del pedido: Este valor es demasiado largo.");
      expect(stripe.sessions.length).toBe(sessionsBefore);
      expect(await stockOf(t.db, variantId)).toBe(2);
      expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    });
  });
});
