import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { cancelPendingOrder, createCheckout } from "@/features/checkout/service";
import { cancelOrder, confirmPayment, markShipped } from "@/features/orders/service";
import { OrderError } from "@/features/orders/errors";
import { getOrderDetailForAdmin, getOrderForUser, listOrdersForAdmin, listOrdersForUser } from "@/features/orders/queries";
import type { PaymentProvider } from "@/server/payments/provider";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById, stockOf } from "./checkout-fixtures";

describeOnEachDatabase("orders service", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  async function order(shopper?: { id: string; email: string }) {
    const who = shopper ?? (await insertUser(t.db));
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const checkout = await createCheckout(t.db, checkoutInput(who, [{ variantId, quantity: 2 }]), demoProvider());
    return { shopper: who, variantId, checkout };
  }
  const pay = (c: { sessionId: string; totalCents: number }) =>
    confirmPayment(t.db, { provider: "demo", eventId: `evt_${c.sessionId}`, sessionId: c.sessionId, amountCents: c.totalCents, currency: "EUR" }, { enqueueConfirmation: async () => {} });
  const admin = { userId: null, kind: "admin" as const };

  it("cancelling a pending order twice gives the stock back once and answers its lines for the cart", async () => {
    const { shopper, variantId, checkout } = await order();
    expect(await stockOf(t.db, variantId)).toBe(3);
    const first = await cancelPendingOrder(t.db, checkout.orderId, { userId: shopper.id });
    const second = await cancelPendingOrder(t.db, checkout.orderId, { userId: shopper.id });
    expect(first).toEqual({ orderId: checkout.orderId, cancelled: true, lines: [{ variantId, quantity: 2 }] });
    expect(second?.cancelled).toBe(false);
    expect(await stockOf(t.db, variantId)).toBe(5);
    const stranger = await insertUser(t.db);
    expect(await cancelPendingOrder(t.db, checkout.orderId, { userId: stranger.id })).toBeNull();
  });

  it("a paid order is not cancelled by the shopper's return from payment", async () => {
    const { shopper, checkout } = await order();
    await pay(checkout);
    expect(await cancelPendingOrder(t.db, checkout.orderId, { userId: shopper.id })).toBeNull();
    expect((await orderById(t.db, checkout.orderId)).status).toBe("completed");
  });

  it("ships only paid orders and refuses illegal transitions with a clear error", async () => {
    const { checkout } = await order();
    await expect(markShipped(t.db, checkout.orderId, admin)).rejects.toThrow(/is pending and cannot become shipped/);
    await pay(checkout);
    expect((await markShipped(t.db, checkout.orderId, admin)).status).toBe("shipped");
    const error = await cancelOrder(t.db, checkout.orderId, admin, { refund: true }, () => demoProvider()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderError);
    expect((error as OrderError).code).toBe("illegalTransition");
    const detail = await getOrderDetailForAdmin(t.db, checkout.orderId);
    expect(detail?.events.map((e) => e.toStatus)).toEqual(["pending", "completed", "shipped"]);
  });

  it("cancelling a paid order refunds through the provider and restocks; a failed refund changes nothing", async () => {
    const { variantId, checkout } = await order();
    await pay(checkout);
    const failing: PaymentProvider = { ...demoProvider(), refund: async () => Promise.reject(new Error("card network down")) };
    await expect(cancelOrder(t.db, checkout.orderId, admin, { refund: true }, () => failing)).rejects.toThrow(/refund .* failed/);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("completed");
    expect(await stockOf(t.db, variantId)).toBe(3);

    const refund = vi.fn(async () => ({ refundId: "re_1" }));
    const cancelled = await cancelOrder(t.db, checkout.orderId, admin, { refund: true }, () => ({ ...demoProvider(), refund }));
    expect(cancelled.status).toBe("cancelled");
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await stockOf(t.db, variantId)).toBe(5);
  });

  it("lists a shopper's own orders newest first with lines, and never another's", async () => {
    const shopper = await insertUser(t.db);
    const a = await order(shopper);
    const b = await order(shopper);
    const other = await order();
    const mine = await listOrdersForUser(t.db, shopper.id);
    expect(mine.map((o) => o.id)).toEqual([b.checkout.orderId, a.checkout.orderId]);
    expect(mine[0].lines).toHaveLength(1);
    expect(await getOrderForUser(t.db, other.checkout.orderId, shopper.id)).toBeNull();
    expect((await getOrderForUser(t.db, a.checkout.orderId, shopper.id))?.lines[0].quantity).toBe(2);
  });

  it("admin list paginates and filters by status and customer email", async () => {
    const shopper = await insertUser(t.db, `filter-${kind}@example.com`);
    const paid = await order(shopper);
    await pay(paid.checkout);
    await order(shopper);
    const byEmail = await listOrdersForAdmin(t.db, { email: `FILTER-${kind}` });
    expect(byEmail.total).toBe(2);
    const completed = await listOrdersForAdmin(t.db, { email: `filter-${kind}`, status: "completed" });
    expect(completed.orders.map((o) => o.id)).toEqual([paid.checkout.orderId]);
    const page = await listOrdersForAdmin(t.db, { pageSize: 1, page: 2 });
    expect(page.orders).toHaveLength(1);
    expect(page.pageCount).toBe(page.total);
  });
});
