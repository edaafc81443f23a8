import type { ShippingAddress } from "@/server/db/schema/shipping-address";

/** One line that tells saved addresses apart in a list or a select: name, street, city. */
export function summarizeAddress(a: ShippingAddress): string {
  return [`${a.firstName} ${a.lastName}`.trim(), a.address, [a.zipCode, a.city].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ");
}
