import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale, ProductListResult } from "./api-shape";
import { IN_STOCK, ON_SALE, syncFacetIndex } from "./facet-index";
import { bucketCounts, matchFacets, type FacetMatch, type IndexScope } from "./facet-match";
import { PRICE_BUCKETS, hasFilters, type ListingFilters, type ListingSort } from "./listing-params";
import { idsInOrderSql, loadProducts } from "./product-loader";
import { searchFirstIds, searchMatches, type SearchScope } from "./search-matches";
import { searchRankSql, searchWhereSql, searchWords } from "./search-sql";
import { countProducts, DEFAULT_LIMIT, MAX_LIMIT } from "./service";

/**
 * Filtered and sorted storefront listings and the counts of every filter value (docs/product.md#filters-and-sort,
 * decisions 0121, 0200). Which products match, and every count, come from the facet index (`facet-index.ts`, one
 * pass in memory); a search's matches from the kept search (`search-matches.ts`). The database puts the matches in the
 * page's order: directly by id when they are few, else by walking the sort's index and keeping the matches; a
 * search's own ranking is read from the kept search.
 */

/** Where a listing looks: the whole store, one category (slug), or the results of a search. */
export type ListingScope = { kind: "store" } | { kind: "category"; slug: string } | { kind: "search"; query: string };

export type FilteredListInput = {
  locale: CatalogLocale;
  scope: ListingScope;
  filters: ListingFilters;
  sort?: ListingSort;
  offset?: number;
  limit?: number;
};

export type FacetValue = { key: string; label: string; count: number; selected: boolean };
export type OptionFacet = { key: string; label: string; values: FacetValue[] };
export type PriceFacet = { min?: number; max?: number; count: number; selected: boolean };
export type ListingFacets = {
  options: OptionFacet[];
  prices: PriceFacet[];
  inStock: { count: number; selected: boolean };
  onSale: { count: number; selected: boolean };
};

/** The scope as a condition on `p` (alias of products); the store adds nothing to `p.listed`. */
function scopeWhere(scope: ListingScope, locale: CatalogLocale): SQL | null {
  if (scope.kind === "category") {
    return sql`p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.product_listed
      AND pc.category_id IN (SELECT c.id FROM categories c WHERE c.slug = ${scope.slug} OR c.id = ${scope.slug}))`;
  }
  if (scope.kind === "search") return searchWhereSql(searchWords(scope.query), locale);
  return null;
}

/**
 * The scope as the facet index sees it: a category's ids, or a search's results (in its ranking when `ordered`, else
 * as a set when postings hold it: searchMatches).
 */
async function indexScope(db: Db, scope: ListingScope, locale: CatalogLocale, ordered: boolean): Promise<IndexScope | { products: SearchScope }> {
  if (scope.kind === "store") return null;
  if (scope.kind === "category") {
    const rows = await queryRows<{ id: string }>(db, sql`SELECT c.id FROM categories c WHERE c.slug = ${scope.slug} OR c.id = ${scope.slug}`);
    return { categoryIds: new Set(rows.map((r) => r.id)) };
  }
  return { products: await searchMatches(db, searchWords(scope.query), locale, ordered) };
}

type MatchInput = Pick<FilteredListInput, "scope" | "filters" | "locale">;

/**
 * A match and, for a search, its matches: `ranked` in the search's ranking, or `unranked` when read as a set (the
 * page then asks the search's first ids in its ranking: searchFirstIds).
 */
type ListingMatch = FacetMatch & { ranked: readonly string[] | null; unranked: boolean };

/**
 * The products a scope and filters leave, and every value's count (facet-match.ts). `ordered`: whether a page will
 * walk the search's ranking for the filters' matches (a set needs no ranking for the counts).
 */
