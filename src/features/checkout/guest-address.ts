import type { Db } from "@/server/db/client";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { shippingCountries } from "@/features/shipping/service";
import { checkShippingAddress, type AddressFieldErrors } from "@/features/addresses/address-schema";
import { shippingAddressSchema } from "./schemas";

/**
 * The address a guest typed under 'Continue as guest' for a method with no hosted page to ask it (a bank transfer,
 * cash on delivery; docs/product.md#payment-methods): checked by the address form's schema against the countries the
 * shop ships to, and by the order's own (a little stricter on phones), so a refusal is named on its field.
 */
export async function guestCheckoutAddress(db: Db, raw: unknown): Promise<{ ok: true; address: ShippingAddress } | { ok: false; fieldErrors: AddressFieldErrors }> {
  const checked = checkShippingAddress(raw, await shippingCountries(db));
  if (!checked.ok) return checked;
  return shippingAddressSchema.safeParse(checked.address).success ? checked : { ok: false, fieldErrors: { phone: "phoneInvalid" } };
}
