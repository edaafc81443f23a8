import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { routing } from "@/i18n/routing";
import { shopSettings } from "@/features/settings/queries";
import { loadDemoPaymentPage } from "@/features/checkout/demo-payment/payment-page";
import { DemoPaymentView } from "@/features/checkout/demo-payment/payment-page-view";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ locale: string; sessionId: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : "en", namespace: "payment.page" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

/** The demo provider's hosted checkout page (src/features/checkout/demo-payment/payment-page.ts says who sees what). */
export default async function DemoPaymentPage({ params, searchParams }: { params: Promise<{ locale: string; sessionId: string }>; searchParams: Promise<{ token?: string | string[] }> }) {
  const { locale, sessionId } = await params;
  const rawToken = (await searchParams).token;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const page = await loadDemoPaymentPage(sessionId, typeof rawToken === "string" ? rawToken : undefined, locale);
  if (page.kind === "missing") notFound();
  return <DemoPaymentView page={page} sessionId={sessionId} locale={locale} store={(await shopSettings()).store.name} />;
}
