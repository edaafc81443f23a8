import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { OrderLookupForm } from "@/features/orders/components/order-lookup-form";
import { isLocale, type Locale } from "@/i18n/routing";

type PageArgs = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "orders.lookup" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** docs/product.md#guest-checkout: a guest asks for a new link to their order by email and order number. */
export default async function OrderLookupPage({ params }: PageArgs) {
  const { locale: raw } = await params;
  const locale: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "orders.lookup" });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      <OrderLookupForm />
    </div>
  );
}
