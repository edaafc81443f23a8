import { getFormatter, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { AdminTrackingCard } from "@/features/tracking/components/tracking-card";
import { orderSummary } from "../order-summary";
import type { AdminOrderPageData } from "../order-page";
import { OrderActions } from "./order-actions";
import { OrderStateBadges } from "./order-status-badge";
import { OrderHistoryList } from "./order-history-list";
import { orderHistoryLines } from "../order-history";
import { FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pickupState } from "../pickup-state";
import { OrderSummaryView } from "./order-summary-view";

/**
 * The admin order page (docs/product.md#admin-order-detail): header with status and the ship/cancel actions, the
 * customer and payment, the order's summary (the same view the customer sees) with its invoices, the address with the
 * parcel once shipped, and the history of events.
 */
export async function AdminOrderDetail({ page, locale, children }: { page: AdminOrderPageData; locale: Locale; children?: React.ReactNode }) {
  const { order, shipment, link, documents, states, timeZone } = page;
  const [t, format, tp] = await Promise.all([getTranslations({ locale, namespace: "admin.orders" }), getFormatter({ locale }), getTranslations({ locale, namespace: "paymentMethods" })]);
  // "Awaiting payment" is a pending order paid outside a provider (docs/product.md#payment-methods), not a status of its own.
  const awaiting = order.paidAt === null && order.status !== "cancelled" && (order.paymentProvider === "bank_transfer" || order.paymentProvider === "cash_on_delivery");
  const summary = orderSummary(order, order.lines, locale);
  const pickup = pickupState(order);
  return (
    <div className="space-y-6">
      <Link href="/admin/orders" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← {t("back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t("detailTitle", { id: order.id })}</h1>
          <OrderStateBadges states={states} status={order.status} locale={locale} />
          {order.needsRefund ? <Badge variant="destructive">{t("needsRefund")}</Badge> : null}
          {awaiting ? <Badge data-testid="awaiting-payment">{tp("admin.awaitingPayment", { method: tp(`picker.methods.${order.paymentProvider as "bank_transfer" | "cash_on_delivery"}`) })}</Badge> : null}
        </div>
        <OrderActions orderId={order.id} status={order.status} paymentProvider={order.paymentProvider} paid={order.paidAt !== null} pickup={pickup} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">{t("email")}</dt>
        <dd>{order.email}</dd>
        <dt className="text-muted-foreground">{t("date")}</dt>
        <dd>{format.dateTime(order.createdAt, { dateStyle: "long", timeStyle: "short", timeZone })}</dd>
        <dt className="text-muted-foreground">{t("payment")}</dt>
        <dd>
          {order.paymentProvider}
          {order.paymentReference ? ` · ${order.paymentReference}` : ""}
        </dd>
        {/* The checkout extras the shopper gave (docs/product.md#checkout-extras), only when given. */}
        {order.companyName ? (
          <>
            <dt className="text-muted-foreground">{t("companyName")}</dt>
            <dd data-testid="order-company">{order.companyName}</dd>
          </>
        ) : null}
        {order.taxId ? (
          <>
            <dt className="text-muted-foreground">{t("taxId")}</dt>
            <dd data-testid="order-tax-id">{order.taxId}</dd>
          </>
        ) : null}
        {order.orderNote ? (
          <>
            <dt className="text-muted-foreground">{t("orderNote")}</dt>
            <dd className="whitespace-pre-line break-words" data-testid="order-note">
              {order.orderNote}
            </dd>
          </>
        ) : null}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("lines")}</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderSummaryView
            summary={summary}
            locale={locale}
            testIdPrefix="order"
            testIds={{ shipping: "order-shipping-amount", total: "order-detail-total" }}
            parts={["lines", "money"]}
            unitPriceLabel={t("unitPrice")}
          />
          <InvoiceLinks orderId={order.id} docs={documents} locale={locale} />
          <Button asChild variant="outline" size="sm" className="mt-4">
            <a href={`/api/admin/orders/${order.id}/packing-slip.pdf`} download data-testid="packing-slip">
              <FileText aria-hidden />
              {t("packingSlip")}
            </a>
          </Button>
        </CardContent>
      </Card>
      {/* What other domains add after the lines: the returns and refunds with the refund form (docs/product.md#refunds). */}
      {children}
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("shippingAddress")}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {summary.address.length ? <OrderSummaryView summary={summary} locale={locale} testIdPrefix="order" parts={["address"]} /> : <p className="text-muted-foreground">{t("noAddress")}</p>}
            {order.status === "shipped" && pickup !== "pickedUp" ? (
              <div className="mt-4 border-t pt-4">
                <AdminTrackingCard orderId={order.id} shipment={shipment} link={link} />
              </div>
            ) : null}
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
              <OrderHistoryList
                lines={orderHistoryLines(order.events, { locale, currency: order.currency, timeZone, pickup: order.shippingMethod?.kind === "pickup" }, "admin")}
                locale={locale}
                timeZone={timeZone}
                audience="admin"
              />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
