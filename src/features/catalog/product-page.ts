import "server-only";
import type { Metadata } from "next";
import { localizedPath, type Locale } from "@/i18n/routing";
import { CATEGORY_ADDRESS } from "@/lib/slug";
import { alternatesFor } from "@/lib/seo";
import { shopSettings } from "@/features/settings/queries";
import { requestLog } from "@/server/log";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import type { ApiOption, ApiOptionValue, ApiProduct } from "./api-shape";
import { pathsIn, productPath, type Slugs } from "@/lib/catalog-paths";
import { readProduct, readProductSwatches } from "./queries";
import { absoluteUrl, productSeo } from "./seo";
import { readProductAddress, readProductSeo } from "./storefront-queries";

/** An option value as the product page shows it: the API's, plus its type value's swatch (docs/product.md#option-types). */
export type ProductPageOptionValue = ApiOptionValue & { swatch: string | null };
/** The API's product with swatches on its options' values; the commerce API's own shape stays as it is. */
export type ProductPageProduct = Omit<ApiProduct, "options"> & { options: Array<Omit<ApiOption, "values"> & { values: ProductPageOptionValue[] }> };

export type ProductPageLoad =
  | { status: "ok"; product: ProductPageProduct; slugs: Slugs }
  | { status: "moved"; path: string }
  | { status: "missing" }
  | { status: "error" };

/**
 * The product page's product (docs/product.md#product-page), from its address: the slug in the page's language, or
 * an old address ('moved', decision 0370). A malformed or unknown address is 'missing' (the route's 404); a failing
 * read is 'error', logged here, which the route turns into a 5xx with the page's error state.
 */
export async function loadProductPage(segment: string, locale: Locale): Promise<ProductPageLoad> {
  if (!CATEGORY_ADDRESS.test(segment)) return { status: "missing" };
  try {
    const address = await readProductAddress(segment, locale);
    if (!address) return { status: "missing" };
    if (address.slugs[locale] !== segment) return { status: "moved", path: localizedPath(productPath(address.slugs, locale), locale) };
    const [product, swatches] = await Promise.all([readProduct(address.id, locale), readProductSwatches(address.id)]);
    if (!product) return { status: "missing" };
    const options = product.options.map((o) => ({ ...o, values: o.values.map((v) => ({ ...v, swatch: swatches[v.id] ?? null })) }));
    return { status: "ok", product: { ...product, options }, slugs: address.slugs };
  } catch (error) {
    (await requestLog()).error("product.load_failed", { productId: segment, error });
    return { status: "error" };
  }
}

/** Title, description, language alternates, Open Graph and Twitter card of a product's page. */
export async function productPageMetadata(product: ApiProduct, slugs: Slugs, locale: Locale): Promise<Metadata> {
  const storeName = (await shopSettings()).store.name;
  const baseUrl = await currentShopBaseUrl();
  const seo = await readProductSeo(product.id, locale);
  const { title, description } = productSeo(product, seo);
  const alternates = alternatesFor(pathsIn(productPath, slugs), locale);
  return {
    // The layout's template adds " - {store name}" (docs/product.md#page-titles).
    title,
    description,
    alternates,
    openGraph: {
      type: "website",
      siteName: storeName,
      title,
      description,
      url: absoluteUrl(String(alternates.canonical), baseUrl),
      locale: locale === "es" ? "es_ES" : "en_US",
      images: product.images.slice(0, 4).map((i) => ({ url: absoluteUrl(i.url, baseUrl), width: 800, height: 800, alt: seo.imageAlts[i.url] || product.title })),
    },
    twitter: { card: product.image ? "summary_large_image" : "summary", title, description },
  };
}
