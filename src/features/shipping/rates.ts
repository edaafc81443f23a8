/**
 * What a shipping method charges for a cart (docs/product.md#shipping). Pure: no database or settings, so the
 * server's choice and the tests read the same rules. Amounts are integer minor units; weights are grams.
 */

export type MethodKind = "flat" | "free" | "weight" | "pickup";
export type WeightBand = { upToGrams: number; cents: number };

export type MethodRule = {
  kind: MethodKind;
  rateCents: number;
  freeAboveCents: number | null;
  weightBands: readonly WeightBand[];
};

/** The goods the price depends on: subtotal before discounts (as the shopper sees "Subtotal") and total grams. */
export type ShippableCart = { subtotalCents: number; weightGrams: number };

/**
 * The method's price for the cart, or null when it does not serve it:
 * - flat: the rate, free once the subtotal reaches freeAboveCents (when set);
 * - free: nothing, offered only once the subtotal reaches freeAboveCents (0 or none: always);
 * - weight: the first band whose upToGrams is at least the cart's weight (a band includes its upper edge); heavier
 *   than the last band is not served;
 * - pickup: nothing.
 */
export function methodPriceCents(rule: MethodRule, cart: ShippableCart): number | null {
  switch (rule.kind) {
    case "flat":
      return rule.freeAboveCents !== null && cart.subtotalCents >= rule.freeAboveCents ? 0 : rule.rateCents;
    case "free":
      return cart.subtotalCents >= (rule.freeAboveCents ?? 0) ? 0 : null;
    case "weight": {
      const band = [...rule.weightBands].sort((a, b) => a.upToGrams - b.upToGrams).find((b) => cart.weightGrams <= b.upToGrams);
      return band ? band.cents : null;
    }
    case "pickup":
      return 0;
  }
}

/**
 * How much more the subtotal needs for the method to ship free, or null when it never will (no threshold, already
 * free, or a kind without one). Drives the drawer's "Add 12,00 € more for free shipping".
 */
export function missingForFreeCents(rule: MethodRule, cart: ShippableCart): number | null {
  if ((rule.kind !== "flat" && rule.kind !== "free") || rule.freeAboveCents === null) return null;
  const missing = rule.freeAboveCents - cart.subtotalCents;
  return missing > 0 ? missing : null;
}
