import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderEvents, type OrderStatus } from "@/server/db/schema/orders";
import { documentLinks } from "@/features/invoices/queries";
import { shipmentFor } from "@/features/tracking/service";
import { trackingLink } from "@/features/tracking/carriers";
import { settings } from "@/server/env";
import { getOrderDetailForAdmin, getOrderForUser } from "./queries";

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

/**
 * Everything the admin order page shows (docs/product.md#admin-order-detail): the order with its lines and events, its
 * parcel once shipped with the carrier's tracking link, and its invoice and credit notes. Null for an unknown order.
 * Callers open the page through the staff gate first.
 */
export async function loadAdminOrderPage(db: Db, orderId: number) {
  const order = await getOrderDetailForAdmin(db, orderId);
  if (!order) return null;
  const [shipment, documents] = await Promise.all([order.status === "shipped" ? shipmentFor(db, order.id) : null, documentLinks(db, [order.id])]);
  const link = shipment ? trackingLink(shipment, settings().CARRIER_TRACKING_URLS) : null;
  return { order, shipment, link, documents: documents.get(order.id) };
}

export type AdminOrderPageData = NonNullable<Awaited<ReturnType<typeof loadAdminOrderPage>>>;
