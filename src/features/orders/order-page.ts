import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderEvents } from "@/server/db/schema/orders";
import { shopSettings } from "@/features/settings/queries";
import { documentLinks } from "@/features/invoices/queries";
import { shipmentFor } from "@/features/tracking/service";
import { trackingLink } from "@/features/tracking/carriers";
import { settings as envSettings } from "@/server/env";
import { getOrderDetailForAdmin, getOrderForUser } from "./queries";
import { orderStates } from "./order-state";

/**
 * Everything /profile/orders/{id} shows (docs/product.md#order-page), for the order's owner only: null for another
 * user's order, as for a missing one.
 */
export async function loadOrderPage(db: Db, orderId: number, userId: string) {
  const order = await getOrderForUser(db, orderId, userId);
  return order ? orderPageOf(db, order) : null;
}

/**
 * The order page's content for an order its caller already may see (an owner's, or a guest's by its link). `events` is
 * the order's history, oldest first, put into words by the page (./order-history.ts) on the shop's clock (`timeZone`),
 * `states` its payment and delivery status (./order-state.ts); `shipment` is the parcel once
 * shipped (docs/product.md#tracking) and `documents` the invoice and credit-note numbers once issued
 * (docs/product.md#invoices).
 */
export async function orderPageOf<O extends { id: number }>(db: Db, order: O) {
  const orderId = order.id;
  const [events, shipment, documents, states, shop] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    shipmentFor(db, orderId),
    documentLinks(db, [orderId]),
    orderStates(db, [orderId]),
    shopSettings(db),
  ]);
  return {
    order,
    events,
    states: states.get(orderId)!,
    timeZone: shop.store.timeZone,
    shipment,
    documents: documents.get(orderId) ?? { invoice: null, creditNotes: [] },
  };
}

/**
 * Everything the admin order page shows (docs/product.md#admin-order-detail): the order with its lines and events, its
 * parcel once shipped with the carrier's tracking link, and its invoice and credit notes. Null for an unknown order.
 * Callers open the page through the staff gate first.
 */
export async function loadAdminOrderPage(db: Db, orderId: number) {
  const order = await getOrderDetailForAdmin(db, orderId);
  if (!order) return null;
  const [shipment, documents, states, shop] = await Promise.all([
    order.status === "shipped" ? shipmentFor(db, order.id) : null,
    documentLinks(db, [order.id]),
    orderStates(db, [order.id]),
    shopSettings(db),
  ]);
  const link = shipment ? trackingLink(shipment, envSettings().CARRIER_TRACKING_URLS) : null;
  return { order, shipment, link, documents: documents.get(order.id), states: states.get(order.id)!, timeZone: shop.store.timeZone };
}

export type AdminOrderPageData = NonNullable<Awaited<ReturnType<typeof loadAdminOrderPage>>>;
