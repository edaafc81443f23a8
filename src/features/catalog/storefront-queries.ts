import "server-only";
import { cachedRead } from "@/server/cache/cached-read";
import { getDb } from "@/server/db/client";
import type { CatalogLocale, ProductListResult } from "@/features/catalog/api-shape";
import { CATALOG_TAG } from "@/features/catalog/cache";
import { readProductList } from "@/features/catalog/queries";
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
