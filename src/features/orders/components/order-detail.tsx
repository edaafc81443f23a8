import { getFormatter, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { BuyAgainButton } from "./buy-again-button";
import type { loadOrderPage } from "../order-page";
import { OrderSummaryView } from "./order-summary-view";
import { orderSummary } from "../order-summary";
import type { Locale } from "@/i18n/routing";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { OrderTracking } from "@/features/tracking/components/order-tracking";
import { pickupState } from "../pickup-state";
import { OrderStateBadges } from "./order-status-badge";
import { OrderHistoryList } from "./order-history-list";
import { orderHistoryLines } from "../order-history";

export type OrderPageData = NonNullable<Awaited<ReturnType<typeof loadOrderPage>>>;

/**
 * The order page's body (docs/product.md#order-page): number and status, lines, shipping, total, history, tracking
 * and invoices. Shown to the signed-in owner (/profile/orders/{id}) and to a guest holding the order's link
 * (/orders/{id}, docs/product.md#guest-checkout, without "Buy again", which needs an account; its document links
 * carry the guest's `linkToken`).
 */
export async function OrderDetail({
  page,
  locale,
  buyAgain,
  linkToken,
  children,
}: {
  page: OrderPageData;
  locale: Locale;
  buyAgain: boolean;
  linkToken?: string;
  /** What other domains show of the order after its items (its returns and refunds, docs/product.md#refunds). */
  children?: React.ReactNode;
}) {
  const { order, events, states, timeZone, shipment, documents } = page;
  const [t, tp, format] = await Promise.all([getTranslations({ locale, namespace: "orders" }), getTranslations({ locale, namespace: "profile" }), getFormatter({ locale })]);
  // A local-pickup order says where it stands in words (docs/product.md#local-pickup).
  const pickup = pickupState(order);
  const tf = await getTranslations({ locale, namespace: "fulfilment.pickup" });
  const method = order.shippingMethod;
  const hours = method ? (locale === "es" ? method.pickupHoursEs : method.pickupHoursEn) : "";
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short", timeZone });

  return (
    <>
      <div className="mb-8 mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{tp("orderNumber", { id: order.id })}</h1>
        <OrderStateBadges states={states} status={order.status} locale={locale} />
      </div>
      {pickup && method ? (
        <div className="-mt-4 mb-6 space-y-1 text-sm" data-testid="pickup-state">
          {pickup === "awaiting" ? <p>{tf("customerAwaiting")}</p> : null}
          {pickup === "ready" ? (
            <>
              <p>{tf("customerReady", { address: method.pickupAddress })}</p>
              {hours ? <p className="text-muted-foreground">{tf("customerHours", { hours })}</p> : null}
            </>
          ) : null}
          {pickup === "pickedUp" && order.shippedAt ? <p>{tf("customerPickedUp", { date: when(order.shippedAt) })}</p> : null}
        </div>
      ) : null}
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("items")}</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderSummaryView
              summary={orderSummary(order, order.lines, locale)}
              locale={locale}
              testIdPrefix="order"
              testIds={{ shipping: "order-shipping-amount", total: "order-total" }}
            />
            {buyAgain ? (
              <div className="mt-6">
                <BuyAgainButton orderId={order.id} />
              </div>
            ) : null}
          </CardContent>
        </Card>

        {children}

        <Card>
          <CardHeader>
            <CardTitle>{t("history")}</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderHistoryList
              lines={orderHistoryLines(events, { locale, currency: order.currency, timeZone, pickup: method?.kind === "pickup" }, "customer")}
              locale={locale}
              timeZone={timeZone}
              audience="customer"
            />
          </CardContent>
        </Card>

        {/* The parcel once shipped (docs/product.md#tracking), the invoice and credit notes once issued (#invoices). */}
        {shipment || documents.invoice ? (
          <Card data-testid="order-documents">
            <CardHeader>
              <CardTitle>{t("documents")}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {shipment ? <OrderTracking shipment={shipment} locale={locale} /> : null}
              <InvoiceLinks orderId={order.id} docs={documents} locale={locale} token={linkToken} />
            </CardContent>
          </Card>
        ) : null}
      </div>
    </>
  );
}
