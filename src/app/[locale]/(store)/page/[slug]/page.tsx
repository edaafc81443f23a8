import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { localizedPath, type Locale } from "@/i18n/routing";
import { ContentPageView, loadPageAtAddress } from "@/features/content/components/content-page";
import { ownerPageMetadata } from "@/features/content/content-metadata";
import { pagePath } from "@/features/content/page-routes";

export async function generateMetadata({ params }: PageProps<"/[locale]/page/[slug]">) {
  const { locale, slug } = await params;
  return ownerPageMetadata(await loadPageAtAddress(slug, locale as Locale), locale as Locale);
}

/**
 * An owner's page (docs/product.md#content-pages): /page/{English slug}, /es/page/{Spanish slug}. Reached with the other
 * language's slug (the language switch keeps the path), it sends the reader to this language's address.
 */
export default async function OwnerPage({ params }: PageProps<"/[locale]/page/[slug]">) {
  const { locale: raw, slug } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const result = await loadPageAtAddress(slug, locale);
  if (result.status === "ok") {
    const path = pagePath(result.record, locale);
    if (path !== `/page/${slug}`) redirect(localizedPath(path, locale));
  }
  return <ContentPageView result={result} locale={locale} />;
}
