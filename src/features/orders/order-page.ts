import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderEvents, type OrderStatus } from "@/server/db/schema/orders";
import { getOrderForUser } from "./queries";

/** A link shown on the order page: a parcel to follow or an invoice to download. */
export type OrderDocumentLink = { label: string; href: string };

/**
 * Where tracking numbers and invoices join the order page (docs/product.md#order-page). Each source answers the links
 * one order has; the page renders whatever they answer and shows nothing when there are none. The shipping and
 * invoicing features register their reader here (registerOrderLinks) when they land.
 */
export type OrderLinkSource = (db: Db, orderId: number, locale: string) => Promise<OrderDocumentLink[]>;
const sources: { tracking: OrderLinkSource[]; invoices: OrderLinkSource[] } = { tracking: [], invoices: [] };

export function registerOrderLinks(kind: "tracking" | "invoices", source: OrderLinkSource) {
  sources[kind].push(source);
}

async function linksOf(kind: "tracking" | "invoices", db: Db, orderId: number, locale: string) {
  return (await Promise.all(sources[kind].map((source) => source(db, orderId, locale)))).flat();
}

/**
 * Everything /profile/orders/{id} shows, for the order's owner only: null for another user's order, as for a missing
 * one. The status history is the order's recorded status changes, oldest first, each with its time.
 */
export async function loadOrderPage(db: Db, orderId: number, userId: string, locale: string) {
  const order = await getOrderForUser(db, orderId, userId);
  return order ? orderPageOf(db, order, locale) : null;
}

/** The order page's content for an order its caller already may see (an owner's, or a guest's by its link). */
export async function orderPageOf<O extends { id: number }>(db: Db, order: O, locale: string) {
  const orderId = order.id;
  const [history, tracking, invoices] = await Promise.all([
    db
      .select({ status: orderEvents.toStatus, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), isNotNull(orderEvents.toStatus)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    linksOf("tracking", db, orderId, locale),
    linksOf("invoices", db, orderId, locale),
  ]);
  return { order, history: history as { status: OrderStatus; at: Date }[], tracking, invoices };
}
