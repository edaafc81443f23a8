import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders } from "@/server/db/schema/orders";
import type { PaymentProvider } from "@/server/payments/provider";
import { changeStock, type GiveBackReason } from "@/features/inventory/service";
import { OrderError } from "./errors";
import { releasePromotionUses } from "@/features/promotions/service";
import { issueCreditNoteInTx } from "@/features/invoices/service";
import { queueOrderWebhook } from "./order-webhooks";
import { toPaymentOrder, type OrderActor, type OrderRow } from "./order-rows";
import { assertTransition, recordOrderEvent } from "./order-transitions";
import { refundableCents } from "./order-refunded";
import { enqueueOrderCancelledEmail } from "./order-emails";

/**
 * Gives an order's reserved units back to managed variants, once: the stockReleased flag is flipped by a
 * conditional update, so a second call (a double click, a sweep racing a cancel) restocks nothing. The units go back
 * through inventory (ledger row, back-in-stock alerts) as a cancellation or an expired reservation.
 */
export async function releaseReservedStock(tx: Executor, orderId: number, reason: Exclude<GiveBackReason, "return">, actor: OrderActor): Promise<boolean> {
  const flipped = await tx
    .update(orders)
    .set({ stockReleased: true, reservedUntil: null, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.stockReleased, false)))
    .returning({ id: orders.id });
  if (flipped.length === 0) return false;
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.variantId)
    .orderBy(orderLines.variantId);
  // Only managed variants were reserved at checkout; a variant deleted since then has nothing to give back to.
  await changeStock(tx, reason, lines.map((l) => ({ variantId: l.variantId, change: l.quantity })), { actor: { kind: actor.kind, userId: actor.userId }, orderId });
  return true;
}

/**
 * Cancels a pending order and gives its stock back, in one transaction. Returns false when the order was not pending
 * (already paid, already cancelled): nothing changes then.
 */
export async function cancelPendingOrderInTx(
  tx: Executor,
  orderId: number,
  actor: OrderActor,
  reason: string,
  stockReason: Exclude<GiveBackReason, "return"> = "cancellation",
): Promise<boolean> {
  const now = new Date();
  const changed = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await releaseReservedStock(tx, orderId, stockReason, actor);
  await releasePromotionUses(tx, orderId);
  await recordOrderEvent(tx, { orderId, type: "status_changed", fromStatus: "pending", toStatus: "cancelled", note: reason, actorUserId: actor.userId });
  return true;
}

/**
 * Cancels an order. A pending one just gives its stock back. A paid one is refunded through the provider that took
 * the money (unless `refund: false`, e.g. refunded by hand) and restocked. The refund is asked for before anything
 * changes here, so a refused refund leaves the order as it was.
 */
export async function cancelOrder(
  db: Db,
  orderId: number,
  actor: OrderActor,
  options: { refund: boolean; reason?: string; inTransaction?: (tx: Executor, before: OrderRow) => Promise<void> },
  providerFor: (name: string) => PaymentProvider,
): Promise<OrderRow> {
  const [current] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!current) throw new OrderError("orderNotFound", { id: orderId }, `Order #${orderId} does not exist.`);
  assertTransition(current, "cancelled");

  let refundNote = "";
  // What is left of the payment: earlier refunds from the order page took their part already.
  const leftCents = refundableCents(current);
  if (current.status === "completed" && options.refund && leftCents > 0) {
    try {
      const part = current.refundedCents > 0 ? { amountCents: leftCents, key: `cancel-${orderId}-${current.refundedCents}` } : undefined;
      const { refundId } = await providerFor(current.paymentProvider).refund(toPaymentOrder(current), part);
      refundNote = ` Refund ${refundId}.`;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new OrderError("refundFailed", { id: orderId, detail }, `The refund for order #${orderId} failed, so the order was not cancelled: ${detail}`);
    }
  }

  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now, ...(refundNote ? { needsRefund: false, refundedCents: current.totalCents } : {}) })
      .where(and(eq(orders.id, orderId), eq(orders.status, current.status), eq(orders.refundedCents, current.refundedCents)))
      .returning();
    if (!updated) {
      throw new OrderError("changedConcurrently", { id: orderId }, `Order #${orderId} changed while it was being cancelled; reload and try again.`);
    }
    await releaseReservedStock(tx, orderId, "cancellation", actor);
    await releasePromotionUses(tx, orderId);
    // A paid order that is refunded gets a credit note against its invoice (docs/product.md#invoices).
    if (current.status === "completed") await issueCreditNoteInTx(tx, { orderId, reason: options.reason ?? "Cancelled" });
    if (current.status === "completed") await queueOrderWebhook(tx, "order.refunded", orderId, { amountCents: leftCents, reason: "cancelled", throughProvider: options.refund });
    // The shop's own cancellations tell the customer, with what was given back (expiries and failed payments have their own notices).
    if (actor.kind === "admin") await enqueueOrderCancelledEmail(tx, orderId, refundNote ? leftCents : 0);
    await recordOrderEvent(tx, {
      orderId,
      type: "status_changed",
      fromStatus: current.status,
      toStatus: "cancelled",
      note: `${options.reason ?? "Cancelled"}.${refundNote}${current.status === "completed" && !options.refund ? " Not refunded through the provider." : ""}`.trim(),
      actorUserId: actor.userId,
    });
    // The caller's own record of the cancel (the admin's audit row) commits or rolls back with it.
    await options.inTransaction?.(tx, current);
    return updated;
  });
}
