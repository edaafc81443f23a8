"use client";

import { useEffect } from "react";
import { useLocale } from "@/i18n/client";
import { fetchCurrentCartLines } from "@/features/catalog/cart-prices";
import type { CartLine } from "@/features/cart/cart-lines";
import type { LineStock } from "@/features/cart/line-stock";
import { getCartLines, replaceCartLines, setLineStocks } from "@/features/cart/cart-store";

/**
 * Lines whose stored copy differs from the catalog's answer get replaced, and a line holding more units than are left
 * is lowered to them (its note then says "Only 3 left"). A line the catalog no longer shows stays, marked by its stock
 * answer, so the shopper sees what went and removes it rather than finding it silently gone.
 */
function merge(lines: CartLine[], current: Map<string, Omit<CartLine, "quantity">>, stocks: Record<string, LineStock>): CartLine[] | null {
  let changed = false;
  const next: CartLine[] = [];
  for (const line of lines) {
    const fresh = current.get(line.variantId);
    const stock = stocks[line.variantId];
    const quantity = stock?.buyable && stock.available !== null && stock.available > 0 ? Math.min(line.quantity, stock.available) : line.quantity;
    const updated = { ...line, ...fresh, quantity };
    if (
      updated.quantity !== line.quantity ||
      updated.unitPriceCents !== line.unitPriceCents ||
      updated.currency !== line.currency ||
      updated.productTitle !== line.productTitle ||
      updated.variantTitle !== line.variantTitle ||
      updated.imageUrl !== line.imageUrl ||
      updated.productId !== line.productId
    ) {
      changed = true;
    }
    next.push(updated);
  }
  return changed ? next : null;
}

/**
 * Prices shown in the cart come from the catalog, never from localStorage: on start (and whenever `trigger`
 * changes, e.g. the drawer opens) the stored lines are refreshed from the server in the page's language.
 */
export function useCartPriceRefresh(trigger: unknown) {
  const locale = useLocale();
  useEffect(() => {
    const lines = getCartLines();
    if (lines.length === 0) return;
    let cancelled = false;
    // The action answers at most 100 ids; lines beyond that are left as they are rather than dropped.
    const asked = new Set([...new Set(lines.map((l) => l.variantId))].slice(0, 100));
    fetchCurrentCartLines({ variantIds: [...asked], locale })
      .then((answer) => {
        if (cancelled || !answer) return;
        setLineStocks(answer.stocks);
        const merged = merge(getCartLines(), new Map(answer.lines.map((l) => [l.variantId, l])), answer.stocks);
        if (merged) replaceCartLines(merged);
      })
      .catch(() => {
        // Offline or server trouble: keep showing the stored lines; checkout prices on the server anyway.
      });
    return () => {
      cancelled = true;
    };
  }, [locale, trigger]);
}
