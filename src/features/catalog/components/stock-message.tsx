"use client";

import { useTranslations } from "@/i18n/client";
import { stockMessage, type StockVariant } from "@/features/catalog/pricing";
import { joinClasses } from "@/lib/join-classes";

/** docs/product.md#stock: '{n} in stock!', 'In stock', 'Not enough stock. Only {n} left.', 'Currently unavailable'. */
export function StockMessage({ purchasable, variant, quantity }: { purchasable: boolean; variant: StockVariant; quantity: number }) {
  const t = useTranslations("store.product");
  const message = stockMessage({ purchasable }, variant, quantity);
  const text =
    message.kind === "unavailable"
      ? t("unavailable")
      : message.kind === "not_enough"
        ? t("notEnough", { n: message.n })
        : message.n == null
          ? t("inStockUnmanaged")
          : t("inStock", { n: message.n });
  return (
    <p className={joinClasses("text-sm font-medium", message.kind === "in_stock" ? "text-success" : "text-destructive")} data-testid="stock-message" aria-live="polite">
      {text}
    </p>
  );
}
