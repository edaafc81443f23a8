"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import { cartTotal, type CartLine } from "@/features/cart/cart-lines";
import { orderAmounts } from "../shipping";
import { useShippingRule } from "./shipping-rule-store";

/**
 * The drawer's money lines: subtotal, shipping ('Free shipping' from the threshold on) and total, computed with the
 * server's rule. The cart's prices are display only; the payment page shows what is really charged.
 */
export function CartSummary({ lines }: { lines: CartLine[] }) {
  const t = useTranslations("shipping");
  const locale = useLocale();
  const rule = useShippingRule();
  const goods = cartTotal(lines);
  const money = (cents: number) => (goods ? formatMoney(cents, goods.currency, locale) : "—");
  if (!goods || !rule) {
    return (
      <div className="flex items-center justify-between text-lg font-semibold">
        <span>{t("total")}</span>
        <span data-testid="cart-total">{goods ? money(goods.cents) : "—"}</span>
      </div>
    );
  }
  const amounts = orderAmounts(goods.cents, rule);
  return (
    <div className="grid gap-1 text-sm" data-testid="cart-summary">
      <div className="flex items-center justify-between">
        <span className="text-muted-foreground">{t("subtotal")}</span>
        <span data-testid="cart-subtotal">{money(amounts.subtotalCents)}</span>
      </div>
      <div className="flex items-center justify-between">
        <span className="text-muted-foreground">{t("shipping")}</span>
        <span data-testid="cart-shipping">{amounts.shippingCents === 0 ? t("freeShipping") : money(amounts.shippingCents)}</span>
      </div>
      {amounts.shippingCents > 0 && rule.freeThresholdCents > 0 ? (
        <p className="text-xs text-muted-foreground">{t("freeShippingFrom", { amount: money(rule.freeThresholdCents) })}</p>
      ) : null}
      <div className="mt-1 flex items-center justify-between text-lg font-semibold">
        <span>{t("total")}</span>
        <span data-testid="cart-total">{money(amounts.totalCents)}</span>
      </div>
      <p className="text-xs text-muted-foreground">{t("taxesIncluded")}</p>
    </div>
  );
}
