import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { stockOf } from "./checkout-fixtures";
import { fakeStripe } from "./stripe-fixtures";
import { actor, auditActions, mailsTo, orderEventTypes, recordingProvider, shippedOrder } from "./fulfilment-fixtures";
import { resetSettingsForTests } from "@/server/env";
import { createStripeProvider } from "@/server/payments/stripe-provider";
import { and, asc, eq } from "drizzle-orm";
import { invoices } from "@/server/db/schema/invoices";
import { orderLines } from "@/server/db/schema/orders";
import { issueInvoiceInTx } from "@/features/invoices/service";
import {
  approveReturn,
  listReturnsForAdmin,
  listReturnsForUser,
  receiveAndRefundReturn,
  refundReturn,
  rejectReturn,
  requestReturn,
} from "@/features/returns/service";

/* docs/product.md#returns: the state machine, refund amounts from the order's own lines, stock back, one email per step. */

describeOnEachDatabase("returns", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.RETURN_SHIPPING_REFUND;
    delete process.env.RETURN_WINDOW_DAYS;
    resetSettingsForTests();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("requested → approved → received → refunded: stock back, the returned lines refunded through the order's provider, an email at each step in the order's language", async () => {
    const { db } = database;
    const { shopper, order, lines, variantA, variantB } = await shippedOrder(db, { locale: "es" });
    const { provider, refunds } = recordingProvider();
    const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "Too small", lines: [{ orderLineId: lines[0].id, quantity: 1 }, { orderLineId: lines[1].id, quantity: 2 }] });
    expect(created).toMatchObject({ status: "requested", linesCents: 2500 + 2 * 1333, shippingCents: 0 });

    await approveReturn(db, actor, created.id);
    const stockA = await stockOf(db, variantA);
    const stockB = await stockOf(db, variantB);
    const refunded = await receiveAndRefundReturn(db, actor, created.id, () => provider);
    expect(refunded).toMatchObject({ status: "refunded", refundReference: `re_${order.id}_return-${created.id}` });
    expect(await stockOf(db, variantA)).toBe(stockA + 1);
    expect(await stockOf(db, variantB)).toBe(stockB + 2);
    expect(refunds).toEqual([{ orderId: order.id, part: { amountCents: 5166, key: `return-${created.id}` } }]);

    const mails = await mailsTo(db, shopper.email);
    expect(mails.map((m) => m.kind)).toEqual(["return-requested", "return-approved", "return-received", "return-refunded"]);
    expect(mails.every((m) => m.locale === "es")).toBe(true);
    expect(mails[3].subject).toMatch(/51,66\s?€ reembolsados/);
    expect(mails[0].text).toContain("2 x Sneaker (42)");
    expect(await orderEventTypes(db, order.id)).toEqual(["return_requested", "return_approved", "return_received", "return_refunded"]);
    expect((await auditActions(db, "return", String(created.id))).map((a) => a.action)).toEqual(["return-approved", "return-received", "return-refunded"]);
    const [listed] = await listReturnsForUser(db, shopper.id);
    expect(listed.lines.map((l) => [l.title, l.quantity, l.amountCents])).toEqual([["Leather Bag (Black)", 1, 2500], ["Sneaker (42)", 2, 2666]]);
  });

  it("refuses what the rules forbid and writes nothing: another's order, not shipped, window over, too many units, illegal steps", async () => {
    const { db } = database;
    const { shopper, order, lines } = await shippedOrder(db);
    const other = await shippedOrder(db);
    const one = [{ orderLineId: lines[0].id, quantity: 1 }];
    await expect(requestReturn(db, other.shopper.id, { orderId: order.id, reason: "x", lines: one })).rejects.toMatchObject({ code: "orderNotFound" });
    const unshipped = await shippedOrder(db, { status: "completed" });
    await expect(requestReturn(db, unshipped.shopper.id, { orderId: unshipped.order.id, reason: "x", lines: [{ orderLineId: unshipped.lines[0].id, quantity: 1 }] })).rejects.toMatchObject({ code: "notShipped" });
    const old = await shippedOrder(db, { shippedDaysAgo: 15 });
    await expect(requestReturn(db, old.shopper.id, { orderId: old.order.id, reason: "x", lines: [{ orderLineId: old.lines[0].id, quantity: 1 }] })).rejects.toMatchObject({ code: "windowClosed", params: { days: 14 } });
    await expect(requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 3 }] })).rejects.toMatchObject({ code: "tooMany", params: { left: 2 } });
    await expect(requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: other.lines[0].id, quantity: 1 }] })).rejects.toMatchObject({ code: "unknownLine" });
    expect(await listReturnsForUser(db, shopper.id)).toEqual([]);
    expect(await mailsTo(db, shopper.email)).toEqual([]);

    const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 2 }] });
    // Units already in a return cannot be returned twice.
    await expect(requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: one })).rejects.toMatchObject({ code: "tooMany", params: { left: 0 } });
    const { provider } = recordingProvider();
    await expect(receiveAndRefundReturn(db, actor, created.id, () => provider)).rejects.toMatchObject({ code: "returnIllegalTransition", params: { from: "requested", to: "received" } });
    await rejectReturn(db, actor, created.id, "Worn and without the box");
    await expect(approveReturn(db, actor, created.id)).rejects.toMatchObject({ code: "returnIllegalTransition" });
    // A rejected return frees its units again.
    await expect(requestReturn(db, shopper.id, { orderId: order.id, reason: "again", lines: one })).resolves.toMatchObject({ status: "requested" });
  });

  it("shipping is refunded with the return that brings the whole order back (RETURN_SHIPPING_REFUND=full_return), once", async () => {
    const { db } = database;
    const { shopper, order, lines } = await shippedOrder(db);
    const { provider, refunds } = recordingProvider();
    const first = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 2 }] });
    const second = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[1].id, quantity: 3 }] });
    expect([first.shippingCents, second.shippingCents]).toEqual([0, 495]);
    for (const r of [first, second]) {
      await approveReturn(db, actor, r.id);
      await receiveAndRefundReturn(db, actor, r.id, () => provider);
    }
    // Both refunds add up to the order total, to the cent.
    expect(refunds.reduce((sum, r) => sum + r.part!.amountCents, 0)).toBe(order.totalCents);
  });

  it("a refused refund leaves the return received with its stock back; 'Refund' again pays once", async () => {
    const { db } = database;
    const { shopper, order, lines, variantA } = await shippedOrder(db);
    const { provider, refunds, state } = recordingProvider();
    const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 1 }] });
    await approveReturn(db, actor, created.id);
    const before = await stockOf(db, variantA);
    state.fail = true;
    await expect(receiveAndRefundReturn(db, actor, created.id, () => provider)).rejects.toMatchObject({ code: "returnRefundFailed" });
    expect(await stockOf(db, variantA)).toBe(before + 1);
    expect((await listReturnsForUser(db, shopper.id))[0].status).toBe("received");
    state.fail = false;
    await refundReturn(db, actor, created.id, () => provider);
    await expect(refundReturn(db, actor, created.id, () => provider)).rejects.toMatchObject({ code: "returnIllegalTransition" });
    expect(refunds).toHaveLength(1);
    expect(await stockOf(db, variantA)).toBe(before + 1);
    expect((await mailsTo(db, shopper.email, "return-refunded")).length).toBe(1);
  });

  it("two admins receiving at once: the stock comes back once", async () => {
    const { db } = database;
    const { shopper, order, lines, variantA } = await shippedOrder(db);
    const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 2 }] });
    await approveReturn(db, actor, created.id);
    const before = await stockOf(db, variantA);
    const { provider, refunds } = recordingProvider();
    const results = await Promise.allSettled([receiveAndRefundReturn(db, actor, created.id, () => provider), receiveAndRefundReturn(db, actor, created.id, () => provider)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await stockOf(db, variantA)).toBe(before + 2);
    expect(refunds).toHaveLength(1);
  });

  it("a Stripe-paid order: the return is a partial refund of its payment intent, keyed by the return", async () => {
    const { db } = database;
    const { shopper, order, lines } = await shippedOrder(db, { provider: "stripe" });
    const client = fakeStripe();
    const stripe = createStripeProvider({ client, webhookSecret: "whsec_x", shippingCountries: ["ES"] });
    const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[1].id, quantity: 1 }] });
    await approveReturn(db, actor, created.id);
    await receiveAndRefundReturn(db, actor, created.id, (name) => {
      expect(name).toBe("stripe");
      return stripe;
    });
    expect(client.refunds.create).toHaveBeenCalledTimes(1);
    expect(client.refunds.create).toHaveBeenCalledWith(
      { payment_intent: "pi_test_returns", amount: 1333, metadata: { order_id: String(order.id), refund_key: `return-${created.id}` } },
      { idempotencyKey: `vitrina-refund-order-${order.id}-return-${created.id}` },
    );
  });

  it("a refunded return issues a credit note whose total is the refund: stored line totals (discount off), shipping with the last one", async () => {
    const { db } = database;
    const { shopper, order, lines } = await shippedOrder(db);
    // Stored order money as checkout writes it (docs/product.md#taxes-and-discounts): line totals after a discount.
    await db.update(orderLines).set({ discountCents: 490, totalCents: 4510 }).where(eq(orderLines.id, lines[0].id));
    await db.update(orderLines).set({ discountCents: 368, totalCents: 3631 }).where(eq(orderLines.id, lines[1].id));
    await issueInvoiceInTx(db, order.id);
    const { provider, refunds } = recordingProvider();
    const first = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 1 }, { orderLineId: lines[1].id, quantity: 2 }] });
    const second = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: [{ orderLineId: lines[0].id, quantity: 1 }, { orderLineId: lines[1].id, quantity: 1 }] });
    // 4510/2 = 2255; 3631 * 2/3 = 2420.67 → 2421; the rest: 2255 + 1210 (3631 * 1/3 half-up) and the shipping.
    expect([first.linesCents, first.shippingCents, second.linesCents, second.shippingCents]).toEqual([2255 + 2421, 0, 2255 + 1210, 495]);
    for (const r of [first, second]) {
      await approveReturn(db, actor, r.id);
      await receiveAndRefundReturn(db, actor, r.id, () => provider);
    }
    const notes = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "credit_note")))
      .orderBy(asc(invoices.id));
    expect(notes.map((n) => n.reason)).toEqual([`Return #${first.id}`, `Return #${second.id}`]);
    expect(notes.map((n) => -n.amounts.totalCents)).toEqual(refunds.map((r) => r.part!.amountCents));
    expect(notes.map((n) => n.lines.map((l) => l.quantity))).toEqual([[1, 2], [1, 1]]);
  });

  it("the admin list pages through every return: open ones first, then the rest newest first, each once; a page past the end shows the last", async () => {
    const { db } = database;
    const made: number[] = [];
    for (const step of ["reject", "approve", "request", "reject"] as const) {
      const { shopper, order, lines } = await shippedOrder(db);
      const r = await requestReturn(db, shopper.id, { orderId: order.id, reason: step, lines: [{ orderLineId: lines[0].id, quantity: 1 }] });
      if (step === "reject") await rejectReturn(db, actor, r.id, "Outside the policy");
      if (step === "approve") await approveReturn(db, actor, r.id);
      made.push(r.id);
    }
    const first = await listReturnsForAdmin(db, { pageSize: 2 });
    expect(first.pageCount).toBe(Math.ceil(first.total / 2));
    const seen = [first.rows];
    for (let page = 2; page <= first.pageCount; page++) seen.push((await listReturnsForAdmin(db, { page, pageSize: 2 })).rows);
    const all = seen.flat();
    expect(all.length).toBe(first.total);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining(made));
    // Requested, approved, received, then the closed ones together; within each, newest first.
    const rank = (status: string) => {
      const open = ["requested", "approved", "received"].indexOf(status);
      return open < 0 ? 3 : open;
    };
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      expect(rank(a.status)).toBeLessThanOrEqual(rank(b.status));
      if (rank(a.status) === rank(b.status)) expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(b.createdAt.getTime());
    }
    expect(all.findIndex((r) => r.id === made[2])).toBeLessThan(all.findIndex((r) => r.id === made[0]));
    const past = await listReturnsForAdmin(db, { page: 999, pageSize: 2 });
    expect(past.page).toBe(first.pageCount);
    expect(past.rows.map((r) => r.id)).toEqual(seen[seen.length - 1].map((r) => r.id));
  });
});
