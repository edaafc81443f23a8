import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { NewsletterTokenPage } from "@/features/newsletter/components/token-page";
import type { Locale } from "@/i18n/routing";

export const dynamic = "force-dynamic";

type PageArgs = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageArgs): Promise<Metadata> {
  const { locale } = (await params) as { locale: Locale };
  const t = await getTranslations({ locale, namespace: "newsletter" });
  return { title: t("unsubscribePage.title"), robots: { index: false, follow: false } };
}

export default async function Page({ params, searchParams }: PageArgs) {
  const { locale } = (await params) as { locale: Locale };
  setRequestLocale(locale);
  const token = (await searchParams).token;
  return <NewsletterTokenPage locale={locale} kind="unsubscribe" token={typeof token === "string" ? token : undefined} />;
}
