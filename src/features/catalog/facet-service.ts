import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale, ProductListResult } from "./api-shape";
import { PRICE_BUCKETS, hasFilters, type ListingFilters, type ListingSort } from "./listing-params";
import { countProducts, DEFAULT_LIMIT, loadProducts, MAX_LIMIT, searchRankSql, searchWhereSql, searchWords } from "./service";

/**
 * Filtered and sorted storefront listings and the counts of every filter value (docs/product.md#filters-and-sort).
 * Each filter is a set of product ids read from an index of the trigger-kept tables of drizzle/0009
 * (product_facets, product_facet_stats); a listing is its scope with one semi-join per filter, so the planner can
 * walk the sort's index or the smallest set and probe the others by key. All sets hold listed products only.
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

type FilterGroup = "price" | "in_stock" | "on_sale" | `o:${string}`;

type FilterSet = {
  group: FilterGroup;
  /** The filter's product ids (used to drive a count). */
  set: SQL;
  /** The filter as a condition on a product id column. */
  test: (id: SQL) => SQL;
};

const outOfStock = sql`SELECT product_id FROM product_facets WHERE facet = 'out_of_stock'`;

/** The filters, each tagged with its group (a facet's own group is left out of its counts); "in stock" last. */
function filterSets(filters: ListingFilters): FilterSet[] {
  const sets: FilterSet[] = [];
  const member = (set: SQL, group: FilterGroup): FilterSet => ({ group, set, test: (id) => sql`${id} IN (${set})` });
  for (const [key, values] of Object.entries(filters.options)) {
    const facets = sql.join(
      values.map((v) => sql`${`o:${key}:${v}`}`),
      sql`, `,
    );
    sets.push(member(sql`SELECT product_id FROM product_facets WHERE facet IN (${facets})`, `o:${key}`));
  }
  if (filters.priceMin !== undefined || filters.priceMax !== undefined) {
    const range = sql`price_cents BETWEEN ${filters.priceMin ?? 0} AND ${filters.priceMax ?? 2_147_483_647}`;
    sets.push(member(sql`SELECT product_id FROM product_facet_stats WHERE ${range}`, "price"));
  }
  if (filters.onSale) sets.push(member(sql`SELECT product_id FROM product_facets WHERE facet = 'on_sale'`, "on_sale"));
  // Most products are in stock: an anti-join against the few sold out (stats hold every listed product once).
  if (filters.inStock) {
    sets.push({
      group: "in_stock",
      set: sql`SELECT product_id FROM product_facet_stats WHERE product_id NOT IN (${outOfStock})`,
      // NOT EXISTS (an anti-join the planner can run as a probe per row) keeps a sort index usable as the driver.
      test: (id) => sql`NOT EXISTS (SELECT 1 FROM product_facets o WHERE o.facet = 'out_of_stock' AND o.product_id = ${id})`,
    });
  }
  return sets;
}

/**
 * What a scope and filters leave, as a condition on `p`: `p.listed` and one `p.id IN (…)` semi-join per filter, so
 * the planner can start from the most selective set (or walk a sort index) and probe the others by primary key.
 */
function matchingWhere(input: Pick<FilteredListInput, "scope" | "filters" | "locale">, without?: FilterGroup): SQL {
  const conditions = [
    sql`p.listed`,
    scopeWhere(input.scope, input.locale),
    ...filterSets(input.filters)
      .filter((f) => f.group !== without)
      .map((f) => f.test(sql`p.id`)),
  ].filter((c): c is SQL => c !== null);
  return sql.join(conditions, sql` AND `);
}

/** The scope's product ids (null for the whole store). */
function scopeIds(scope: ListingScope, locale: CatalogLocale): SQL | null {
  const where = scopeWhere(scope, locale);
  return where ? sql`SELECT p.id FROM products p WHERE p.listed AND ${where}` : null;
}

/**
 * The ids matchingWhere leaves, driven by a filter's own index instead of the products table (facet and stats rows
 * exist for listed products only): the first filter's rows, the others and the scope as semi-joins. Null for "every
 * listed product". An option with several values may name a product twice: count with DISTINCT.
 */
