import { and, desc, eq, getTableColumns, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders } from "@/server/db/schema/orders";
import { fulfilmentStatusSql, orderStateWhere, paymentStatusSql } from "./order-state";

/*
 * The orders as the customer list and the dashboard read them (docs/product.md#admin-customers,
 * docs/product.md#admin-dashboard): SELECTs for their one grouped statement, so neither imports this domain's tables.
 */

/** The statuses of an order whose money the shop keeps (a paid order that was cancelled was refunded). */
export const KEPT_STATUSES = ["completed", "shipped"] as const;

/**
 * One row per order: id, user_id, email (lower-cased), status, currency, total_cents, tax_cents, created_at and
 * `paid` (money arrived at some point, or the order is completed or shipped).
 */
export function orderFactsSql(): SQL {
  return sql`SELECT ${orders.id} AS id, ${orders.userId} AS user_id, lower(${orders.email}) AS email, ${orders.status} AS status,
                    ${orders.currency} AS currency, ${orders.totalCents} AS total_cents, ${orders.taxCents} AS tax_cents,
                    ${orders.refundedCents} AS refunded_cents,
                    ${orders.createdAt} AS created_at,
                    (${orders.paidAt} IS NOT NULL OR ${orders.status} IN ('completed', 'shipped')) AS paid
               FROM ${orders}`;
}

/**
 * Order lines of kept orders in `currency` placed in [from, to): product_id, title (the latest snapshot), quantity and
 * amount (the line's total as charged).
 */
export function keptLineFactsSql(currency: string, from: Date, to: Date): SQL {
  return sql`SELECT ${orderLines.productId} AS product_id, ${orderLines.productTitle} AS title, ${orderLines.quantity} AS quantity,
                    coalesce(${orderLines.totalCents}, ${orderLines.quantity} * coalesce(${orderLines.salePriceCents}, ${orderLines.unitPriceCents})) AS amount_cents,
                    ${orders.createdAt} AS created_at
               FROM ${orderLines} JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
              WHERE ${orders.status} IN ('completed', 'shipped') AND ${orders.currency} = ${currency}
                AND ${orders.createdAt} >= ${from.toISOString()}::timestamptz AND ${orders.createdAt} < ${to.toISOString()}::timestamptz`;
}

/** How many orders wait to be shipped or handed over: the orders list's "to fulfil". */
export async function ordersToFulfil(db: Executor): Promise<number> {
  // The orders list's default view, counted (./order-state.ts is the one definition of "to fulfil").
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(orderStateWhere({ fulfilment: "to_fulfil" }));
  return Number(row?.n ?? 0);
}

/**
 * A customer's orders, newest first: an account's own plus the guest orders placed with its address (not joined yet),
 * or a guest address's orders.
 */
export async function ordersOfCustomer(db: Executor, who: { userId: string | null; email: string }, limit = 200) {
  const email = who.email.trim().toLowerCase();
  const guest = and(isNull(orders.userId), sql`lower(${orders.email}) = ${email}`);
  return db
    .select({
      id: orders.id,
      status: orders.status,
      currency: orders.currency,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      guest: sql<boolean>`${orders.userId} IS NULL`,
      payment: paymentStatusSql,
      fulfilment: fulfilmentStatusSql,
    })
    .from(orders)
    .where(who.userId ? or(eq(orders.userId, who.userId), guest) : guest)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The newest orders, whatever their status (the dashboard's latest orders). */
export async function latestOrders(db: Executor, limit: number) {
  return db
    .select({ ...getTableColumns(orders), payment: paymentStatusSql, fulfilment: fulfilmentStatusSql })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
