import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderLines, orders } from "@/server/db/schema/orders";
import { cancelPendingOrderInTx } from "./service";
import { enqueueTransferExpiredEmail } from "./order-emails";
import { customerActor, ownedBy, type OwnerOrUserId } from "./order-owner";
import { invalidateStock } from "@/server/cache/invalidation";

/* Giving a pending order's stock back: the shopper cancelled the payment, or the reservation ran out. */

export type CancelledOrderLines = { orderId: number; cancelled: boolean; lines: { variantId: string; quantity: number }[] };

/**
 * The shopper came back from a cancelled payment: cancel their pending order and give its stock back, and answer its
 * lines so the cart can be refilled. Calling it again changes nothing (stock is released once) and answers the same
 * lines; a paid order is left alone (null), as is another user's order (null, same as missing).
 */
export async function cancelPendingOrder(db: Db, orderId: number, who: OwnerOrUserId): Promise<CancelledOrderLines | null> {
  if (!Number.isSafeInteger(orderId)) return null;
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(who)))
      .for("update");
    if (!order || (order.status !== "pending" && order.status !== "cancelled")) return null;
    const actor = customerActor(who);
    const cancelled = order.status === "pending" && (await cancelPendingOrderInTx(tx, orderId, actor, "Payment cancelled by the shopper"));
    const lines = await tx
      .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    return { orderId, cancelled, lines };
  });
  if (result?.cancelled) invalidateStock();
  return result;
}

/**
 * Cancels pending orders whose reservation ran out and gives their stock back. Safe to run from several places at
 * once: each order is cancelled by a conditional update, and its stock released once. Also covers orders created by a
 * process that died before reaching the payment provider. Returns the ids cancelled.
 */
export async function expireStaleOrders(db: Db, now: Date = new Date(), limit = 200): Promise<number[]> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
  const expired: number[] = [];
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      // Re-checked under the conditional update: a payment that landed meanwhile wins.
      const [still] = await tx
        .select({ id: orders.id, paymentProvider: orders.paymentProvider })
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, "pending"), lt(orders.reservedUntil, now)))
        .for("update");
      if (!still) return false;
      const cancelled = await cancelPendingOrderInTx(tx, id, { userId: null, kind: "system" }, "Reservation expired without payment", "reservation_expired");
      // A transfer order waited days, not minutes: the shopper is told it was cancelled (docs/product.md#payment-methods).
      if (cancelled && still.paymentProvider === "bank_transfer") await enqueueTransferExpiredEmail(tx, id);
      return cancelled;
    });
    if (done) expired.push(id);
  }
  if (expired.length > 0) invalidateStock();
  return expired;
}