function matchingSet(input: Pick<FilteredListInput, "scope" | "filters" | "locale">, without?: FilterGroup): SQL | null {
  const sets = filterSets(input.filters).filter((f) => f.group !== without);
  const scope = scopeIds(input.scope, input.locale);
  if (sets.length === 0) return scope;
  const [driver, ...others] = sets;
  const conditions = [...others.map((f) => f.test(sql`d.product_id`)), ...(scope ? [sql`d.product_id IN (${scope})`] : [])];
  return sql`SELECT d.product_id FROM (${driver.set}) d ${conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}`;
}

function orderSql(input: FilteredListInput): SQL {
  switch (input.sort) {
    case "newest":
      return sql`p.created_at DESC, p.id DESC`;
    case "price_asc":
      return sql`s.price_cents ASC, p.id ASC`;
    case "price_desc":
      return sql`s.price_cents DESC, p.id DESC`;
    case "bestselling":
      return sql`s.sold DESC, p.sort_order ASC, p.id ASC`;
    default:
      return input.scope.kind === "search" ? searchRankSql(searchWords(input.scope.query), input.locale) : sql`p.sort_order ASC, p.id ASC`;
  }
}

/** How many products the scope and filters leave, exactly. */
export async function countFilteredProducts(db: Db, input: Pick<FilteredListInput, "scope" | "filters" | "locale">): Promise<number> {
  if (input.scope.kind === "search" && searchWords(input.scope.query).length === 0) return 0;
  if (!hasFilters(input.filters) && input.scope.kind !== "search") {
    // The trigger-kept counts of drizzle/0003.
    return countProducts(db, input.scope.kind === "category" ? { category: input.scope.slug } : {});
  }
  const rows = await queryRows<{ n: number }>(db, filteredCountSql(input));
  return Number(rows[0]?.n ?? 0);
}

/** The count statement of a filtered listing (also EXPLAINed by bench/db-suite.ts). */
export function filteredCountSql(input: Pick<FilteredListInput, "scope" | "filters" | "locale">): SQL {
  const set = matchingSet(input);
  return set ? sql`SELECT count(DISTINCT x.product_id)::int AS n FROM (${set}) x(product_id)` : sql`SELECT count(*)::int AS n FROM products p WHERE p.listed`;
}

/** The page-ids statement of a filtered listing (also EXPLAINed by bench/db-suite.ts). */
export function filteredPageSql(input: FilteredListInput, offset: number, limit: number): SQL {
  const needsStats = input.sort === "price_asc" || input.sort === "price_desc" || input.sort === "bestselling";
  return sql`SELECT p.id FROM products p ${needsStats ? sql`JOIN product_facet_stats s ON s.product_id = p.id` : sql``}
    WHERE ${matchingWhere(input)}
    ORDER BY ${orderSql(input)} LIMIT ${limit} OFFSET ${offset}`;
}

/** One page of a filtered, sorted listing, without its count. */
export async function listFilteredPage(db: Db, input: FilteredListInput): Promise<Omit<ProductListResult, "count">> {
  const offset = input.offset ?? 0;
  const limit = Math.min(input.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  if (input.scope.kind === "search" && searchWords(input.scope.query).length === 0) return { offset, limit, products: [] };
  return { offset, limit, products: await loadProducts(db, filteredPageSql(input, offset, limit), input.locale) };
}

export async function listFilteredProducts(db: Db, input: FilteredListInput): Promise<ProductListResult> {
  const [count, page] = await Promise.all([countFilteredProducts(db, input), listFilteredPage(db, input)]);
  return { count, ...page };
}

/** The option keys shoppers can filter by (a stray parameter that is not one filters nothing). */
export async function listOptionKeys(db: Db): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(db, sql`SELECT DISTINCT option_key AS k FROM catalog_facet_labels ORDER BY 1`);
  return rows.map((r) => r.k);
}

