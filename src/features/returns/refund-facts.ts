import { sql, type SQL } from "drizzle-orm";
import { returns } from "@/server/db/schema/returns";

/**
 * What was given back per order through refunded returns (lines and shipping as refunded), as a SELECT of order_id
 * and refunded_cents for the customer list's and the dashboard's grouped statements (docs/product.md#admin-customers).
 * A paid order cancelled as a whole is refunded in full: its status says so, it never counts as kept.
 */
export function refundedPerOrderSql(): SQL {
  return sql`SELECT ${returns.orderId} AS order_id, sum(${returns.linesCents} + ${returns.shippingCents})::bigint AS refunded_cents
               FROM ${returns} WHERE ${returns.status} = 'refunded' GROUP BY ${returns.orderId}`;
}
