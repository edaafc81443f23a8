import type { Metadata } from "next";
import { CheckCircle2 } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { getSessionUser } from "@/features/accounts/session";
import { getOrderForUser } from "@/features/orders/queries";
import { getGuestOrderByToken } from "@/features/orders/guest-order";
import { guestOrderUrl } from "@/features/orders/order-link";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { Link } from "@/i18n/navigation";
import { isLocale, type Locale } from "@/i18n/routing";
import { getDb } from "@/server/db/client";
import { OrderSummaryView } from "@/features/orders/components/order-summary-view";
import { orderSummary } from "@/features/orders/order-summary";
import { InvoiceLinks } from "@/features/invoices/components/invoice-links";
import { documentLinks } from "@/features/invoices/queries";

type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "success" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * The order named by ?order_id=: the signed-in owner's, or a guest's whose link token came along (?token=,
 * docs/product.md#guest-checkout); anyone else (or a bad id) gets nothing, as for a missing order.
 */
async function ownOrder(rawId: string | string[] | undefined, token: string | string[] | undefined) {
  if (typeof rawId !== "string" || !/^\d{1,12}$/.test(rawId)) return null;
  if (typeof token === "string") {
    const guestOrder = await getGuestOrderByToken(await getDb(), token);
    if (guestOrder?.id === Number(rawId)) return { ...guestOrder, token };
  }
  const user = await getSessionUser();
  if (!user) return null;
  const order = await getOrderForUser(await getDb(), Number(rawId), user.id);
  return order ? { ...order, token: null } : null;
}

/**
 * The payment success page (docs/product.md#success-page). The order number is shown only to the order's owner; a payment not
 * confirmed yet (a webhook still on its way) is labelled as awaiting confirmation instead of being called paid.
 */
export default async function SuccessPage({ params, searchParams }: PageArgs) {
  const { locale: raw } = await params;
  const locale: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const query = await searchParams;
  const [t, order] = await Promise.all([getTranslations({ locale, namespace: "success" }), ownOrder(query.order_id, query.token)]);
  const guestLink = order?.token ? guestOrderUrl(await currentShopBaseUrl(), order.id, locale, order.token) : null;

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <CheckCircle2 className="size-16 text-green-600" aria-hidden />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{t("title")}</h1>
      {order ? (
        <p className="mt-3 font-semibold" data-testid="success-order-number">
          {t("orderNumber", { id: order.id })}
        </p>
      ) : null}
      {order?.status === "pending" ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="success-pending">
          {t("pending")}
        </p>
      ) : null}
      {order?.status === "cancelled" ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900" role="status">
          {t("cancelled")}
        </p>
      ) : null}
      {order ? (
        <div className="mt-6 w-full max-w-sm text-left text-sm">
          <OrderSummaryView summary={orderSummary(order, order.lines, locale)} locale={locale} testIdPrefix="success" parts={["money"]} />
          <InvoiceLinks orderId={order.id} docs={(await documentLinks(await getDb(), [order.id])).get(order.id)} locale={locale} token={order.token ?? undefined} />
        </div>
      ) : null}
      {guestLink ? (
        <div className="mt-6 w-full max-w-sm rounded-md border p-3 text-left text-sm" data-testid="success-guest-link">
          <a href={guestLink} className="font-semibold underline underline-offset-4">
            {t("guestLink")}
          </a>
          <p className="mt-1 text-muted-foreground">{t("guestLinkNote")}</p>
        </div>
      ) : null}
      <p className="mt-4 text-muted-foreground">{t("thanks")}</p>
      <p className="mt-2 text-muted-foreground">{t("emailNote")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link href="/store">{t("continueShopping")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/">{t("backHome")}</Link>
        </Button>
      </div>
    </div>
  );
}
