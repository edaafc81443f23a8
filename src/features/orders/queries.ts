import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { orderEvents, orders } from "@/server/db/schema/orders";
import { linesByOrder } from "./service";

/*
 * Reads of orders. Ownership is part of the query (docs/product.md#roles): a customer's read never loads someone else's
 * order and then filters it.
 */

export type OrderWithLines = Awaited<ReturnType<typeof listOrdersForUser>>[number];

/** The shopper's own orders, newest first, each with its lines (profile Order History, one page at `offset`). */
export async function listOrdersForUser(db: Db, userId: string, options: { limit?: number; offset?: number } = {}) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(Math.min(Math.max(options.limit ?? 100, 1), 500))
    .offset(Math.max(options.offset ?? 0, 0));
  const lines = await linesByOrder(db, rows.map((r) => r.id));
  return rows.map((order) => ({ ...order, lines: lines.get(order.id) ?? [] }));
}

/** How many orders the shopper has (the profile's page count). */
export async function countOrdersForUser(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return Number(n);
}

/** One order of this user, with lines; null when it does not exist or belongs to someone else (same answer). */
export async function getOrderForUser(db: Db, orderId: number, userId: string) {
  if (!Number.isSafeInteger(orderId)) return null;
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const lines = await linesByOrder(db, [order.id]);
  return { ...order, lines: lines.get(order.id) ?? [] };
}

// The admin's list and export live in admin-order-list.ts; known from here by their callers.
export { adminOrderListSchema, listOrdersForAdmin, type AdminOrderListQuery } from "./admin-order-list";

/** Admin detail: the order with its lines and its history (events oldest first). */
export async function getOrderDetailForAdmin(db: Db, orderId: number) {
  if (!Number.isSafeInteger(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, events] = await Promise.all([
    linesByOrder(db, [orderId]),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt, orderEvents.id),
  ]);
  return { ...order, lines: lines.get(orderId) ?? [], events };
}

/** Whether the shop has taken any order, of any status: the currency is locked from then on (docs/product.md#settings). */
export async function anyOrderExists(db: Pick<Executor, "select">): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).limit(1);
  return row !== undefined;
}
