import "server-only";
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import { orderEvents, orders, orderStatuses } from "@/server/db/schema/orders";
import { linesByOrder } from "./service";

/*
 * Reads of orders. Ownership is part of the query (docs/product.md#roles): a customer's read never loads someone else's
 * order and then filters it.
 */

export type OrderWithLines = Awaited<ReturnType<typeof listOrdersForUser>>[number];

/** The shopper's own orders, newest first, each with its lines (profile Order History). */
export async function listOrdersForUser(db: Db, userId: string, options: { limit?: number } = {}) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(Math.min(Math.max(options.limit ?? 100, 1), 500));
  const lines = await linesByOrder(db, rows.map((r) => r.id));
  return rows.map((order) => ({ ...order, lines: lines.get(order.id) ?? [] }));
}

/** One order of this user, with lines; null when it does not exist or belongs to someone else (same answer). */
export async function getOrderForUser(db: Db, orderId: number, userId: string) {
  if (!Number.isSafeInteger(orderId)) return null;
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const lines = await linesByOrder(db, [order.id]);
  return { ...order, lines: lines.get(order.id) ?? [] };
}

export const adminOrderListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(orderStatuses).optional(),
  /** Part of the customer's email, case-insensitive. */
  email: z.string().trim().max(200).optional(),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListSchema>;

/** Admin list: newest first, paginated, filtered by status and customer email. Callers check requireAdmin() first. */
export async function listOrdersForAdmin(db: Db, query: AdminOrderListQuery = {}) {
  const q = adminOrderListSchema.parse(query);
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(orders.status, q.status));
  if (q.email) filters.push(ilike(orders.email, `%${q.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows, total: Number(total), page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(Number(total) / q.pageSize)) };
}

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
