import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema/orders";
import { checkOrderLinkToken } from "@/server/order-link-token";
import { orderPageOf } from "./order-page";
import { linesByOrder } from "./service";

/*
 * A guest's order seen through its private link (docs/product.md#guest-checkout). The link opens the order only while
 * it has no account: once its address joined an account, the order is read by signing in, like any other.
 */

/** The guest order named by a valid link token, with its lines; null for anything else (same answer). */
export async function getGuestOrderByToken(db: Db, token: unknown, now = new Date()) {
  const check = checkOrderLinkToken(token, now);
  if (check.kind !== "valid") return null;
  const [order] = await db.select().from(orders).where(and(eq(orders.id, check.orderId), isNull(orders.userId)));
  if (!order) return null;
  return { ...order, lines: (await linesByOrder(db, [order.id])).get(order.id) ?? [] };
}

type GuestOrder = NonNullable<Awaited<ReturnType<typeof getGuestOrderByToken>>>;
export type GuestOrderPage = { kind: "ok"; page: Awaited<ReturnType<typeof orderPageOf<GuestOrder>>> } | { kind: "expired" | "joined" | "invalid" };

/**
 * What /orders/{id}?token= shows: the order page, or why not — the link ran out (a new one comes from the lookup),
 * the order now belongs to an account (sign in), or the link is not one of this shop's for this order.
 */
export async function loadGuestOrderPage(db: Db, orderId: number, token: unknown, now = new Date()): Promise<GuestOrderPage> {
  const check = checkOrderLinkToken(token, now);
  if (check.kind === "invalid" || check.orderId !== orderId) return { kind: "invalid" };
  if (check.kind === "expired") return { kind: "expired" };
  const order = await getGuestOrderByToken(db, token, now);
  if (!order) {
    const [joined] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    return { kind: joined ? "joined" : "invalid" };
  }
  return { kind: "ok", page: await orderPageOf(db, order) };
}
