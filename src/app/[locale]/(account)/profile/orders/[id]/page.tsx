import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireUser } from "@/features/accounts/session";
import { loadOrderPage } from "@/features/orders/order-page";
import { OrderDetail } from "@/features/orders/components/order-detail";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { getDb } from "@/server/db/client";
import { orderMoneyBack } from "@/features/returns/order-refunds";
import { OrderMoneyBackCard } from "@/features/returns/components/order-money-back";

type PageArgs = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale, id } = (await params) as { locale: Locale; id: string };
  const t = await getTranslations({ locale, namespace: "orders" });
  return { title: t("metaTitle", { id: id.slice(0, 12) }), robots: { index: false, follow: false } };
}

/** docs/product.md#order-page: one of the signed-in customer's orders; anyone else's (or none) is the 404 page. */
export default async function OrderPage({ params }: PageArgs) {
  const { locale, id } = (await params) as { locale: Locale; id: string };
  setRequestLocale(locale);
  const current = await requireUser(locale, localizedPath(`/profile/orders/${encodeURIComponent(id)}`, locale));
  const orderId = /^[0-9]{1,10}$/.test(id) ? Number(id) : NaN;
  const page = Number.isSafeInteger(orderId) ? await loadOrderPage(await getDb(), orderId, current.id) : null;
  if (!page) notFound();
  const t = await getTranslations({ locale, namespace: "orders" });
  const money = await orderMoneyBack(await getDb(), page.order.id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link href="/profile" className="text-sm text-muted-foreground underline underline-offset-4">
        {t("back")}
      </Link>
      <OrderDetail page={page} locale={locale} buyAgain>
        {money ? <OrderMoneyBackCard money={money} locale={locale} orderId={page.order.id} /> : null}
      </OrderDetail>
    </div>
  );
}
