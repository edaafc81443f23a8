"use client";

import { useTranslations } from "@/i18n/client";
import { toast } from "@/components/ui/use-toast";
import type { StockOutcome } from "../cart-within-stock";

/**
 * The toast after an add to cart (docs/product.md#cart): the usual "Added to Cart" when every unit went in; when the
 * server held the line to the units left, "Only 3 left" with what the cart now has; when none could go in, why.
 */
export function useStockToast() {
  const t = useTranslations("store.card");
  return (outcome: StockOutcome, title: string, added: () => void) => {
    const { quantity, wanted, stock } = outcome;
    if (quantity >= wanted) {
      added();
      return;
    }
    if (quantity > 0) {
      toast({ title: t("onlyLeftTitle", { n: quantity }), description: t("cappedDescription", { n: quantity, title }) });
      return;
    }
    const soldOut = stock?.buyable === true && stock.available === 0;
    toast({ title: t("notAddedTitle"), description: soldOut ? t("notAddedSoldOut", { title }) : t("notAddedUnavailable", { title }), variant: "destructive" });
  };
}
