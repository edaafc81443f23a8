import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orders } from "@/server/db/schema/orders";
import type { FulfilmentStatus, FulfilmentView, OrderStates, PaymentStatus } from "./order-state-values";

export { fulfilmentStatuses, fulfilmentViews, paymentStatuses, type FulfilmentStatus, type FulfilmentView, type OrderStates, type PaymentStatus } from "./order-state-values";

/*
 * Payment and fulfilment status, side by side (docs/product.md#order-status, decision 0374). Neither is stored: both
 * are read from the order's own columns and history when asked, by the SQL below, which is the one definition the
 * list's filters, the admin page and the customer's pages all use. The order's `status` column (and the commerce API
 * that shows it) stays as it is.
 */

/** Whether the order's history holds an event of this type (order_events_order_idx). */
const hasEvent = (type: string) => sql`exists (select 1 from order_events e where e.order_id = ${orders.id} and e.type = ${type})`;

/**
 * Cancelled after the money came in is refunded (through the provider or by hand, docs/product.md#admin-order-detail);
 * money given back by returns and refunds is counted in refunded_cents (docs/product.md#refunds): all of it is
 * refunded, some partially; no paid time is awaiting payment (also cash on delivery shipped unpaid).
 */
export const paymentStatusSql: SQL<PaymentStatus> = sql<PaymentStatus>`(case
  when ${orders.status} = 'cancelled' and ${orders.paidAt} is not null then 'refunded'
  when ${orders.status} = 'cancelled' then 'cancelled'
  when ${orders.paidAt} is null then 'awaiting_payment'
  when ${orders.refundedCents} > 0 and ${orders.refundedCents} >= ${orders.totalCents} then 'refunded'
  when ${orders.refundedCents} > 0 then 'partially_refunded'
  else 'paid' end)`;

/** Goods received back first; a shipped pickup order was handed over (picked up = shipped, docs/product.md#local-pickup). */
export const fulfilmentStatusSql: SQL<FulfilmentStatus> = sql<FulfilmentStatus>`(case
  when ${hasEvent("return_received")} then 'returned'
  when ${orders.status} = 'shipped' and ${orders.shippingMethod}->>'kind' = 'pickup' then 'picked_up'
  when ${orders.status} = 'shipped' then 'shipped'
  when ${orders.status} <> 'cancelled' and ${orders.readyForPickupAt} is not null then 'ready_for_pickup'
  else 'unfulfilled' end)`;

/**
 * The filter as SQL on `orders`. "To fulfil" is paid and unfulfilled, and cash on delivery still unpaid (it ships
 * before it is paid, docs/product.md#payment-methods). Each also names the `status` values it can have, so the
 * (status, created_at) index narrows the rows before the expressions are read.
 */
export function orderStateWhere(filter: { payment?: PaymentStatus; fulfilment?: FulfilmentView }): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.fulfilment === "to_fulfil") {
    parts.push(
      inArray(orders.status, ["pending", "completed"]),
      sql`${fulfilmentStatusSql} = 'unfulfilled'`,
      sql`(${paymentStatusSql} in ('paid', 'partially_refunded') or (${orders.status} = 'pending' and ${orders.paymentProvider} = 'cash_on_delivery'))`,
    );
  } else if (filter.fulfilment && filter.fulfilment !== "all") {
    if (filter.fulfilment === "shipped" || filter.fulfilment === "picked_up") parts.push(eq(orders.status, "shipped"));
    if (filter.fulfilment === "ready_for_pickup") parts.push(eq(orders.status, "completed"));
    parts.push(sql`${fulfilmentStatusSql} = ${filter.fulfilment}`);
  }
  if (filter.payment) {
    if (filter.payment === "cancelled") parts.push(eq(orders.status, "cancelled"));
    parts.push(sql`${paymentStatusSql} = ${filter.payment}`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** Both statuses of these orders, by id. */
export async function orderStates(db: Pick<Executor, "select">, ids: number[]): Promise<Map<number, OrderStates>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: orders.id, payment: paymentStatusSql, fulfilment: fulfilmentStatusSql }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, { payment: r.payment, fulfilment: r.fulfilment }]));
}

/** The same statuses joined onto order rows (each gets `states`). */
export async function withStates<O extends { id: number }>(db: Pick<Executor, "select">, rows: O[]): Promise<Array<O & { states: OrderStates }>> {
  const states = await orderStates(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, states: states.get(r.id) ?? { payment: "awaiting_payment", fulfilment: "unfulfilled" } }));
}
