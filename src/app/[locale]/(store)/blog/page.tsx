import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { ContentPage } from "@/features/content/components/content-page";
import { contentPageMetadata } from "@/features/content/content-metadata";

export async function generateMetadata({ params }: PageProps<"/[locale]/blog">) {
  const { locale } = await params;
  return contentPageMetadata("blog", locale as Locale);
}

export default async function BlogPage({ params }: PageProps<"/[locale]/blog">) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  return <ContentPage slug="blog" locale={locale as Locale} />;
}
