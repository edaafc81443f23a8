"use client";

import { sessionValue } from "@/lib/session-value";

/*
 * The country the shopper said they ship to in the cart drawer (docs/product.md#taxes-and-discounts), kept for this tab
 * so the estimate and checkout price for it. Display state only: the server checks it is a shipping country, and an
 * address chosen at checkout wins.
 */
const store = sessionValue("shipping-country");

export const setShippingCountry = store.set;
export const getShippingCountry = store.get;

export function useShippingCountry(): string | null {
  return store.useValue();
}
