/**
 * The shipping rule, shared by the server (which charges it) and the cart drawer (which only shows it). Pure: no
 * settings or database here, so the browser bundle can import it; the server passes the configured rule in.
 */
export type ShippingRule = { flatRateCents: number; freeThresholdCents: number };

/** Shipping for a subtotal: free once the subtotal reaches the threshold, the flat rate below it. */
export function shippingCentsFor(subtotalCents: number, rule: ShippingRule): number {
  return subtotalCents >= rule.freeThresholdCents ? 0 : rule.flatRateCents;
}

/** Subtotal, shipping and total of an amount of goods, as the drawer, the payment page and the order show them. */
export function orderAmounts(subtotalCents: number, rule: ShippingRule) {
  const shippingCents = shippingCentsFor(subtotalCents, rule);
  return { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
}
