"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import type { CartQuote } from "../cart-quote";
import { setShippingMethod } from "../destination-store";

type PricedQuote = Extract<CartQuote, { rows: unknown }>;

/**
 * The methods serving the drawer's destination (docs/product.md#shipping), with price and delivery time; picking one
 * re-prices the estimate and is what checkout charges (the server checks it serves the address). Under them, how much
 * more the cart needs for free shipping.
 */
export function ShippingMethodPicker({ quote }: { quote: PricedQuote }) {
  const t = useTranslations("shippingZones.drawer");
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, quote.currency, locale);
  return (
    <fieldset className="my-1 grid gap-1" data-testid="shipping-methods">
      <legend className="mb-1 text-xs font-medium text-muted-foreground">{t("method")}</legend>
      {quote.methods.map((m) => (
        <label key={m.id} className="flex cursor-pointer items-start gap-2 rounded-md border px-2 py-1.5 text-xs has-[:checked]:border-foreground" data-testid="shipping-method">
          <input
            type="radio"
            name="shipping-method"
            value={m.id}
            checked={m.id === quote.methodId}
            onChange={() => setShippingMethod(m.id)}
            className="mt-0.5"
          />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex justify-between gap-2">
              <span className="font-medium">{m.name}</span>
              <span data-testid="shipping-method-price">{m.priceCents === 0 ? t("free") : money(m.priceCents)}</span>
            </span>
            {m.delivery ? <span className="text-muted-foreground">{m.delivery}</span> : null}
            {m.kind === "pickup" && m.pickupAddress ? <span className="text-muted-foreground">{t("pickupAt", { address: m.pickupAddress })}</span> : null}
            {m.kind === "pickup" && m.pickupHours ? <span className="text-muted-foreground">{t("hours", { hours: m.pickupHours })}</span> : null}
          </span>
        </label>
      ))}
      {quote.missingForFreeCents !== null ? (
        <p className="text-xs text-muted-foreground" data-testid="free-shipping-progress">
          {t("missingForFree", { amount: money(quote.missingForFreeCents) })}
        </p>
      ) : null}
    </fieldset>
  );
}
