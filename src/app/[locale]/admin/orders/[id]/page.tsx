import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { OrderActions } from "@/features/orders/components/order-actions";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { OrderShippingDetails } from "@/features/checkout/components/order-shipping-details";
import { openStaffPage } from "@/features/admin/page-gate";
import { orderIdSchema } from "@/features/orders/admin-schemas";
import { getOrderDetailForAdmin } from "@/features/orders/queries";
import { Link } from "@/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { orderMoneyRows } from "@/features/taxes/money-rows";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { documentLinks } from "@/features/invoices/queries";
import { getDb } from "@/server/db/client";

type Props = { params: Promise<{ locale: string; id: string }> };

export default async function AdminOrderPage({ params }: Props) {
  const { id } = await params;
  const { locale } = await openStaffPage(params, `/admin/orders/${encodeURIComponent(id)}`);
  const parsed = orderIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const order = await getOrderDetailForAdmin(await getDb(), parsed.data);
  if (!order) notFound();
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "admin.orders" }), getFormatter({ locale })]);
  const docs = await documentLinks(await getDb(), [order.id]);
  return (
    <div className="space-y-6">
      <Link href="/admin/orders" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← {t("back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t("detailTitle", { id: order.id })}</h1>
          <OrderStatusBadge status={order.status} locale={locale} />
          {order.needsRefund ? <Badge variant="destructive">{t("needsRefund")}</Badge> : null}
        </div>
        <OrderActions orderId={order.id} status={order.status} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">{t("email")}</dt>
        <dd>{order.email}</dd>
        <dt className="text-muted-foreground">{t("date")}</dt>
        <dd>{format.dateTime(order.createdAt, { dateStyle: "long", timeStyle: "short" })}</dd>
        <dt className="text-muted-foreground">{t("payment")}</dt>
        <dd>
          {order.paymentProvider}
          {order.paymentReference ? ` · ${order.paymentReference}` : ""}
        </dd>
      </dl>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("lines")}</CardTitle>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm" data-testid="order-lines">
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th className="py-2 pr-4 font-medium">{t("product")}</th>
                <th className="py-2 pr-4 text-right font-medium">{t("quantity")}</th>
                <th className="py-2 pr-4 text-right font-medium">{t("unitPrice")}</th>
                <th className="py-2 text-right font-medium">{t("lineTotal")}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => {
                const unit = line.salePriceCents ?? line.unitPriceCents;
                return (
                  <tr key={line.id} className="border-b">
                    <td className="py-2 pr-4">
                      {line.productTitle}
                      {line.variantTitle ? <span className="text-muted-foreground"> ({line.variantTitle})</span> : null}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(unit, line.currency, locale)}</td>
                    <td className="py-2 text-right tabular-nums">{formatMoney(unit * line.quantity, line.currency, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot className="text-right">
              {orderMoneyRows(order, locale).map((row) => (
                <tr key={row.key} className={row.kind === "total" ? "font-semibold" : ""}>
                  <td colSpan={3} className={`py-1 pr-4 ${row.kind === "total" ? "" : "text-muted-foreground"}`}>
                    {row.kind === "total" ? t("orderTotal") : row.label}
                  </td>
                  <td className="py-1 tabular-nums" data-testid={row.kind === "total" ? "order-detail-total" : `order-detail-${row.key}`}>
                    {row.value}
                  </td>
                </tr>
              ))}
            </tfoot>
          </table>
          <InvoiceLinks orderId={order.id} docs={docs.get(order.id)} locale={locale} />
        </CardContent>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("shippingAddress")}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {/* The same snapshot the customer sees in the profile: address, shipping line (or free shipping). */}
            <OrderShippingDetails order={order} locale={locale} />
            {order.shippingAddress ? null : <p className="mt-3 text-muted-foreground">{t("noAddress")}</p>}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("history")}</CardTitle>
          </CardHeader>
          <CardContent>
            {order.events.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("noHistory")}</p>
            ) : (
              <ol className="space-y-2 text-sm" data-testid="order-history">
                {order.events.map((event) => (
                  <li key={event.id} className="border-l-2 pl-3">
                    <p className="font-medium">
                      {event.fromStatus && event.toStatus ? `${event.fromStatus} → ${event.toStatus}` : event.type}
                    </p>
                    {event.note ? <p className="text-muted-foreground">{event.note}</p> : null}
                    <p className="text-xs text-muted-foreground">{format.dateTime(event.createdAt, { dateStyle: "medium", timeStyle: "short" })}</p>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
