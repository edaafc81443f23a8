import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { Badge } from "@/components/ui/badge";
import type { OrderStates, PaymentStatus } from "../order-state-values";

const paymentVariant: Record<PaymentStatus, "default" | "success" | "secondary" | "destructive" | "outline"> = {
  awaiting_payment: "default",
  paid: "success",
  partially_refunded: "outline",
  refunded: "outline",
  cancelled: "destructive",
};

/**
 * Payment and delivery side by side, in words (docs/product.md#order-status). The wrapper keeps the order's stored
 * status as `data-status` for whoever reads the page's markup.
 */
export async function OrderStateBadges({ states, status, locale, testId = "order-status" }: { states: OrderStates; status: string; locale: Locale; testId?: string }) {
  const t = await getTranslations({ locale, namespace: "fulfilment.states" });
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid={testId} data-status={status}>
      <Badge variant={paymentVariant[states.payment]} data-testid="payment-status" data-value={states.payment}>
        <span className="sr-only">{t("payment")}: </span>
        {t(`paymentValues.${states.payment}`)}
      </Badge>
      <Badge variant={states.fulfilment === "unfulfilled" ? "outline" : "secondary"} data-testid="fulfilment-status" data-value={states.fulfilment}>
        <span className="sr-only">{t("fulfilment")}: </span>
        {t(`fulfilmentValues.${states.fulfilment}`)}
      </Badge>
    </span>
  );
}
