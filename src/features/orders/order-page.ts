import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderEvents, type OrderStatus } from "@/server/db/schema/orders";
import { documentLinks } from "@/features/invoices/queries";
import { shipmentFor } from "@/features/tracking/service";
import { getOrderForUser } from "./queries";

/**
 * Everything /profile/orders/{id} shows (docs/product.md#order-page), for the order's owner only: null for another
 * user's order, as for a missing one.
 */
export async function loadOrderPage(db: Db, orderId: number, userId: string) {
  const order = await getOrderForUser(db, orderId, userId);
  return order ? orderPageOf(db, order) : null;
}

/**
 * The order page's content for an order its caller already may see (an owner's, or a guest's by its link). The status
 * history is the order's recorded status changes, oldest first, each with its time; `shipment` is the parcel once
 * shipped (docs/product.md#tracking) and `documents` the invoice and credit-note numbers once issued
 * (docs/product.md#invoices).
 */
export async function orderPageOf<O extends { id: number }>(db: Db, order: O) {
  const orderId = order.id;
  const [history, shipment, documents] = await Promise.all([
    db
      .select({ status: orderEvents.toStatus, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), isNotNull(orderEvents.toStatus)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    shipmentFor(db, orderId),
    documentLinks(db, [orderId]),
  ]);
  return { order, history: history as { status: OrderStatus; at: Date }[], shipment, documents: documents.get(orderId) ?? { invoice: null, creditNotes: [] } };
}
