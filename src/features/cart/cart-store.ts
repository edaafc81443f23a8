"use client";

import { useSyncExternalStore } from "react";
import {
  addLine,
  CART_STORAGE_KEY,
  parseStoredCart,
  removeLine,
  setLineQuantity,
  type CartItemInput,
  type CartLine,
} from "./cart-lines";
import type { LineStock } from "./line-stock";

type CartState = {
  lines: CartLine[];
  /** The drawer (docs/product.md#cart-drawer): open or closed. */
  isOpen: boolean;
  /** True while checkout runs (docs/product.md#checkout). */
  isProcessing: boolean;
  /** The server's last word on each line's stock, by variant id; kept in memory only, since stock moves. */
  stocks: Readonly<Record<string, LineStock>>;
};

const emptyState: CartState = { lines: [], isOpen: false, isProcessing: false, stocks: {} };
let state: CartState = emptyState;
let loaded = false;
const listeners = new Set<() => void>();

function readStorage(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): the cart then lives for this page only.
    return [];
  }
}

function writeStorage(lines: CartLine[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Quota or privacy mode: keep working in memory.
  }
}

/** The cart is loaded from localStorage once, on first use in the browser. */
function ensureLoaded() {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  state = { ...state, lines: readStorage() };
  // Another tab changed the cart: follow it so the badge and drawer never show stale lines.
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    state = { ...state, lines: parseStoredCart(event.newValue) };
    for (const listener of listeners) listener();
  });
}

function setState(patch: Partial<CartState>) {
  ensureLoaded();
  const linesChanged = patch.lines !== undefined && patch.lines !== state.lines;
  state = { ...state, ...patch };
  if (linesChanged) writeStorage(state.lines);
  for (const listener of listeners) listener();
}

export function addToCart(item: CartItemInput, quantity = 1) {
  ensureLoaded();
  setState({ lines: addLine(state.lines, item, quantity) });
}

export function updateCartQuantity(variantId: string, quantity: number) {
  ensureLoaded();
  setState({ lines: setLineQuantity(state.lines, variantId, quantity) });
}

export function removeFromCart(variantId: string) {
  ensureLoaded();
  setState({ lines: removeLine(state.lines, variantId) });
}

export function clearCart() {
  setState({ lines: [] });
}

/** Replaces every line, e.g. after refreshing prices from the catalog. */
export function replaceCartLines(lines: CartLine[]) {
  setState({ lines });
}

/** Records the server's answers about some lines' stock (the drawer marks the lines from them). */
export function setLineStocks(answers: Readonly<Record<string, LineStock>>) {
  setState({ stocks: { ...state.stocks, ...answers } });
}

export function getLineStock(variantId: string): LineStock | undefined {
  return state.stocks[variantId];
}

export function openCart() {
  setState({ isOpen: true });
}

export function closeCart() {
  setState({ isOpen: false });
}

export function setCartOpen(isOpen: boolean) {
  setState({ isOpen });
}

export function setCheckoutProcessing(isProcessing: boolean) {
  setState({ isProcessing });
}

export function getCartLines(): CartLine[] {
  ensureLoaded();
  return state.lines;
}

function subscribe(listener: () => void) {
  ensureLoaded();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  ensureLoaded();
  return state;
}

/** Server render and hydration see an empty closed cart; the stored one appears right after. */
const getServerSnapshot = () => emptyState;

export function useCart(): CartState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