export async function matchListing(db: Db, input: MatchInput, ordered = false): Promise<ListingMatch> {
  const [index, scope] = await Promise.all([syncFacetIndex(db), indexScope(db, input.scope, input.locale, ordered)]);
  const search = scope && "products" in scope && "inOrder" in scope.products ? scope.products : null;
  return { ...matchFacets(index, scope, input.filters), ranked: search?.inOrder ? search.ids : null, unranked: search?.inOrder === false };
}

/** Whether a listing's page walks its search's full ranking: in relevance order, with filters that leave some out. */
const walksRanking = (input: FilteredListInput) => byRelevance(input) && hasFilters(input.filters);

const noWords = (scope: ListingScope) => scope.kind === "search" && searchWords(scope.query).length === 0;

function orderSql(input: FilteredListInput): SQL {
  switch (input.sort) {
    case "newest":
      return sql`p.created_at DESC, p.id DESC`;
    case "price_asc":
      return sql`s.price_cents ASC, p.id ASC`;
    case "price_desc":
      return sql`s.price_cents DESC, p.id DESC`;
    default:
      return input.scope.kind === "search" ? searchRankSql(searchWords(input.scope.query), input.locale) : sql`p.sort_order ASC, p.id ASC`;
  }
}

/**
 * The scope's products in the listing's order, `where` narrowing them (also EXPLAINed by bench/db-suite.ts). `where`
 * is a list of ids the facet index already drew from the scope, so the scope's own condition (a category's links, a
 * search's LIKE over the documents) is not evaluated again.
 */
export function orderedIdsSql(input: FilteredListInput, where: SQL | null, offset: number, limit: number): SQL {
  const conditions = [sql`p.listed`, where ?? scopeWhere(input.scope, input.locale)].filter((c): c is SQL => c !== null);
  const matching = sql.join(conditions, sql` AND `);
  if (input.sort === "bestselling") return bestsellingSql(matching, offset, limit);
  const needsStats = isPriceSort(input);
  return sql`SELECT p.id FROM products p ${needsStats ? sql`JOIN product_facet_stats s ON s.product_id = p.id` : sql``}
    WHERE ${matching}
    ORDER BY ${orderSql(input)} LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * Bestselling: units sold, ties in catalog order. No index holds that order (it spans two tables), and sorting the
 * whole scope took ~0.3 s at 100k products. Most products have sold nothing, so the order is the products that sold
 * (few: sorted) followed by all the others in catalog order (the catalog-order index, stopping after the page, each
 * checked against the small partial index of products that sold, drizzle/0036). Each part is cut to the page's end,
 * then the two are merged.
 */
function bestsellingSql(matching: SQL, offset: number, limit: number): SQL {
  const end = offset + limit;
  return sql`SELECT id FROM (
      (SELECT p.id, s.sold, p.sort_order FROM products p JOIN product_facet_stats s ON s.product_id = p.id
       WHERE ${matching} AND s.sold > 0 ORDER BY s.sold DESC, p.sort_order ASC, p.id ASC LIMIT ${end})
      UNION ALL
      (SELECT p.id, 0, p.sort_order FROM products p
       WHERE ${matching} AND NOT EXISTS (SELECT 1 FROM product_facet_stats s WHERE s.product_id = p.id AND s.sold > 0)
       ORDER BY p.sort_order ASC, p.id ASC LIMIT ${end})
    ) ranked ORDER BY sold DESC, sort_order ASC, id ASC LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * How a page of matches is put in order: by id (one primary-key probe per match, then a sort) when they are few, else
 * by walking the whole catalog's sort index and keeping the matches (the facet index already applied the scope, so
 * the walk is index-only, with no probe per row) until the page is full: about `page end × catalog / matches` rows.
 * A probe costs ~16 steps of the walk (4,138 probes: 80 ms at 100k products under load), so ids win while
 * matches² ≤ page end × catalog / 16 (≈380 matches for page 1 at 100k, ≈1,200 at 1M). A search's relevance order has
 * no index: its kept ranking (search-matches.ts) is walked in memory instead.
 */
function ordersById(match: FacetMatch, need: number): boolean {
  return match.total * match.total * 16 <= need * match.catalogTotal;
}

