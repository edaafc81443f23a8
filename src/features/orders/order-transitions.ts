import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { orderEvents, orders, type OrderStatus } from "@/server/db/schema/orders";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { enqueueOrderShippedEmail, enqueuePickupEmail, type ParcelTracking } from "./order-emails";
import { OrderError } from "./errors";
import { queueOrderWebhook } from "./order-webhooks";
import { lockOrder, type OrderActor, type OrderRow } from "./order-rows";

/**
 * The legal status changes. pending → completed happens only through confirmPayment (a provider saying "paid");
 * shipped orders are final.
 */
const allowedTransitions: Record<OrderStatus, OrderStatus[]> = {
  pending: ["completed", "cancelled"],
  completed: ["shipped", "cancelled"],
  shipped: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus) {
  return allowedTransitions[from].includes(to);
}

/** One entry of an order's history; `orderId` may be SQL naming an order the same statement inserts. */
export type OrderEventInput = { orderId: number | SQL; type: string; fromStatus?: OrderStatus | null; toStatus?: OrderStatus | null; note?: string | null; actorUserId?: string | null };

/** The insert of one history entry, built but not run: to await, or to write with others (src/server/db/one-statement.ts). */
export function orderEventInsert(tx: Pick<Executor, "insert">, event: OrderEventInput) {
  return tx.insert(orderEvents).values({ ...event, fromStatus: event.fromStatus ?? null, toStatus: event.toStatus ?? null, note: event.note ?? null, actorUserId: event.actorUserId ?? null });
}

export async function recordOrderEvent(tx: Executor, event: OrderEventInput & { orderId: number }) {
  await orderEventInsert(tx, event);
}

/**
 * completed → shipped under a row lock; the parcel (`withParcel`: docs/product.md#tracking) and the shipped email in the
 * same transaction. `check` refuses inside the lock (a pickup order's own rules, ./pickup.ts); `pickedUp` sends the
 * "thanks, picked up" email instead of the shipped one (docs/product.md#local-pickup).
 */
export async function markShipped(
  db: Db,
  orderId: number,
  actor: OrderActor,
  withParcel?: (tx: Executor) => Promise<ParcelTracking | null>,
  opts: { pickedUp?: boolean; check?: (order: OrderRow) => void } = {},
): Promise<OrderRow> {
  const shipped = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    opts.check?.(order);
    if (!shipsUnpaid(order)) assertTransition(order, "shipped");
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: "shipped", shippedAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
      .returning();
    await recordOrderEvent(tx, { orderId, type: "status_changed", fromStatus: order.status, toStatus: "shipped", actorUserId: actor.userId });
    const parcel = withParcel ? await withParcel(tx) : null;
    if (opts.pickedUp) await enqueuePickupEmail(tx, orderId, "picked-up");
    else await enqueueOrderShippedEmail(tx, orderId, parcel);
    await queueOrderWebhook(tx, "order.shipped", orderId);
    return updated;
  });
  wakeMailWorker();
  return shipped;
}

/**
 * Cash on delivery is fulfilled unpaid (docs/product.md#payment-methods): its pending order may ship, and is marked
 * paid once the carrier has collected (confirmCashCollected).
 */
export function shipsUnpaid(order: Pick<OrderRow, "status" | "paymentProvider">) {
  return order.status === "pending" && order.paymentProvider === "cash_on_delivery";
}

export function assertTransition(order: OrderRow, to: OrderStatus) {
  if (!canTransition(order.status, to)) {
    throw new OrderError(
      "illegalTransition",
      { id: order.id, from: order.status, to },
      `Order #${order.id} is ${order.status} and cannot become ${to}.`,
    );
  }
}
