import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { ProductPageView } from "@/features/catalog/components/product-page-view";
import { loadProductPage, productPageMetadata } from "@/features/catalog/product-page";
import type { Locale } from "@/i18n/routing";

export async function generateMetadata({ params }: PageProps<"/[locale]/product/[id]">): Promise<Metadata> {
  const { locale, id } = await params;
  const result = await loadProductPage(id, locale as Locale);
  return result.status === "ok" ? productPageMetadata(result.product, result.slugs, locale as Locale) : {};
}

/**
 * /product/{slug} (decision 0370). An old address normally got its 301 from the proxy already; one that still reaches
 * the page is sent on here too. Unknown is a 404 (./not-found.tsx); a failing read a 5xx with the page's error state
 * (./error.tsx).
 */
export default async function ProductPage({ params }: PageProps<"/[locale]/product/[id]">) {
  const { locale: raw, id } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const result = await loadProductPage(id, locale);
  if (result.status === "missing") notFound();
  if (result.status === "moved") permanentRedirect(result.path);
  // Thrown so the answer is a 5xx; ./error.tsx shows 'Error loading product: …' (docs/product.md#product-page).
  if (result.status === "error") throw new Error(`product ${id} could not be loaded`);
  return <ProductPageView product={result.product} slugs={result.slugs} locale={locale} />;
}
