"use client";

import { useEffect } from "react";
import { addToCart, openCart } from "@/features/cart/cart-store";
import { restoreCancelledOrder } from "../actions";

const RESTORED_KEY = "vitrina.restoredOrders";

function alreadyRestored(orderId: string): boolean {
  try {
    const done: string[] = JSON.parse(window.sessionStorage.getItem(RESTORED_KEY) ?? "[]");
    if (done.includes(orderId)) return true;
    window.sessionStorage.setItem(RESTORED_KEY, JSON.stringify([...done, orderId].slice(-20)));
  } catch {
    // No session storage: the server still answers a cancelled order's lines only to its owner.
  }
  return false;
}

/**
 * The way back from a cancelled payment (docs/product.md#cancelled-payment), run by the cart drawer's mount on every
 * page (the cancel address a shop or API client chooses may be any page): `?cancelled_order=ID` cancels that pending
 * order on the server, puts its lines back into the cart, opens the drawer and drops the parameter from the address.
 */
export function useCancelledOrderRestore() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const orderId = url.searchParams.get("cancelled_order");
    if (!orderId) return;
    // A guest's order comes back with its link token (docs/product.md#guest-checkout).
    const token = url.searchParams.get("token");
    url.searchParams.delete("cancelled_order");
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    // Back/forward to the same address must not add the lines a second time.
    if (alreadyRestored(orderId)) return;
    restoreCancelledOrder(orderId, token)
      .then((lines) => {
        for (const { quantity, ...item } of lines) addToCart(item, quantity);
        if (lines.length) openCart();
      })
      // The server logs its own failures (restoreCancelledOrder); a lost connection leaves the cart as it was.
      .catch(() => {});
  }, []);
}
