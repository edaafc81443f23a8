import "server-only";
import { and, eq } from "drizzle-orm";
import { addAddressUnlessSaved, hasAddress } from "@/features/addresses/service";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema/orders";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";

/*
 * "Save this address to your address book" on the success page of an order paid on a provider's own page
 * (docs/product.md#success-page, decision 0389). The shop's own payment page asks before paying (keepPaidAddress);
 * a hosted page (Stripe Checkout) collects the address itself, so the question comes once the shopper is back.
 */

/** Providers whose page is not the shop's: the address may have been typed there, where the shop could not offer it. */
const HOSTED_PAGES: ReadonlySet<string> = new Set(["stripe", "mercadopago"]);

export type OrderAddressKeep = "saved" | "already_saved" | "not_found" | "no_address" | "invalid" | "too_many";

type OfferedOrder = { paymentProvider: string; status: string; shippingAddress: ShippingAddress | null; shippingMethod: { kind: string } | null };

/**
 * Whether the success page offers it to the order's signed-in owner: paid on a hosted page, not cancelled, shipped to
 * an address (not picked up) that their book does not hold yet.
 */
export async function offersAddressKeep(db: Db, userId: string, order: OfferedOrder): Promise<boolean> {
  if (!HOSTED_PAGES.has(order.paymentProvider) || order.status === "cancelled") return false;
  if (!order.shippingAddress || order.shippingMethod?.kind === "pickup") return false;
  return !(await hasAddress(db, userId, order.shippingAddress));
}

/**
 * Keeps the order's shipping address in its owner's book. Ownership is part of the query: someone else's order and a
 * guest's answer as a missing one. Asking again answers "already_saved" and adds nothing.
 */
export async function keepOrderAddress(db: Db, userId: string, orderId: number, countries: readonly string[]): Promise<OrderAddressKeep> {
  const [order] = await db
    .select({ shippingAddress: orders.shippingAddress, shippingMethod: orders.shippingMethod })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return "not_found";
  if (!order.shippingAddress || order.shippingMethod?.kind === "pickup") return "no_address";
  const kept = await addAddressUnlessSaved(db, userId, order.shippingAddress, countries);
  if (kept.ok) return "saved";
  // An address from the provider's page can miss what the book needs (a one-word name leaves the last name empty).
  return kept.reason;
}
