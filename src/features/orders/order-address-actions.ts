"use server";

import { z } from "zod";
import { getSessionUser } from "@/features/accounts/session";
import { shippingCountries } from "@/features/shipping/service";
import { getDb } from "@/server/db/client";
import { keepOrderAddress, type OrderAddressKeep } from "./order-address-keep";

const orderIdSchema = z.number().int().positive().max(2_147_483_647);

export type KeepOrderAddressAnswer = { outcome: OrderAddressKeep | "auth" };

/**
 * The success page's "Save this address to your address book" (docs/product.md#success-page): validate → the session
 * → the owner's own order. A guest (no session) is refused; the browser words each outcome in the page's language.
 */
export async function keepOrderAddressAction(orderId: unknown): Promise<KeepOrderAddressAnswer> {
  const user = await getSessionUser();
  if (!user) return { outcome: "auth" };
  const id = orderIdSchema.safeParse(orderId);
  if (!id.success) return { outcome: "not_found" };
  const db = await getDb();
  return { outcome: await keepOrderAddress(db, user.id, id.data, await shippingCountries(db)) };
}
