import "server-only";
import type { Metadata } from "next";
import type { Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { shopSettings } from "@/features/settings/queries";
import { requestLog } from "@/server/log";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import type { ApiOption, ApiOptionValue, ApiProduct } from "./api-shape";
import { readProduct, readProductSwatches } from "./queries";
import { catalogIdSchema } from "./schemas";
import { absoluteUrl, productMetaDescription } from "./seo";

/** An option value as the product page shows it: the API's, plus its type value's swatch (docs/product.md#option-types). */
export type ProductPageOptionValue = ApiOptionValue & { swatch: string | null };
/** The API's product with swatches on its options' values; the commerce API's own shape stays as it is. */
export type ProductPageProduct = Omit<ApiProduct, "options"> & { options: Array<Omit<ApiOption, "values"> & { values: ProductPageOptionValue[] }> };

export type ProductPageLoad = { status: "ok"; product: ProductPageProduct } | { status: "missing" } | { status: "error" };

/**
 * The product page's product (docs/product.md#product-page). A malformed or unknown id is 'missing' (the route's 404);
 * a failing read is 'error', logged here, which the route turns into a 5xx with the page's error state.
 */
export async function loadProductPage(id: string, locale: Locale): Promise<ProductPageLoad> {
  if (!catalogIdSchema.safeParse(id).success) return { status: "missing" };
  try {
    const [product, swatches] = await Promise.all([readProduct(id, locale), readProductSwatches(id)]);
    if (!product) return { status: "missing" };
    const options = product.options.map((o) => ({ ...o, values: o.values.map((v) => ({ ...v, swatch: swatches[v.id] ?? null })) }));
    return { status: "ok", product: { ...product, options } };
  } catch (error) {
    (await requestLog()).error("product.load_failed", { productId: id, error });
    return { status: "error" };
  }
}

/** Title, description, language alternates, Open Graph and Twitter card of a product's page. */
export async function productPageMetadata(product: ApiProduct, locale: Locale): Promise<Metadata> {
  const storeName = (await shopSettings()).store.name;
  const baseUrl = await currentShopBaseUrl();
  const description = productMetaDescription(product);
  const alternates = alternatesFor(`/product/${product.id}`, locale);
  return {
    // The layout's template adds " - {store name}" (docs/product.md#page-titles).
    title: product.title,
    description,
    alternates,
    openGraph: {
      type: "website",
      siteName: storeName,
      title: product.title,
      description,
      url: absoluteUrl(String(alternates.canonical), baseUrl),
      locale: locale === "es" ? "es_ES" : "en_US",
      images: product.images.slice(0, 4).map((i) => ({ url: absoluteUrl(i.url, baseUrl), width: 800, height: 800, alt: product.title })),
    },
    twitter: { card: product.image ? "summary_large_image" : "summary", title: product.title, description },
  };
}
