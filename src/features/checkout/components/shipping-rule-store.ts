"use client";

import { useSyncExternalStore } from "react";
import type { ShippingRule } from "../shipping";

/*
 * The shop's shipping rule in the browser, for display only. The layout (a server component) reads it from the
 * settings and hands it to <CheckoutClientSetup>, which puts it here; the drawer reads it. The server never takes a
 * shipping amount from the browser: it recomputes it with the same rule.
 */

let rule: ShippingRule | null = null;
const listeners = new Set<() => void>();

export function setShippingRule(next: ShippingRule) {
  if (rule && rule.flatRateCents === next.flatRateCents && rule.freeThresholdCents === next.freeThresholdCents) return;
  rule = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useShippingRule(): ShippingRule | null {
  return useSyncExternalStore(
    subscribe,
    () => rule,
    () => null,
  );
}
