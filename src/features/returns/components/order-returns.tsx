import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import { shopSettings } from "@/features/settings/queries";
import { returnDeadline } from "../amounts";
import type { ReturnWithLines } from "../service";
import { ReturnRequestDialog, type ReturnableLine } from "./return-request-dialog";

type OrderForReturns = {
  id: number;
  status: string;
  currency: string;
  shippedAt: Date | null;
  lines: Array<{ id: number; quantity: number; productTitle: string; variantTitle: string }>;
};

/**
 * The returns of one order on the profile (status and refund of each) and 'Return items' while the order is shipped,
 * inside the returns settings' window, and has units not yet returned (docs/product.md#returns). The server checks all of it again.
 */
export async function OrderReturns({ order, returns, locale, now }: { order: OrderForReturns; returns: ReturnWithLines[]; locale: Locale; now: Date }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "fulfilment.returns" }), getFormatter({ locale })]);
  const returned = new Map<number, number>();
  for (const r of returns) if (r.status !== "rejected") for (const l of r.lines) returned.set(l.orderLineId, (returned.get(l.orderLineId) ?? 0) + l.quantity);
  const returnable: ReturnableLine[] = order.lines
    .map((l) => ({ id: l.id, title: l.variantTitle ? `${l.productTitle} (${l.variantTitle})` : l.productTitle, bought: l.quantity, left: l.quantity - (returned.get(l.id) ?? 0) }))
    .filter((l) => l.left > 0);
  const deadline = order.shippedAt ? returnDeadline(order.shippedAt, (await shopSettings()).returns.windowDays) : null;
  const canReturn = order.status === "shipped" && deadline !== null && now <= deadline && returnable.length > 0;
  if (!canReturn && returns.length === 0) return null;
  return (
    <div className="mt-3 grid gap-2 border-t pt-3 text-sm" data-testid="order-returns">
      {returns.map((r) => (
        <div key={r.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="order-return">
          <span>
            {t("returnLine", { id: r.id })}: {r.lines.map((l) => `${l.quantity} x ${l.title}`).join(", ")}
          </span>
          <span className="flex items-center gap-2">
            <Badge variant="outline" data-testid="return-status" data-status={r.status}>
              {t(`status.${r.status}`)}
            </Badge>
            <span className="tabular-nums">{t("refundAmount", { amount: formatMoney(r.linesCents + r.shippingCents, order.currency, locale) })}</span>
          </span>
        </div>
      ))}
      {canReturn ? (
        <div>
          <ReturnRequestDialog orderId={order.id} lines={returnable} deadline={format.dateTime(deadline, { dateStyle: "long" })} />
        </div>
      ) : null}
    </div>
  );
}