const byRelevance = (input: FilteredListInput) => input.scope.kind === "search" && !input.sort;
const isPriceSort = (input: FilteredListInput) => input.sort === "price_asc" || input.sort === "price_desc";
const idsWhere = (ids: string[]) => sql`p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The catalog's listed products in the sort's order, index-only (prices: the stats table holds listed products only). */
export function catalogWalkSql(input: FilteredListInput, from: number, chunk: number): SQL {
  const store: FilteredListInput = { ...input, scope: { kind: "store" } };
  if (isPriceSort(input)) {
    const dir = input.sort === "price_asc" ? sql`ASC` : sql`DESC`;
    return sql`SELECT s.product_id AS id FROM product_facet_stats s ORDER BY s.price_cents ${dir}, s.product_id ${dir} LIMIT ${chunk} OFFSET ${from}`;
  }
  return orderedIdsSql(store, null, from, chunk);
}

const MAX_CHUNK = 50_000;

/**
 * A query of the ids of one page of the matches, in the listing's order, or null for an empty page. Ordered by id, it
 * runs inside the page's one statement (`loadProducts`): a round trip less, which counts on a busy machine.
 */
async function pageOfMatches(db: Db, input: FilteredListInput, match: ListingMatch, offset: number, limit: number): Promise<SQL | null> {
  if (match.total <= offset) return null;
  const need = offset + limit;
  const found: string[] = [];
  let byPrice: string[] | null;
  if (byRelevance(input) && match.ranked) {
    for (const id of match.ranked) if (match.has(id) && found.push(id) >= need) break;
  } else if (byRelevance(input) && match.unranked && input.scope.kind === "search") {
    // Unfiltered (walksRanking): the search's own first page, ranked by postings alone.
    found.push(...(await searchFirstIds(db, searchWords(input.scope.query), input.locale, need)));
  } else if (ordersById(match, need)) {
    return orderedIdsSql(input, idsWhere(match.ids()), offset, limit);
  } else if ((byPrice = isPriceSort(input) ? match.byPrice(need, input.sort === "price_desc") : null)) {
    // The facet index knows each product's displayed price: the page's matches (with their ties) by id.
    return orderedIdsSql(input, idsWhere(byPrice), offset, limit);
  } else {
    const density = match.total / Math.max(1, match.catalogTotal);
    let chunk = Math.min(MAX_CHUNK, Math.max(200, Math.ceil((need / density) * 1.25) + 48));
    for (let from = 0; found.length < need; from += chunk, chunk = Math.min(MAX_CHUNK, chunk * 2)) {
      const rows = await queryRows<{ id: string }>(db, catalogWalkSql(input, from, chunk));
      for (const r of rows) if (match.has(r.id)) found.push(r.id);
      if (rows.length < chunk) break;
    }
  }
  const page = found.slice(offset, need);
  return page.length ? idsInOrderSql(page) : null;
}

async function page(db: Db, input: FilteredListInput, match: ListingMatch | null): Promise<Omit<ProductListResult, "count">> {
  const offset = input.offset ?? 0;
  const limit = Math.min(input.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  if (noWords(input.scope)) return { offset, limit, products: [] };
  if (!match) return { offset, limit, products: await loadProducts(db, orderedIdsSql(input, null, offset, limit), input.locale) };
  const ids = await pageOfMatches(db, input, match, offset, limit);
  return { offset, limit, products: ids ? await loadProducts(db, ids, input.locale) : [] };
}

/**
 * Whether the listing goes through the facet index: when filtered, and always for a search (its kept matches are the
 * scope, so even unfiltered it needs no statement over the documents). Unfiltered store and category pages are SQL.
 */
const usesIndex = (input: MatchInput) => !noWords(input.scope) && (hasFilters(input.filters) || input.scope.kind === "search");

/** How many products an unfiltered store or category holds (the trigger-kept counts of drizzle/0003). */
function unfilteredCount(db: Db, input: MatchInput): Promise<number> {
  return countProducts(db, input.scope.kind === "category" ? { category: input.scope.slug } : {});
}

/** How many products the scope and filters leave, exactly. */
export async function countFilteredProducts(db: Db, input: MatchInput): Promise<number> {
  if (noWords(input.scope)) return 0;
  return usesIndex(input) ? (await matchListing(db, input)).total : unfilteredCount(db, input);
}

/** One page of a filtered, sorted listing, without its count. */
export async function listFilteredPage(db: Db, input: FilteredListInput): Promise<Omit<ProductListResult, "count">> {
  return page(db, input, usesIndex(input) ? await matchListing(db, input, walksRanking(input)) : null);
}

export async function listFilteredProducts(db: Db, input: FilteredListInput): Promise<ProductListResult> {
  if (noWords(input.scope)) return { count: 0, ...(await page(db, input, null)) };
  if (!usesIndex(input)) {
    const [count, result] = await Promise.all([unfilteredCount(db, input), page(db, input, null)]);
    return { count, ...result };
  }
  const match = await matchListing(db, input, walksRanking(input));
  return { count: match.total, ...(await page(db, input, match)) };
}

/** The option keys shoppers can filter by (a stray parameter that is not one filters nothing). */
export async function listOptionKeys(db: Db): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(db, sql`SELECT DISTINCT option_key AS k FROM catalog_facet_labels ORDER BY 1`);
  return rows.map((r) => r.k);
}

export type FacetLabel = { facet: string; option_key: string; option_en: string; option_es: string; value_en: string; value_es: string };

/** Every filter value's labels, in display order (rows kept by the catalog's triggers; they change with admin edits). */
export function listFacetLabels(db: Db): Promise<FacetLabel[]> {
  return queryRows<FacetLabel>(db, sql`SELECT facet, option_key, option_en, option_es, value_en, value_es FROM catalog_facet_labels ORDER BY option_key, sort_order, facet`);
}

/**
 * Every filter value with the number of products it would show, given the other filters (a value's own option is
 * left out, so choosing "42" still shows how many "43" would add). Values with no products are left out unless chosen.
 */
export async function listFacets(db: Db, input: MatchInput, readLabels: (db: Db) => Promise<FacetLabel[]> = listFacetLabels): Promise<ListingFacets> {
  const { filters, locale } = input;
  if (noWords(input.scope)) {
    return { options: [], prices: [], inStock: { count: 0, selected: false }, onSale: { count: 0, selected: false } };
  }
  const [match, labels] = await Promise.all([
    matchListing(db, input),
    readLabels(db),
  ]);
  const pick = (en: string, es: string) => (locale === "es" && es.trim() !== "" ? es : en);
  const options = new Map<string, OptionFacet>();
  for (const l of labels) {
    const valueKey = l.facet.slice(`o:${l.option_key}:`.length);
    const selected = filters.options[l.option_key]?.includes(valueKey) ?? false;
    const count = match.counts.get(l.facet) ?? 0;
    if (count === 0 && !selected) continue;
    const option = options.get(l.option_key) ?? { key: l.option_key, label: pick(l.option_en, l.option_es), values: [] };
    option.values.push({ key: valueKey, label: pick(l.value_en, l.value_es), count, selected });
    options.set(l.option_key, option);
  }
  const prices = bucketCounts(match);
  return {
    options: [...options.values()],
    prices: PRICE_BUCKETS.map((b, i) => ({ ...b, count: prices[i], selected: b.min === filters.priceMin && b.max === filters.priceMax })),
    inStock: { count: match.counts.get(IN_STOCK) ?? 0, selected: !!filters.inStock },
    onSale: { count: match.counts.get(ON_SALE) ?? 0, selected: !!filters.onSale },
  };
}

/** A number that changes whenever the filters' data did: part of the cache key of filtered pages. */
export async function facetGeneration(db: Db): Promise<number> {
  return (await syncFacetIndex(db)).generation;
}
