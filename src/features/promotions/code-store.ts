"use client";

import { useSyncExternalStore } from "react";

/*
 * The discount code the shopper applied in the drawer, kept for this tab (sessionStorage) so the checkout button
 * sends it. Display state only: the server checks the code again at checkout.
 */

const KEY = "discount-code";
let code: string | null = null;
let loaded = false;
const listeners = new Set<() => void>();

function load() {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  try {
    code = window.sessionStorage.getItem(KEY);
  } catch {
    code = null;
  }
}

export function setDiscountCode(next: string | null) {
  load();
  code = next;
  try {
    if (next) window.sessionStorage.setItem(KEY, next);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the code lives until the page reloads.
  }
  for (const listener of listeners) listener();
}

export function getDiscountCode(): string | null {
  load();
  return code;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, getDiscountCode, () => null);
}
