"use client";

import { useEffect } from "react";
import { addToCart, openCart, setCheckoutProcessing } from "@/features/cart/cart-store";
import { restoreCancelledOrder } from "../actions";
import type { ShippingRule } from "../shipping";
import { setShippingRule } from "./shipping-rule-store";

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
 * Mounted once in the layout. Hands the shop's shipping rule (read from the settings on the server) to the drawer,
 * and handles the way back from a cancelled payment: `?cancelled_order=ID` cancels that pending order on the server,
 * puts its lines back into the cart and drops the parameter from the address bar.
 */
export function CheckoutClientSetup({ shippingRule }: { shippingRule: ShippingRule }) {
  useEffect(() => {
    setShippingRule(shippingRule);
  }, [shippingRule]);

  // Back from the payment page through the browser's page cache: the button left busy on departure works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setCheckoutProcessing(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

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

  return null;
}
