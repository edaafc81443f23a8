import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { statusBadgeVariant } from "@/features/orders/profile-queries";
import { requireUser } from "@/features/accounts/session";
import { OrderShippingDetails } from "@/features/checkout/components/order-shipping-details";
import { BuyAgainButton } from "@/features/orders/components/buy-again-button";
import { loadOrderPage } from "@/features/orders/order-page";
import { OrderLines } from "@/features/orders/components/order-lines";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { OrderTracking } from "@/features/tracking/components/order-tracking";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import { getDb } from "@/server/db/client";

type PageArgs = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale, id } = (await params) as { locale: Locale; id: string };
  const t = await getTranslations({ locale, namespace: "orders" });
  return { title: t("metaTitle", { id: id.slice(0, 12) }), robots: { index: false, follow: false } };
}

const knownStatuses = ["pending", "completed", "shipped", "cancelled"];

/** docs/product.md#order-page: one of the signed-in customer's orders; anyone else's (or none) is the 404 page. */
export default async function OrderPage({ params }: PageArgs) {
  const { locale, id } = (await params) as { locale: Locale; id: string };
  setRequestLocale(locale);
  const current = await requireUser(locale, localizedPath(`/profile/orders/${encodeURIComponent(id)}`, locale));
  const orderId = /^[0-9]{1,10}$/.test(id) ? Number(id) : NaN;
  const page = Number.isSafeInteger(orderId) ? await loadOrderPage(await getDb(), orderId, current.id) : null;
  if (!page) notFound();
  const { order, history, shipment, documents } = page;
  const [t, tp, format] = await Promise.all([getTranslations({ locale, namespace: "orders" }), getTranslations({ locale, namespace: "profile" }), getFormatter({ locale })]);
  const statusLabel = (status: string) => (knownStatuses.includes(status) ? tp(`status.${status as "pending"}`) : status);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short", ...(order.timeZone ? { timeZone: order.timeZone } : {}) });
  const money = (cents: number) => formatMoney(cents, order.currency, locale);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link href="/profile" className="text-sm text-muted-foreground underline underline-offset-4">
        {t("back")}
      </Link>
      <div className="mb-8 mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{tp("orderNumber", { id: order.id })}</h1>
        <Badge variant={statusBadgeVariant(order.status)} data-testid="order-status">
          {statusLabel(order.status)}
        </Badge>
      </div>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("items")}</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderLines lines={order.lines} locale={locale} />
            <OrderShippingDetails order={order} locale={locale} />
            <p className="mt-3 flex justify-between border-t pt-3 font-semibold">
              <span>{tp("total")}</span>
              <span className="tabular-nums" data-testid="order-total">
                {money(order.totalCents)}
              </span>
            </p>
            <div className="mt-6">
              <BuyAgainButton orderId={order.id} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("history")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-2 text-sm" data-testid="status-history">
              {history.map((entry, i) => (
                <li key={i} className="flex justify-between gap-4" data-testid="status-entry">
                  <span>{statusLabel(entry.status)}</span>
                  <time dateTime={entry.at.toISOString()} className="text-muted-foreground">
                    {when(entry.at)}
                  </time>
                </li>
              ))}
            </ol>
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
              <InvoiceLinks orderId={order.id} docs={documents} locale={locale} />
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
