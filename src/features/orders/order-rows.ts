import { eq, inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders } from "@/server/db/schema/orders";
import type { PaymentOrder } from "@/server/payments/provider";
import { OrderError } from "./errors";

export type OrderRow = typeof orders.$inferSelect;

/** What a shopper may add at checkout (docs/product.md#checkout-extras), checked by src/features/checkout/order-extras.ts. */
export type OrderExtras = Pick<OrderRow, "orderNote" | "companyName" | "taxId">;

/** Who changed an order: a signed-in user (shopper or admin), or the system (sweeps, provider events). */
export type OrderActor = { userId: string | null; kind: "customer" | "admin" | "system" | "provider" };

export function toPaymentOrder(order: OrderRow): PaymentOrder {
  return {
    id: order.id,
    email: order.email,
    locale: order.locale,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    shippingTotalCents: order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents),
    totalCents: order.totalCents,
    paymentSessionId: order.paymentSessionId,
    paymentReference: order.paymentReference,
    reservedUntil: order.reservedUntil,
    shippingAddress: order.shippingAddress,
  };
}

export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new OrderError("orderNotFound", { id: orderId }, `Order #${orderId} does not exist.`);
  return order;
}

/** The lines of some orders, grouped by order id (for lists that show lines). */
export async function linesByOrder(tx: Executor, orderIds: number[]) {
  const map = new Map<number, (typeof orderLines.$inferSelect)[]>();
  if (orderIds.length === 0) return map;
  const rows = await tx.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id);
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}