async function facetCounts(db: Db, set: SQL | null, like?: string): Promise<Map<string, number>> {
  const where = [set ? sql`product_id IN (${set})` : null, like ? sql`facet LIKE ${like}` : null].filter((w): w is SQL => w !== null);
  const rows = await queryRows<{ facet: string; n: number }>(
    db,
    sql`SELECT facet, count(*)::int AS n FROM product_facets ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``} GROUP BY facet`,
  );
  return new Map(rows.map((r) => [r.facet, Number(r.n)]));
}

/** Products of the set that can be bought now: all of them but the few sold out. */
async function inStockCount(db: Db, set: SQL | null): Promise<number> {
  const within = set ? sql`AND product_id IN (${set})` : sql``;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT ((SELECT count(*) FROM product_facet_stats WHERE true ${within})
      - (SELECT count(*) FROM product_facets WHERE facet = 'out_of_stock' ${within}))::int AS n`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function priceCounts(db: Db, set: SQL | null): Promise<number[]> {
  const columns = sql.join(
    PRICE_BUCKETS.map((b, i) => sql`count(*) FILTER (WHERE price_cents BETWEEN ${b.min ?? 0} AND ${b.max ?? 2_147_483_647})::int AS ${sql.raw(`b${i}`)}`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, number>>(db, sql`SELECT ${columns} FROM product_facet_stats ${set ? sql`WHERE product_id IN (${set})` : sql``}`);
  return PRICE_BUCKETS.map((_, i) => Number(rows[0]?.[`b${i}`] ?? 0));
}

/**
 * Every filter value with the number of products it would show, given the other filters (a value's own option is
 * left out, so choosing "42" still shows how many "43" would add). Values with no products are left out unless chosen.
 */
export async function listFacets(db: Db, input: Pick<FilteredListInput, "scope" | "filters" | "locale">): Promise<ListingFacets> {
  const { filters, locale } = input;
  if (input.scope.kind === "search" && searchWords(input.scope.query).length === 0) {
    return { options: [], prices: [], inStock: { count: 0, selected: false }, onSale: { count: 0, selected: false } };
  }
  const all = matchingSet(input);
  const selectedOptions = Object.keys(filters.options);
  const [base, perOption, prices, inStock, onSale, labels] = await Promise.all([
    facetCounts(db, all),
    Promise.all(selectedOptions.map((key) => facetCounts(db, matchingSet(input, `o:${key}`), `o:${key}:%`))),
    priceCounts(db, filters.priceMin !== undefined || filters.priceMax !== undefined ? matchingSet(input, "price") : all),
    inStockCount(db, filters.inStock ? matchingSet(input, "in_stock") : all),
    filters.onSale ? facetCounts(db, matchingSet(input, "on_sale"), "on_sale") : null,
    queryRows<{ facet: string; option_key: string; option_en: string; option_es: string; value_en: string; value_es: string }>(
      db,
      sql`SELECT facet, option_key, option_en, option_es, value_en, value_es FROM catalog_facet_labels ORDER BY option_key, sort_order, facet`,
    ),
  ]);
  const countsFor = (optionKey: string) => {
    const i = selectedOptions.indexOf(optionKey);
    return i >= 0 ? perOption[i] : base;
  };
  const pick = (en: string, es: string) => (locale === "es" && es.trim() !== "" ? es : en);
  const options = new Map<string, OptionFacet>();
  for (const l of labels) {
    const valueKey = l.facet.slice(`o:${l.option_key}:`.length);
    const selected = filters.options[l.option_key]?.includes(valueKey) ?? false;
    const count = countsFor(l.option_key).get(l.facet) ?? 0;
    if (count === 0 && !selected) continue;
    const option = options.get(l.option_key) ?? { key: l.option_key, label: pick(l.option_en, l.option_es), values: [] };
    option.values.push({ key: valueKey, label: pick(l.value_en, l.value_es), count, selected });
    options.set(l.option_key, option);
  }
  return {
    options: [...options.values()],
    prices: PRICE_BUCKETS.map((b, i) => ({ ...b, count: prices[i], selected: b.min === filters.priceMin && b.max === filters.priceMax })),
    inStock: { count: inStock, selected: !!filters.inStock },
    onSale: { count: (onSale ?? base).get("on_sale") ?? 0, selected: !!filters.onSale },
  };
}
