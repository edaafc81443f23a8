import "server-only";
import { getFormatter, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import type { OrderMoneyBack } from "../order-refunds";
import { RefundDialog } from "./refund-dialog";

/**
 * An order's returns and refunds with what was paid, given back and the net (docs/product.md#refunds): on the
 * customer's order pages, and on the admin's with the refund form (admins only: a typed refund is not a staff step).
 * Nothing to show → nothing rendered for the customer.
 */
export async function OrderMoneyBackCard({
  money,
  locale,
  orderId,
  admin = false,
  refund = false,
}: {
  money: OrderMoneyBack;
  locale: Locale;
  orderId: number;
  admin?: boolean;
  refund?: boolean;
}) {
  const [t, ts, format] = await Promise.all([getTranslations({ locale, namespace: "fulfilment.refunds" }), getTranslations({ locale, namespace: "fulfilment.returns.status" }), getFormatter({ locale })]);
  const m = (cents: number) => formatMoney(cents, money.currency, locale);
  const canRefund = admin && refund && money.left.cents > 0;
  if (!admin && money.returns.length === 0 && money.refunds.length === 0) return null;
  if (admin && !canRefund && money.returns.length === 0 && money.refunds.length === 0) return null;
  const day = (d: Date) => format.dateTime(d, { dateStyle: "medium" });
  return (
    <Card data-testid="order-money-back">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{t("title")}</CardTitle>
        {canRefund ? (
          <RefundDialog
            orderId={orderId}
            currency={money.currency}
            leftText={m(money.left.cents)}
            shippingText={money.left.shippingCents > 0 ? m(money.left.shippingCents) : null}
            lines={money.left.lines.map((l) => ({ orderLineId: l.orderLineId, title: l.title, units: l.units, unitText: m(l.unitCents) }))}
          />
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {money.returns.length + money.refunds.length > 0 ? (
          <ul className="space-y-3">
            {money.returns.map((r) => (
              <li key={`return-${r.id}`} className="border-l-2 pl-3" data-testid="money-back-return">
                <p className="flex flex-wrap justify-between gap-2 font-medium">
                  <span>
                    {t("return", { id: r.id })} · {ts(r.status as "requested")}
                  </span>
                  <span>{m(r.amountCents)}</span>
                </p>
                <p className="text-xs text-muted-foreground">{day(r.createdAt)}</p>
                {r.decisionNote ? <p className="text-muted-foreground">{t("reason", { reason: r.decisionNote })}</p> : null}
              </li>
            ))}
            {money.refunds.map((r) => (
              <li key={`refund-${r.id}`} className="border-l-2 pl-3" data-testid="money-back-refund">
                <p className="flex flex-wrap justify-between gap-2 font-medium">
                  <span>{t("refund", { id: r.id })}</span>
                  <span>{m(r.linesCents + r.shippingCents + r.amountCents)}</span>
                </p>
                <p className="text-xs text-muted-foreground">{day(r.createdAt)}</p>
                <ul className="text-muted-foreground">
                  {r.lines.map((l) => (
                    <li key={l.orderLineId}>
                      {l.quantity} × {l.title}
                    </li>
                  ))}
                  {r.shippingCents > 0 ? <li>{t("shipping")}</li> : null}
                  {r.amountCents > 0 ? <li>{`${t("amountOnly")}: ${m(r.amountCents)}`}</li> : null}
                </ul>
                <p className="text-muted-foreground">{t("reason", { reason: r.reason })}</p>
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-3">
          <dt>{t("paid")}</dt>
          <dd className="text-right">{m(money.paidCents)}</dd>
          <dt>{t("refunded")}</dt>
          <dd className="text-right" data-testid="money-back-refunded">
            {m(-money.refundedCents)}
          </dd>
          <dt className="font-semibold">{t("net")}</dt>
          <dd className="text-right font-semibold" data-testid="money-back-net">
            {m(money.netCents)}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
