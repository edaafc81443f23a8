import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SuccessView } from "@/features/orders/components/success-view";
import { loadSuccessOrder } from "@/features/orders/success-order";
import { bankTransferDetails } from "@/features/payments/service";
import { CashOnDeliveryNote, TransferInstructions } from "@/features/payments/components/offline-payment-notes";
import { getDb } from "@/server/db/client";
import { isLocale, type Locale } from "@/i18n/routing";

type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "success" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** The payment success page; src/features/orders/success-order.ts says whose order it names. */
export default async function SuccessPage({ params, searchParams }: PageArgs) {
  const { locale: raw } = await params;
  const locale: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const query = await searchParams;
  const found = await loadSuccessOrder(query.order_id, query.token, locale);
  // Paid outside a provider and not yet paid: how to pay it (docs/product.md#payment-methods).
  const awaiting = found?.order.status === "pending" ? found.order.paymentProvider : null;
  const transfer = awaiting === "bank_transfer" ? await bankTransferDetails(await getDb()) : null;
  const note =
    found && transfer ? (
      <TransferInstructions order={found.order} account={transfer} locale={locale} />
    ) : found && awaiting === "cash_on_delivery" ? (
      <CashOnDeliveryNote order={found.order} locale={locale} />
    ) : undefined;
  const title = note ? (await getTranslations({ locale, namespace: "paymentMethods.success" }))("receivedTitle") : undefined;
  return <SuccessView found={found} locale={locale} paymentNote={note} title={title} />;
}
