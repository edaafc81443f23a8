import { describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { fromStripeUnits, stripeCharge, toStripeUnits } from "./stripe-amounts";
import { createStripeProvider, stripeLineItems, type StripeClientLike } from "./stripe-provider";
import type { PaymentOrder, PaymentOrderLine } from "./provider";

const order = (currency: string, totalCents: number, shippingTotalCents = 0): PaymentOrder => ({
  id: 7,
  email: "ana@example.com",
  locale: "en",
  currency,
  subtotalCents: totalCents - shippingTotalCents,
  shippingCents: shippingTotalCents,
  shippingTotalCents,
  totalCents,
  paymentSessionId: null,
  paymentReference: "pi_1",
  reservedUntil: null,
});
const line = (currency: string, totalCents: number, quantity = 1): PaymentOrderLine => ({
  productTitle: "Poncho",
  variantTitle: "",
  imageUrl: null,
  quantity,
  chargedUnitCents: totalCents / quantity,
  totalCents,
  currency,
});
const amounts = (items: Stripe.Checkout.SessionCreateParams.LineItem[]) => items.map((i) => [i.quantity, i.price_data?.unit_amount, i.price_data?.product_data?.name]);

describe("Stripe's units per currency", () => {
  it.each([
    ["EUR", 1250, 1250],
    ["CLP", 15990, 15990],
    ["JPY", 1500, 1500],
    // ISK: ISO has no decimals, Stripe's API keeps two (whole króna only).
    ["ISK", 500, 50000],
    ["KWD", 12340, 12340],
    ["HUF", 99900, 99900],
  ])("%s %i → %i", (currency, cents, stripe) => {
    expect(toStripeUnits(cents, currency)).toBe(stripe);
    expect(stripeCharge(cents, currency)).toBe(stripe);
    expect(fromStripeUnits(stripe, currency)).toBe(cents);
  });
  it("charges a three-decimal amount Stripe cannot take rounded down to a last digit of 0", () => {
    expect(stripeCharge(5124, "KWD")).toBe(5120);
    expect(stripeCharge(5129, "bhd")).toBe(5120);
    expect(stripeCharge(5120, "KWD")).toBe(5120);
  });
  it("refuses a currency whose unit is finer than Stripe's (IQD has three decimals, Stripe two)", () => {
    expect(() => toStripeUnits(1000, "IQD")).toThrow(/IQD/);
  });
  it("reads back only whole amounts of ours", () => {
    expect(fromStripeUnits(50050, "ISK")).toBeNull();
  });
});

describe("stripeLineItems", () => {
  it("keeps euro lines as they were: cents, a line that does not divide goes as one item", () => {
    expect(amounts(stripeLineItems(order("EUR", 5495, 495), [line("EUR", 2000, 2), line("EUR", 3000, 1)]))).toEqual([
      [2, 1000, "Poncho"],
      [1, 3000, "Poncho"],
      [1, 495, "Shipping"],
    ]);
    expect(amounts(stripeLineItems(order("EUR", 1001), [line("EUR", 1001, 2)]))).toEqual([[1, 1001, "2 × Poncho"]]);
  });
  it("sends pesos as whole pesos and króna with Stripe's two zeros", () => {
    expect(amounts(stripeLineItems(order("CLP", 34970, 2990), [line("CLP", 31980, 2)]))).toEqual([
      [2, 15990, "Poncho"],
      [1, 2990, "Shipping"],
    ]);
    expect(amounts(stripeLineItems(order("ISK", 4500), [line("ISK", 4500, 3)]))).toEqual([[3, 150000, "Poncho"]]);
  });
  it("itemises dinars ending in 0; otherwise one item for the order, rounded down, in the order's language", () => {
    expect(amounts(stripeLineItems(order("KWD", 12340, 1000), [line("KWD", 11340, 2)]))).toEqual([
      [2, 5670, "Poncho"],
      [1, 1000, "Shipping"],
    ]);
    expect(amounts(stripeLineItems({ ...order("KWD", 12345, 1000), locale: "es" }, [line("KWD", 11345, 1)]))).toEqual([[1, 12340, "Pedido 7"]]);
  });
});

describe("the Stripe provider with a three-decimal currency", () => {
  const secret = "whsec_unit";
  const client = {
    checkout: { sessions: { create: vi.fn(async () => ({ id: "cs_1", url: "https://checkout.stripe.test/pay" })) } },
    refunds: { create: vi.fn(async () => ({ id: "re_1" })) },
  } satisfies StripeClientLike;
  const provider = createStripeProvider({ client, webhookSecret: secret, shippingCountries: ["KW"] });
  const delivered = (session: object) => {
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed", data: { object: { id: "cs_1", object: "checkout.session", payment_status: "paid", payment_intent: "pi_1", client_reference_id: "7", ...session } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return provider.parseWebhook(payload, new Headers({ "stripe-signature": signature }));
  };

  it("states the order's total when it had to round, and the webhook reads the rounded charge as that total", async () => {
    await provider.createSession(order("KWD", 12345), [line("KWD", 12345)], { successUrl: "https://s", cancelUrl: "https://c" });
    const params = (client.checkout.sessions.create.mock.calls[0] as unknown as [Stripe.Checkout.SessionCreateParams])[0];
    expect(params.metadata).toEqual({ order_id: "7", order_total: "12345" });
    expect(delivered({ amount_total: 12340, currency: "kwd", metadata: params.metadata })).toMatchObject({ kind: "payment_succeeded", amountCents: 12345, currency: "KWD" });
    // Another amount is reported as it is, so the payment check refuses it.
    expect(delivered({ amount_total: 12000, currency: "kwd", metadata: params.metadata })).toMatchObject({ amountCents: 12000 });
  });
  it("converts króna back from Stripe's units", () => {
    expect(delivered({ amount_total: 450000, currency: "isk", metadata: { order_id: "7" } })).toMatchObject({ amountCents: 4500, currency: "ISK" });
  });
  it("refunds a part of a three-decimal payment rounded down", async () => {
    await provider.refund(order("KWD", 12345), { amountCents: 5125, key: "return-1" });
    expect((client.refunds.create.mock.calls[0] as unknown as [Stripe.RefundCreateParams])[0].amount).toBe(5120);
  });
});
