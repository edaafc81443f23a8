"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { usePaymentMethodChoice } from "@/features/payments/method-choice-store";
import { CheckoutExtrasFields } from "../demo-payment/checkout-extras-fields";
import { setDrawerExtra, useDrawerExtras } from "./drawer-extras-store";

/**
 * The order note and invoice company in the cart drawer (docs/product.md#checkout-extras), folded away as they are
 * optional. Offered for every payment method but the demo one, whose page of ours asks them beside the address: the
 * others (Stripe's hosted page, a transfer, cash on delivery) have no page of ours after this one. A refusal opens it.
 */
export function DrawerExtras() {
  const t = useTranslations("checkout.extras");
  const method = usePaymentMethodChoice();
  const { values, errors } = useDrawerExtras();
  // Open when the shopper opens it or already typed something (kept for this tab); a refusal opens it too.
  const [open, setOpen] = useState(() => Object.values(values).some(Boolean));
  if (!method || method === "demo") return null;
  const refused = Object.values(errors).some(Boolean);
  return (
    <details className="rounded-md border px-3 py-2 text-sm" open={open || refused} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="drawer-extras">
      <summary className="cursor-pointer font-medium">{t("title")}</summary>
      <CheckoutExtrasFields values={values} errors={errors} onChange={setDrawerExtra} compact />
    </details>
  );
}
