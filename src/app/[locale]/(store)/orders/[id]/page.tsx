import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { OrderDetail } from "@/features/orders/components/order-detail";
import { loadGuestOrderPage } from "@/features/orders/guest-order";
import { Link } from "@/i18n/navigation";
import { isLocale, type Locale } from "@/i18n/routing";
import { getDb } from "@/server/db/client";
import { orderMoneyBack } from "@/features/returns/order-refunds";
import { OrderMoneyBackCard } from "@/features/returns/components/order-money-back";

type PageArgs = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "orders" });
  return { title: t("metaTitle", { id: id.slice(0, 12) }), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * docs/product.md#guest-checkout: a guest's order through its private link (?token=), the same view as the profile's
 * order page. An expired, foreign or broken link, or an order that joined an account, says so in words.
 */
export default async function GuestOrderPage({ params, searchParams }: PageArgs) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const token = (await searchParams).token;
  const orderId = /^[0-9]{1,10}$/.test(id) ? Number(id) : NaN;
  const result = Number.isSafeInteger(orderId) ? await loadGuestOrderPage(await getDb(), orderId, token) : { kind: "invalid" as const };
  const t = await getTranslations({ locale, namespace: "orders.guest" });

  if (result.kind !== "ok") {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="guest-order-refused">
        <h1 className="text-2xl font-bold tracking-tight">{t(`${result.kind}Title`)}</h1>
        <p className="mt-3 text-muted-foreground">{t(`${result.kind}Text`)}</p>
        <Link href={result.kind === "joined" ? "/profile" : "/orders/lookup"} className="mt-6 inline-block underline underline-offset-4">
          {result.kind === "joined" ? t("joinedTitle") : t("lookupLink")}
        </Link>
      </div>
    );
  }
  const money = await orderMoneyBack(await getDb(), result.page.order.id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link href="/store" className="text-sm text-muted-foreground underline underline-offset-4">
        {t("backToStore")}
      </Link>
      <p className="mt-2 text-xs text-muted-foreground">{t("privateNote")}</p>
      {/* The invoice routes accept the same link: each document link carries the token (docs/product.md#invoices). */}
      <OrderDetail page={result.page} locale={locale} buyAgain={false} linkToken={String(token)}>
        {money ? <OrderMoneyBackCard money={money} locale={locale} orderId={result.page.order.id} /> : null}
      </OrderDetail>
    </div>
  );
}
