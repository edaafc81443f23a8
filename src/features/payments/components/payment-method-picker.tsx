"use client";

import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { formatMoney } from "@/lib/money";
import { offeredPaymentMethodsAction, type OfferedPaymentMethod } from "../actions";
import { setPaymentMethodChoice, usePaymentMethodChoice } from "../method-choice-store";

/**
 * The drawer's choice of how to pay (docs/product.md#payment-methods), shown when the shop offers more than one way.
 * The list is asked of the server when the drawer opens; the first method is preselected, and a stored choice the
 * shop no longer offers is dropped.
 */
export function PaymentMethodPicker() {
  const t = useTranslations("paymentMethods.picker");
  const [offered, setOffered] = useState<OfferedPaymentMethod[] | null>(null);
  const chosen = usePaymentMethodChoice();
  const locale = useLocale();
  useEffect(() => {
    let live = true;
    offeredPaymentMethodsAction()
      .then((methods) => live && setOffered(methods))
      // Not known: checkout uses the shop's first method, as before there was a choice.
      .catch(() => live && setOffered([]));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!offered || offered.length === 0) return;
    if (!chosen || !offered.some((m) => m.id === chosen)) setPaymentMethodChoice(offered[0].id);
  }, [offered, chosen]);
  if (!offered || offered.length < 2) return null;
  return (
    <fieldset className="grid gap-2" data-testid="payment-method-picker">
      <legend className="mb-1 text-sm font-medium">{t("legend")}</legend>
      {offered.map((m) => (
        <label key={m.id} className="flex min-h-9 items-center gap-2 rounded-md border px-3 py-2 text-sm">
          <input type="radio" name="payment-method" value={m.id} checked={chosen === m.id} onChange={() => setPaymentMethodChoice(m.id)} />
          {t(`methods.${m.id}`)}
          {m.feeCents > 0 ? <span className="ml-auto text-muted-foreground">{t("fee", { amount: formatMoney(m.feeCents, m.currency, locale) })}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
