import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { refundLines, refunds, returnLines, returns } from "@/server/db/schema/returns";
import type { EarlierReturns } from "./amounts";

/**
 * What an order has given back or promised so far (amounts.ts, EarlierReturns): its returns that were not rejected
 * (a return approved but not yet refunded already holds its units and cents) and its refunds from the order page.
 * The order row is locked by the caller, so two of them decided at once see each other.
 */
export async function givenBack(tx: Executor, orderId: number): Promise<EarlierReturns> {
  // One after the other: they share the caller's transaction (one connection).
  const returned = await tx
    .select({ returnId: returns.id, orderLineId: returnLines.orderLineId, quantity: returnLines.quantity, amountCents: returnLines.amountCents, shippingCents: returns.shippingCents })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, "rejected")));
  const refunded = await tx
    .select({ orderLineId: refundLines.orderLineId, quantity: refundLines.quantity, amountCents: refundLines.amountCents })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(eq(refunds.orderId, orderId));
  const refundRows = await tx.select({ shippingCents: refunds.shippingCents, amountCents: refunds.amountCents }).from(refunds).where(eq(refunds.orderId, orderId));
  const byLine = new Map<number, { units: number; cents: number }>();
  for (const r of [...returned, ...refunded]) {
    const line = byLine.get(r.orderLineId) ?? { units: 0, cents: 0 };
    byLine.set(r.orderLineId, { units: line.units + r.quantity, cents: line.cents + r.amountCents });
  }
  const returnShipping = [...new Map(returned.map((r) => [r.returnId, r.shippingCents])).values()];
  const shipping = [...returnShipping, ...refundRows.map((r) => r.shippingCents)];
  const refundCents =
    [...returned, ...refunded].reduce((sum, r) => sum + r.amountCents, 0) +
    shipping.reduce((sum, c) => sum + c, 0) +
    refundRows.reduce((sum, r) => sum + r.amountCents, 0);
  return { byLine, refundCents, shippingRefunded: shipping.some((c) => c > 0) };
}
