import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orders } from "@/server/db/schema/orders";
import { OrderError } from "./errors";

/**
 * Counts money given back on the order (a return's refund, a refund from the order page), in the caller's
 * transaction: only from the amount the caller read (`before`), and never past the paid total, so a refund decided
 * on stale figures changes nothing (docs/product.md#refunds). The database's check says the same.
 */
export async function addRefundedCents(tx: Executor, orderId: number, before: number, cents: number): Promise<void> {
  const changed = await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${cents}`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.refundedCents, before), sql`${orders.refundedCents} + ${cents} <= ${orders.totalCents}`))
    .returning({ id: orders.id });
  if (changed.length === 0) throw new OrderError("changedConcurrently", { id: orderId }, `Order #${orderId} changed while it was being refunded; reload and try again.`);
}

/** What is left to give back of a paid order. */
export function refundableCents(order: { totalCents: number; refundedCents: number }): number {
  return Math.max(0, order.totalCents - order.refundedCents);
}
