"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import { repriceDemoSessionAction } from "./reprice-action";

export type PaymentMethodOption = { id: number; name: string; delivery: string; pickup: string; priceCents: number };

/**
 * The payment page's shipping methods for the order's destination (docs/product.md#shipping): picking one re-prices
 * the order on the server (shipping, its tax, the total) and the page shows the new amounts before paying.
 */
export function PaymentShippingMethods({
  sessionId,
  guestToken,
  country,
  methods,
  methodId,
  currency,
}: {
  sessionId: string;
  guestToken: string | undefined;
  country: string;
  methods: PaymentMethodOption[];
  methodId: number;
  currency: string;
}) {
  const t = useTranslations("shippingZones.order");
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function pick(id: number) {
    setBusy(true);
    try {
      const result = await repriceDemoSessionAction(sessionId, country, guestToken, id).catch(() => null);
      if (result?.ok || result?.reload) router.refresh();
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset className="mt-4 grid gap-1" data-testid="payment-shipping-methods" disabled={busy}>
      <legend className="mb-1 text-sm font-medium">{t("method")}</legend>
      {methods.map((m) => (
        <label key={m.id} className="flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-neutral-900" data-testid="payment-shipping-method">
          <input type="radio" name="payment-shipping-method" value={m.id} checked={m.id === methodId} onChange={() => void pick(m.id)} className="mt-1" />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex justify-between gap-2">
              <span className="font-medium">{m.name}</span>
              <span>{m.priceCents === 0 ? t("free") : formatMoney(m.priceCents, currency, locale)}</span>
            </span>
            {m.delivery ? <span className="text-xs text-neutral-600">{m.delivery}</span> : null}
            {m.pickup ? <span className="text-xs text-neutral-600">{m.pickup}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
