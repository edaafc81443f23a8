"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import { cartTotal, type CartLine } from "@/features/cart/cart-lines";

/**
 * The drawer's money until the server's estimate arrives (cart-quote.tsx): the goods at the cart's display prices.
 * Shipping depends on the destination and the method (docs/product.md#shipping), so only the server's quote shows it.
 */
export function CartSummary({ lines }: { lines: CartLine[] }) {
  const t = useTranslations("shipping");
  const locale = useLocale();
  const goods = cartTotal(lines);
  return (
    <div className="flex items-center justify-between text-lg font-semibold">
      <span>{t("subtotal")}</span>
      <span data-testid="cart-subtotal">{goods ? formatMoney(goods.cents, goods.currency, locale) : "—"}</span>
    </div>
  );
}
