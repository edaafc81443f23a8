"use client";

import { useEffect } from "react";
import { setCheckoutProcessing } from "@/features/cart/cart-store";

/** Mounted once in the layout: frees the checkout button when the shopper comes back from the payment page through the browser's page cache. */
export function CheckoutClientSetup() {
  // Back from the payment page through the browser's page cache: the button left busy on departure works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setCheckoutProcessing(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  return null;
}
