import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { mercadoPagoNotification, startMercadoPagoServer, type MercadoPagoServer } from "../helpers/mercadopago-server";
import { createCheckout } from "@/features/checkout/service";
import { refundProviderFor } from "@/features/orders/refund-provider";
import { toPaymentOrder } from "@/features/orders/service";
import { setDatabaseForTests } from "@/server/db/client";
import { paymentEvents } from "@/server/db/schema/orders";
import { resetSettingsForTests, settings } from "@/server/env";
import { mercadoPagoProviderFrom } from "@/server/payments/payment-provider";
import { checkoutInput, confirmationEmailsTo, insertProduct, insertUser, orderById, stockOf } from "./checkout-fixtures";

const accessToken = "TEST-vitrina-access-token";
const webhookSecret = "mp_webhook_secret_vitrina";
const webhookUrl = "http://shop.test/api/payments/mercadopago/webhook";

describeOnEachDatabase("mercado pago payments", (kind) => {
  let t: TestDatabase;
  let mp: MercadoPagoServer;
  let POST: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    mp = await startMercadoPagoServer({ accessToken });
    process.env.MERCADOPAGO_ACCESS_TOKEN = accessToken;
    process.env.MERCADOPAGO_WEBHOOK_SECRET = webhookSecret;
    process.env.MERCADOPAGO_API_URL = mp.url;
    resetSettingsForTests();
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    ({ POST } = await import("@/app/api/payments/mercadopago/webhook/route"));
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
    await mp?.close();
    delete process.env.MERCADOPAGO_ACCESS_TOKEN;
    delete process.env.MERCADOPAGO_WEBHOOK_SECRET;
    delete process.env.MERCADOPAGO_API_URL;
    resetSettingsForTests();
  });

  async function mercadoPagoOrder(options: { currency?: string; priceCents?: number; locale?: string; stock?: number } = {}) {
    const provider = mercadoPagoProviderFrom(settings())!;
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: options.stock ?? 2, priceCents: options.priceCents ?? 2550, currency: options.currency ?? "EUR" });
    // The test shop's one shipping method, in the order's currency's minor units.
    await t.db.execute(sql`update shipping_methods set rate_cents = ${options.currency === "CLP" ? 3990 : 495}, free_above_cents = null`);
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 2 }], options.locale), provider);
    return { shopper, variantId, checkout };
  }

  const deliver = (notification: { url: string; body: string; headers: Record<string, string> }) =>
    POST(new Request(notification.url, { method: "POST", body: notification.body, headers: notification.headers }));

  it("opens a Checkout Pro preference: CLP amounts in pesos, the order as external reference, back URLs, expiry and an idempotency key", async () => {
    const { checkout } = await mercadoPagoOrder({ currency: "CLP", priceCents: 15990, locale: "es" });
    const preference = mp.preferences.find((p) => p.body.external_reference === String(checkout.orderId))!;
    expect(checkout.url).toBe(preference.init_point);
    expect(checkout.sessionId).toBe(preference.id);
    // CLP has no minor unit: 15990 is 15990 pesos, not 159.90.
    expect(preference.body.items).toEqual([
      expect.objectContaining({ quantity: 2, unit_price: 15990, currency_id: "CLP" }),
      expect.objectContaining({ quantity: 1, unit_price: 3990, currency_id: "CLP", title: "Envío" }),
    ]);
    expect(preference.body.back_urls).toMatchObject({ success: expect.stringContaining(`order_id=${checkout.orderId}`), failure: expect.stringContaining(`cancelled_order=${checkout.orderId}`) });
    expect(preference.body.notification_url).toBe("http://shop.test/api/payments/mercadopago/webhook");
    expect(preference.body.expires).toBe(true);
    expect(Date.parse(String(preference.body.expiration_date_to))).toBeGreaterThan(Date.now());
    expect(preference.idempotencyKey).toBe(`vitrina-checkout-order-${checkout.orderId}`);
  });

  it("sends EUR in euros with cents as decimals", async () => {
    const { checkout } = await mercadoPagoOrder({ currency: "EUR", priceCents: 1999 });
    const preference = mp.preferences.find((p) => p.body.external_reference === String(checkout.orderId))!;
    expect(preference.body.items).toEqual([expect.objectContaining({ quantity: 2, unit_price: 19.99 }), expect.objectContaining({ unit_price: 4.95 })]);
  });

  it("a verified notification completes the order once, from the payment read back; a replay changes nothing", async () => {
    const { shopper, variantId, checkout } = await mercadoPagoOrder({ currency: "CLP", priceCents: 15990 });
    const payment = mp.addPayment({ externalReference: String(checkout.orderId), amount: checkout.totalCents, currency: "CLP" });
    const notification = mercadoPagoNotification(webhookUrl, payment.id, webhookSecret);
    const first = await deliver(notification);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: "completed" });
    // The same notification again (Mercado Pago retries, or someone replays it): recorded once, answered 200.
    const answers = await Promise.all([deliver(notification), deliver(mercadoPagoNotification(webhookUrl, payment.id, webhookSecret))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await Promise.all(answers.map(async (a) => (await a.json()).outcome))).toEqual(["duplicate", "duplicate"]);
    expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "completed", paymentReference: String(payment.id), paymentProvider: "mercadopago" });
    expect(await stockOf(t.db, variantId)).toBe(0);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    expect(mp.calls.filter((c) => c.method === "GET" && c.path === `/v1/payments/${payment.id}`).length).toBe(3);
  });

  it("refuses a forged, missing or re-aimed signature with 400, without asking Mercado Pago or changing the order", async () => {
    const { checkout } = await mercadoPagoOrder();
    const payment = mp.addPayment({ externalReference: String(checkout.orderId), amount: checkout.totalCents / 100, currency: "EUR" });
    const reads = () => mp.calls.filter((c) => c.path === `/v1/payments/${payment.id}`).length;
    const forged = mercadoPagoNotification(webhookUrl, payment.id, "not-the-secret");
    const unsigned = mercadoPagoNotification(webhookUrl, payment.id, webhookSecret);
    delete (unsigned.headers as Record<string, string | undefined>)["x-signature"];
    // A genuine signature for another payment, with this payment's id put in the query.
    const other = mercadoPagoNotification(webhookUrl, 1, webhookSecret);
    const reAimed = { ...other, url: other.url.replace("data.id=1", `data.id=${payment.id}`) };
    // Another request id than the one signed.
    const signed = mercadoPagoNotification(webhookUrl, payment.id, webhookSecret);
    const otherRequest = { ...signed, headers: { ...signed.headers, "x-request-id": "another-request" } };
    for (const notification of [forged, unsigned, reAimed, otherRequest]) {
      const answer = await deliver(notification);
      expect(answer.status).toBe(400);
    }
    expect(reads()).toBe(0);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("pending");
  });

  it("only an approved payment of the order's exact amount pays it", async () => {
    const { checkout } = await mercadoPagoOrder();
    const rejected = mp.addPayment({ externalReference: String(checkout.orderId), amount: checkout.totalCents / 100, currency: "EUR", status: "rejected" });
    expect(await (await deliver(mercadoPagoNotification(webhookUrl, rejected.id, webhookSecret))).json()).toMatchObject({ outcome: "ignored" });
    const short = mp.addPayment({ externalReference: String(checkout.orderId), amount: checkout.totalCents / 100 - 1, currency: "EUR" });
    expect(await (await deliver(mercadoPagoNotification(webhookUrl, short.id, webhookSecret))).json()).toMatchObject({ outcome: "amount_mismatch" });
    expect((await orderById(t.db, checkout.orderId)).status).toBe("pending");
    // The shopper's second try is approved on the same page: that one completes the order.
    const approved = mp.addPayment({ externalReference: String(checkout.orderId), amount: checkout.totalCents / 100, currency: "EUR" });
    expect(await (await deliver(mercadoPagoNotification(webhookUrl, approved.id, webhookSecret))).json()).toMatchObject({ outcome: "completed" });
    const [event] = await t.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, "mercadopago"), eq(paymentEvents.eventId, `payment_${rejected.id}_rejected`)));
    expect(event.outcome).toBe("ignored");
  });

  it("a payment Mercado Pago does not know is a 502 (retried later); other notification types are acknowledged", async () => {
    const unknown = await deliver(mercadoPagoNotification(webhookUrl, 42, webhookSecret));
    expect(unknown.status).toBe(502);
    const merchantOrder = await deliver(mercadoPagoNotification(webhookUrl, 43, webhookSecret, { type: "merchant_order" }));
    expect(await merchantOrder.json()).toMatchObject({ outcome: "ignored" });
  });

  it("refunds through Mercado Pago, in the currency's units, once per key", async () => {
    const { checkout } = await mercadoPagoOrder({ currency: "CLP", priceCents: 15990 });
    const payment = mp.addPayment({ externalReference: String(checkout.orderId), amount: checkout.totalCents, currency: "CLP" });
    await deliver(mercadoPagoNotification(webhookUrl, payment.id, webhookSecret));
    const order = toPaymentOrder(await orderById(t.db, checkout.orderId));
    const provider = refundProviderFor("mercadopago", settings());
    await provider.refund(order, { amountCents: 15990, key: "return-1" });
    await provider.refund(order, { amountCents: 15990, key: "return-1" });
    expect(mp.refunds.filter((r) => r.paymentId === payment.id)).toEqual([{ paymentId: payment.id, body: { amount: 15990 }, idempotencyKey: `vitrina-refund-order-${checkout.orderId}-return-1` }]);
  });
});
