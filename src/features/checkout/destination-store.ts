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

/** The shipping method picked in the drawer (docs/product.md#shipping), by id; the server checks it serves the destination. */
const methodStore = sessionValue("shipping-method");

export const setShippingMethod = (id: number | null) => methodStore.set(id === null ? null : String(id));

export function getShippingMethod(): number | undefined {
  const id = Number(methodStore.get());
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function useShippingMethod(): number | null {
  const id = Number(methodStore.useValue());
  return Number.isInteger(id) && id > 0 ? id : null;
}
