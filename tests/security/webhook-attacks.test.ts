import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { confirmPayment } from "@/features/orders/service";
import { setDatabaseForTests } from "@/server/db/client";
import { orderEvents } from "@/server/db/schema/orders";
import { createStripeProvider } from "@/server/payments/stripe-provider";
import { checkoutInput, confirmationEmailsTo, demoProvider, insertProduct, insertUser, orderById, stockOf } from "../integration/checkout-fixtures";
import { fakeStripe, sessionEvent, signedRequest, webhookSecret } from "../integration/stripe-fixtures";

/**
 * Attacks on payment confirmation: forged, stale, altered, replayed, oversized deliveries and payments for another
 * amount or currency than the order's. Protection: signature check on the raw body (src/server/payments/stripe-provider.ts),
 * once-only events and amount/currency comparison (confirmPayment in src/features/orders/service.ts), the body cap in
 * src/app/api/payments/stripe/webhook/route.ts.
 */
describeOnEachDatabase("attacks on payment webhooks", (kind) => {
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

  async function stripeOrder() {
    const provider = createStripeProvider({ client: fakeStripe(), webhookSecret, shippingCountries: ["ES", "US"] });
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 2, priceCents: 3000, salePriceCents: 2500 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), provider, {
      });
    return { shopper, variantId, checkout };
  }

  it("attack: webhook forgery and staleness — a forged, stale, unsigned or altered delivery is refused with 400 and changes nothing", async () => {
    const { variantId, checkout } = await stripeOrder();
    const event = sessionEvent("evt_forged", "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: checkout.totalCents });
    const forged = await POST(signedRequest(event, { secret: "whsec_attacker" }));
    expect(forged.status).toBe(400);
    const stale = await POST(signedRequest(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.status).toBe(400);
    const unsigned = await POST(new Request("http://shop.test/api/payments/stripe/webhook", { method: "POST", body: JSON.stringify(event) }));
    expect(unsigned.status).toBe(400);
    const good = signedRequest(event);
    const tampered = new Request(good.url, { method: "POST", headers: good.headers, body: JSON.stringify({ ...event, id: "evt_other" }) });
    expect((await POST(tampered)).status).toBe(400);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("pending");
    expect(await stockOf(t.db, variantId)).toBe(1);
  });

  it("attack: webhook amount mismatch — a signed payment of a different amount or currency is recorded but does not complete the order", async () => {
    const { shopper, checkout } = await stripeOrder();
    const cheap = sessionEvent("evt_cheap", "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: 1 });
    expect((await POST(signedRequest(cheap))).status).toBe(200);
    const dollars = sessionEvent("evt_usd", "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: checkout.totalCents, currency: "usd" });
    expect((await POST(signedRequest(dollars))).status).toBe(200);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("pending");
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(0);
    const flagged = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, checkout.orderId), eq(orderEvents.type, "payment_mismatch")));
    expect(flagged).toHaveLength(2);
  });

  it("attack: webhook amount mismatch (any provider) — confirmPayment refuses a lower amount or another currency", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 3, priceCents: 2000 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider(), {
      });
    const base = { provider: "demo", sessionId: checkout.sessionId, currency: "EUR" };
    expect((await confirmPayment(t.db, { ...base, eventId: "evt_low", amountCents: checkout.totalCents - 1 })).outcome).toBe("amount_mismatch");
    expect((await confirmPayment(t.db, { ...base, eventId: "evt_usd", amountCents: checkout.totalCents, currency: "USD" })).outcome).toBe("amount_mismatch");
    expect((await orderById(t.db, checkout.orderId)).status).toBe("pending");
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(0);
  });

  it("attack: webhook replay — the same signed delivery sent again completes the order once and sends one email", async () => {
    const { shopper, variantId, checkout } = await stripeOrder();
    const event = sessionEvent("evt_replayed", "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: checkout.totalCents });
    const answers = [await POST(signedRequest(event)), await POST(signedRequest(event)), await POST(signedRequest(event))];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("completed");
    expect(await stockOf(t.db, variantId)).toBe(1);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    const completions = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, checkout.orderId), eq(orderEvents.toStatus, "completed")));
    expect(completions).toHaveLength(1);
  });

  it("attack: oversized body — a 2 MB webhook delivery is refused with 413 before it is read", async () => {
    const big = new Request("http://shop.test/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=00", "content-type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }),
    });
    expect((await POST(big)).status).toBe(413);
  });
});
