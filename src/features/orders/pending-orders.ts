import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders } from "@/server/db/schema/orders";

/**
 * Who holds pending orders: an account, or a guest's address (lower case), whose orders are those without an account
 * carrying it (docs/product.md#guest-checkout).
 */
export type PendingOrderHolder = { userId: string } | { guestEmail: string };

/**
 * The lines of the holder's pending orders that still hold stock, one row per line, in one statement: what checkout
 * counts against its limits and releases when the same cart comes again (docs/product.md#checkout-limits). Read in the
 * checkout's transaction, after it locked the account.
 */
export async function pendingOrderLinesOf(tx: Executor, holder: PendingOrderHolder) {
  const owner =
    "userId" in holder ? eq(orders.userId, holder.userId) : and(isNull(orders.userId), sql`lower(${orders.email}) = ${holder.guestEmail}`);
  return tx
    .select({ orderId: orders.id, reservedUntil: orders.reservedUntil, variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(owner, eq(orders.status, "pending"), eq(orders.stockReleased, false)));
}
