import type { Db } from "@/server/db/client";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { shippingCountries } from "@/features/shipping/service";
import { checkShippingAddress } from "@/features/addresses/address-schema";
import { shippingAddressSchema } from "./schemas";
import { defaultAddress, getAddress } from "@/features/addresses/service";

/**
 * The address a new order starts with (docs/product.md#address-book): the saved one the shopper chose, else their
 * default, else none (the pay page asks). An address saved before the shop stopped shipping to its country is not
 * used: the pay page then asks, with the usual message.
 */
export async function checkoutAddress(db: Db, userId: string, addressId?: number): Promise<ShippingAddress | null> {
  const saved = addressId !== undefined ? (await getAddress(db, userId, addressId))?.address : await defaultAddress(db, userId);
  if (!saved) return null;
  const checked = checkShippingAddress(saved, await shippingCountries(db));
  // The order's own schema is a little stricter on phones (no dots): an address it refuses is left to the pay page.
  return checked.ok && shippingAddressSchema.safeParse(checked.address).success ? checked.address : null;
}
