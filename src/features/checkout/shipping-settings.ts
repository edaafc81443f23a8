import { settings } from "@/server/env";
import type { ShippingRule } from "./shipping";

/** The configured rule (SHIPPING_FLAT_RATE_CENTS, FREE_SHIPPING_THRESHOLD_CENTS); the layout hands it to the drawer. */
export function shippingRuleFromSettings(): ShippingRule {
  const s = settings();
  return { flatRateCents: s.SHIPPING_FLAT_RATE_CENTS, freeThresholdCents: s.FREE_SHIPPING_THRESHOLD_CENTS };
}
