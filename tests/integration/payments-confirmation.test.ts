import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout, expireStaleOrders } from "@/features/checkout/service";
import { cancelDemoSession, payDemoSession } from "../../src/features/checkout/demo-payment/demo-payment";
import { confirmPayment } from "@/features/orders/service";
import { orderEvents, orders, paymentEvents } from "@/server/db/schema/orders";
import { checkoutInput, confirmationEmailsTo, demoProvider, insertProduct, insertUser, orderById, stockOf } from "./checkout-fixtures";

describeOnEachDatabase("payment confirmation", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  async function pendingOrder(stock = 3, quantity = 1) {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock, priceCents: 2000 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity }], "es"), demoProvider(), {
      });
    return { shopper, variantId, checkout };
  }

  it("demo Pay completes the order once, keeps the reserved units sold and sends one email in the order's language", async () => {
    const { shopper, variantId, checkout } = await pendingOrder(3, 2);
    const first = await payDemoSession(t.db, checkout.sessionId, shopper.id);
    expect(first).toEqual({ kind: "redirect", orderId: checkout.orderId, url: `http://shop.test/success?from=cart&order_id=${checkout.orderId}` });
    const again = await payDemoSession(t.db, checkout.sessionId, shopper.id);
    expect(again.kind).toBe("redirect");

    const order = await orderById(t.db, checkout.orderId);
    expect(order.status).toBe("completed");
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(await stockOf(t.db, variantId)).toBe(1);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    const [mail] = await t.db.execute(
      // The confirmation is in Spanish because the order was placed in Spanish.
      `select subject from mail_outbox where to_address = '${shopper.email}'` as never,
    ).then((r) => (r as unknown as { rows: { subject: string }[] }).rows);
    expect(mail.subject).toContain(`Tu pedido n.º ${checkout.orderId}`);
  });

  it("the same event delivered twice in parallel makes one transition and one email", async () => {
    const { shopper, variantId, checkout } = await pendingOrder(5, 1);
    const input = { provider: "demo", eventId: "evt_parallel", sessionId: checkout.sessionId, amountCents: checkout.totalCents, currency: "EUR" };
    const results = await Promise.all([confirmPayment(t.db, input), confirmPayment(t.db, input), confirmPayment(t.db, { ...input, eventId: "evt_other" })]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["already_paid", "completed", "duplicate"]);
    expect(await stockOf(t.db, variantId)).toBe(4);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    const transitions = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, checkout.orderId), eq(orderEvents.toStatus, "completed")));
    expect(transitions).toHaveLength(1);
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_parallel"));
    expect(recorded).toHaveLength(1);
    // The ledger names the order and what each event did.
    const ledger = await t.db.select().from(paymentEvents).where(inArray(paymentEvents.eventId, ["evt_parallel", "evt_other"]));
    expect(ledger.map((e) => [e.orderId, e.outcome]).sort()).toEqual([
      [checkout.orderId, "already_paid"],
      [checkout.orderId, "completed"],
    ]);
    const unknown = await confirmPayment(t.db, { ...input, eventId: "evt_unknown", sessionId: "demo_no_such_session" });
    expect(unknown).toEqual({ outcome: "unknown_order", orderId: null });
    const [unknownRow] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_unknown"));
    expect(unknownRow).toMatchObject({ orderId: null, outcome: "unknown_order" });
  });

  it("a provider that names the order by id (its session not yet stored) completes that order; another session's order is not", async () => {
    const { shopper, checkout } = await pendingOrder(3, 1);
    // As if the provider answered before the shop stored its session on the order.
    await t.db.update(orders).set({ paymentSessionId: null }).where(eq(orders.id, checkout.orderId));
    const input = { provider: "demo", eventId: "evt_by_id", sessionId: "demo_late_session", orderId: checkout.orderId, amountCents: checkout.totalCents, currency: "eur" };
    expect(await confirmPayment(t.db, input)).toEqual({ outcome: "completed", orderId: checkout.orderId });
    expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "completed" });
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    const [recorded] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_by_id"));
    expect(recorded).toMatchObject({ orderId: checkout.orderId, outcome: "completed" });

    const other = await pendingOrder(3, 1);
    const foreign = await confirmPayment(t.db, { ...input, eventId: "evt_foreign", orderId: other.checkout.orderId, amountCents: other.checkout.totalCents });
    expect(foreign).toEqual({ outcome: "unknown_order", orderId: null });
    expect(await orderById(t.db, other.checkout.orderId)).toMatchObject({ status: "pending" });
  });

  it("a payment for an order already cancelled is recorded and flagged for refund, not accepted", async () => {
    const { shopper, variantId, checkout } = await pendingOrder(2, 1);
    await cancelDemoSession(t.db, checkout.sessionId, shopper.id);
    expect(await stockOf(t.db, variantId)).toBe(2);
    const result = await confirmPayment(t.db, { provider: "demo", eventId: "evt_late", sessionId: checkout.sessionId, amountCents: checkout.totalCents, currency: "EUR" });
    expect(result.outcome).toBe("needs_refund");
    const [late] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_late"));
    expect(late).toMatchObject({ orderId: checkout.orderId, outcome: "needs_refund" });
    const order = await orderById(t.db, checkout.orderId);
    expect(order).toMatchObject({ status: "cancelled", needsRefund: true });
    expect(await stockOf(t.db, variantId)).toBe(2);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(0);
  });

  it("an expired reservation is cancelled by the sweep and its stock comes back; Pay then refuses", async () => {
    const { shopper, variantId, checkout } = await pendingOrder(4, 3);
    expect(await stockOf(t.db, variantId)).toBe(1);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireStaleOrders(t.db, later)).toContain(checkout.orderId);
    expect(await expireStaleOrders(t.db, later)).not.toContain(checkout.orderId);
    expect(await stockOf(t.db, variantId)).toBe(4);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("cancelled");
    expect(await payDemoSession(t.db, checkout.sessionId, shopper.id)).toEqual({ kind: "closed", orderId: checkout.orderId });
  });
});
