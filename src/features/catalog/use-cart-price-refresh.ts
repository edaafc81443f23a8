"use client";

import { useEffect } from "react";
import { useLocale } from "@/i18n/client";
import { fetchCurrentCartLines } from "@/features/catalog/cart-prices";
import type { CartLine } from "@/features/cart/cart-lines";
import { getCartLines, replaceCartLines } from "@/features/cart/cart-store";

/** Lines whose stored copy differs from the catalog's answer (or that the catalog no longer has) get replaced. */
function merge(lines: CartLine[], asked: Set<string>, current: Map<string, Omit<CartLine, "quantity">>): CartLine[] | null {
  let changed = false;
  const next: CartLine[] = [];
  for (const line of lines) {
    const fresh = current.get(line.variantId);
    if (!fresh) {
      // Asked and not answered: the variant is gone (or hidden). Lines added after the request are kept.
      if (asked.has(line.variantId)) {
        changed = true;
        continue;
      }
      next.push(line);
      continue;
    }
    const updated = { ...line, ...fresh };
    if (
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
        const merged = merge(getCartLines(), asked, new Map(answer.map((l) => [l.variantId, l])));
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
