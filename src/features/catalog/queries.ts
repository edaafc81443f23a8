import "server-only";
import { productOptionSwatches } from "./option-type-service";
import { cachedRead } from "@/server/cache/cached-read";
import { getDb, isDatabaseOverriddenForTests } from "@/server/db/client";
import type { ApiProduct, CatalogLocale, ProductListResult, VariantInventory } from "./api-shape";
import { CATALOG_TAG, productTag } from "./cache";
import { facetGeneration, listFacetLabels, listFacets, listFilteredProducts, listOptionKeys, type FilteredListInput, type ListingFacets } from "./facet-service";
import {
  countProducts,
  getProduct,
  getVariantInventory,
  listProductPage,
  listProducts,
  productFilterKey,
  type ListProductsInput,
} from "./service";
import { searchSuggestions, type SearchSuggestions } from "./search-suggestions";

/**
 * Server-side catalog reads for pages and route handlers. Lists, products and searches go through Next's data
 * cache, tagged so `revalidateCatalog()` expires them; live stock never does. A result is at most 1 hour old even
 * if a writer forgets to revalidate.
 */

/**
 * A page of a listing with its exact count. The count is cached per filter, not per page, sort or language: on a big
 * catalog it costs far more than the page itself, and it changes only when the catalog does (same tag).
 */
export async function readProductList(input: ListProductsInput): Promise<ProductListResult> {
  if (isDatabaseOverriddenForTests()) return listProducts(await getDb(), input);
  const key = JSON.stringify({ ...input, toDate: input.toDate?.toISOString() });
  const [count, page] = await Promise.all([
    cachedRead(["catalog:count", productFilterKey(input)], [CATALOG_TAG], async () => countProducts(await getDb(), input)),
    cachedRead(["catalog:page", key], [CATALOG_TAG], async () => listProductPage(await getDb(), input)),
  ]);
  return { count, ...page };
}

export function readProduct(id: string, locale: CatalogLocale): Promise<ApiProduct | null> {
  return cachedRead(["catalog:product", id, locale], [CATALOG_TAG, productTag(id)], async () => getProduct(await getDb(), id, locale));
}

/** The swatches of a product's option values (docs/product.md#option-types), cached with the product. */
export function readProductSwatches(id: string): Promise<Record<string, string | null>> {
  return cachedRead(["catalog:swatches", id], [CATALOG_TAG, productTag(id)], async () => productOptionSwatches(await getDb(), id));
}

/** The header search's suggestions, cached per language and text like the search page itself. */
export async function readSuggestions(input: { query: string; locale: CatalogLocale }): Promise<SearchSuggestions> {
  const query = input.query.trim().replace(/\s+/g, " ").toLowerCase();
  if (isDatabaseOverriddenForTests()) return searchSuggestions(await getDb(), { ...input, query });
  return cachedRead(["catalog:suggest", input.locale, query], [CATALOG_TAG], async () => searchSuggestions(await getDb(), { ...input, query }));
}

/** Live stock: always from the database (overlaid on cached pages, docs/product.md#stock). */
export async function readLiveInventory(productIds: string[]): Promise<VariantInventory[]> {
  return getVariantInventory(await getDb(), productIds);
}

/**
 * A filtered, sorted listing page with its count (docs/product.md#filters-and-sort); cached per whole input and per
 * state of the filters' data, so a sold-out variant leaves "in stock" at once (facet-index.ts).
 */
export async function readFilteredListing(input: FilteredListInput): Promise<ProductListResult> {
  const db = await getDb();
  if (isDatabaseOverriddenForTests()) return listFilteredProducts(db, input);
  const generation = String(await facetGeneration(db));
  return cachedRead(["catalog:filtered", generation, JSON.stringify(input)], [CATALOG_TAG], async () => listFilteredProducts(await getDb(), input));
}

/**
 * Every filter value with its count: counted in memory from the facet index on each call, so never stale. The labels
 * are cached like the catalog (an admin save expires them) and per state of the filters' data.
 */
export async function readListingFacets(input: Pick<FilteredListInput, "scope" | "filters" | "locale">): Promise<ListingFacets> {
  const db = await getDb();
  if (isDatabaseOverriddenForTests()) return listFacets(db, input);
  return listFacets(db, input, async () => {
    const generation = String(await facetGeneration(db));
    return cachedRead(["catalog:facet-labels", generation], [CATALOG_TAG], () => listFacetLabels(db));
  });
}

export async function readOptionKeys(): Promise<Set<string>> {
  const keys = isDatabaseOverriddenForTests()
    ? await listOptionKeys(await getDb())
    : await cachedRead(["catalog:option-keys"], [CATALOG_TAG], async () => listOptionKeys(await getDb()));
  return new Set(keys);
}
