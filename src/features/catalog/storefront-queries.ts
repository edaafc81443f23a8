import "server-only";
import { cachedRead } from "@/server/cache/cached-read";
import { getDb } from "@/server/db/client";
import type { CatalogLocale, ProductListResult } from "@/features/catalog/api-shape";
import { CATALOG_TAG, productTag } from "@/features/catalog/cache";
import { readProductList } from "@/features/catalog/queries";
import { findCatalogAddress, getProductSeo, listProductSlugs } from "./address-service";
import { findCategoryBySlug, listCategories, listFeaturedProductIds, listSitemapProducts } from "./storefront-service";

/**
 * Cached storefront reads. Everything is tagged CATALOG_TAG (so `revalidateCatalog()` after any admin save expires
 * it) and categories also CATEGORIES_TAG, for a save that touches only categories. At most an hour old regardless.
 */
export const CATEGORIES_TAG = "categories";

/** Products per store, category and search page: 4 full rows at every grid width (1, 2, 3 and 4 columns). */
export const PAGE_SIZE = 24;
export const FEATURED_COUNT = 8;

export async function readFeaturedProducts(locale: CatalogLocale): Promise<ProductListResult> {
  const ids = await cachedRead(["storefront:featured-ids"], [CATALOG_TAG], async () => listFeaturedProductIds(await getDb(), FEATURED_COUNT));
  return readProductList({ locale, ids });
}

export function readCategories(locale: CatalogLocale) {
  return cachedRead(["storefront:categories", locale], [CATALOG_TAG, CATEGORIES_TAG], async () => listCategories(await getDb(), locale));
}

export function readCategory(slug: string, locale: CatalogLocale) {
  return cachedRead(["storefront:category", slug, locale], [CATALOG_TAG, CATEGORIES_TAG], async () => findCategoryBySlug(await getDb(), slug, locale));
}

export function readSitemapProducts() {
  return cachedRead(["storefront:sitemap-products"], [CATALOG_TAG], async () => listSitemapProducts(await getDb()));
}

/** What a /product/{segment} address names (slug, earlier slug or id): one indexed query, cached like the catalog. */
export function readProductAddress(segment: string, locale: CatalogLocale) {
  return cachedRead(["storefront:product-address", locale, segment], [CATALOG_TAG], async () => findCatalogAddress(await getDb(), "product", segment, locale));
}

/** What a /category/{segment} address names (slug in either language or an earlier one). */
export function readCategoryAddress(segment: string, locale: CatalogLocale) {
  return cachedRead(["storefront:category-address", locale, segment], [CATALOG_TAG, CATEGORIES_TAG], async () =>
    findCatalogAddress(await getDb(), "category", segment, locale),
  );
}

/** The slugs of a page's products (cards link to them), cached per set of ids like the page itself. */
export function readProductSlugs(ids: readonly string[]) {
  return cachedRead(["storefront:product-slugs", ids.join(",")], [CATALOG_TAG], async () => listProductSlugs(await getDb(), ids));
}

/** A product's SEO title, description and image alt texts in one language (its page's head and gallery). */
export function readProductSeo(id: string, locale: CatalogLocale) {
  return cachedRead(["storefront:product-seo", id, locale], [CATALOG_TAG, productTag(id)], async () => getProductSeo(await getDb(), id, locale));
}
