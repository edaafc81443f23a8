"use client";

import { sessionValue } from "@/lib/session-value";

/*
 * The payment method the shopper picked in the cart drawer (docs/product.md#payment-methods), kept for this tab.
 * Display state only: the server checks the method is one the shop offers.
 */
const store = sessionValue("payment-method");

export const setPaymentMethodChoice = store.set;
export const getPaymentMethodChoice = store.get;

export function usePaymentMethodChoice(): string | null {
  return store.useValue();
}
