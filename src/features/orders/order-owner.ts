import { and, eq, isNull, type SQL } from "drizzle-orm";
import { orders } from "@/server/db/schema/orders";
import type { OrderActor } from "./service";

/**
 * Who may act on an order from the shop's side: the signed-in account that owns it, or the holder of a valid private
 * link to a guest's order (docs/product.md#guest-checkout) — which names one order, and only while it has no account.
 */
export type OrderOwner = { userId: string } | { guestOrderId: number };
/** An owner, or just an account's user id (what the callers before guest checkout pass). */
export type OwnerOrUserId = OrderOwner | string;

export function asOwner(owner: OwnerOrUserId): OrderOwner {
  return typeof owner === "string" ? { userId: owner } : owner;
}

/** The ownership part of a query: part of the WHERE, so another's order is never loaded and then filtered. */
export function ownedBy(given: OwnerOrUserId): SQL {
  const owner = asOwner(given);
  return "userId" in owner ? eq(orders.userId, owner.userId) : and(eq(orders.id, owner.guestOrderId), isNull(orders.userId))!;
}

export function customerActor(given: OwnerOrUserId): OrderActor {
  const owner = asOwner(given);
  return { userId: "userId" in owner ? owner.userId : null, kind: "customer" };
}
