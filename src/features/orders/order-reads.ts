import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders } from "@/server/db/schema/orders";
import type { OrderRow } from "./order-rows";

/* Reads of orders for the domains built on them (returns); ownership is part of the WHERE where an owner is named. */

/** One order, or null. */
export async function findOrder(db: Executor, orderId: number): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The account's own order, locked until the caller's transaction ends (two returns opened at once on one order queue
 * here); null when it does not exist or is someone else's (the same answer).
 */
export async function lockOwnOrder(tx: Executor, orderId: number, userId: string): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  return order ?? null;
}

/** The titles of these order lines, by line id (what a return shows of each returned line). */
export async function orderLineTitles(db: Executor, lineIds: number[]): Promise<Map<number, { productTitle: string; variantTitle: string }>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderLines.id, productTitle: orderLines.productTitle, variantTitle: orderLines.variantTitle })
    .from(orderLines)
    .where(inArray(orderLines.id, [...new Set(lineIds)]));
  return new Map(rows.map((r) => [r.id, { productTitle: r.productTitle, variantTitle: r.variantTitle }]));
}

/** The address and currency of these orders, by order id (an admin list naming each order's customer). */
export async function orderContacts(db: Executor, orderIds: number[]): Promise<Map<number, { email: string; currency: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, email: orders.email, currency: orders.currency })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.id, { email: r.email, currency: r.currency }]));
}

/** Any order, locked until the caller's transaction ends (a refund decided from the admin's order page). */
export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

/** The currency an order was placed in (an amount the admin types about it is read in it); the shop's when none. */
export async function orderCurrency(db: Executor, orderId: number): Promise<string> {
  const [row] = await db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId));
  return row?.currency ?? "EUR";
}
