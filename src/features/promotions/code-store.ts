"use client";

import { sessionValue } from "@/lib/session-value";

/*
 * The discount code the shopper applied in the drawer, kept for this tab (sessionStorage) so the checkout button
 * sends it. Display state only: the server checks the code again at checkout.
 */
const store = sessionValue("discount-code");

export const setDiscountCode = store.set;
export const getDiscountCode = store.get;

export function useDiscountCode(): string | null {
  return store.useValue();
}
