import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { ApiProduct, CatalogLocale, ProductListResult, VariantInventory } from "./api-shape";
import { loadProducts } from "./product-loader";
import { shopperVisibleSql } from "./visibility";

/**
 * Catalog business rules. Every read is for a shopper: hidden, draft and deleted products, and products without
 * a variant, never come out of here. Reads take the locale and answer that language, falling back to English
 * field by field where the Spanish text is empty. Searches are in `search-service.ts`; turning a page of ids into
 * the API's products is `product-loader.ts`.
 */

export const DEFAULT_LIMIT = 20;
/** Documented maximum page size of the list and search calls (docs/commerce-api.md): keeps every answer small. */
export const MAX_LIMIT = 100;
/** At most this many ids in one `ids[]` / `product_ids[]` filter. */
export const MAX_IDS = 100;

export const PRODUCT_SORTS = ["order", "price", "created_at", "updated_at", "title"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export type ListProductsInput = {
  locale: CatalogLocale;
  offset?: number;
  limit?: number;
  /** Defaults to ascending. */
  order?: "asc" | "desc";
  sortBy?: ProductSort;
  ids?: string[];
  /** Only products updated strictly before this instant. */
  toDate?: Date;
  /** A category slug or id (the /category/{slug} page). */
  category?: string;
  /** `is_hidden=true`: shoppers may not see hidden products, so the answer is an empty list (still a 2xx). */
  isHidden?: boolean;
};

// Raw SQL below uses the alias `p` for products; one predicate (./visibility.ts) serves counts, pages and search.
const visibleToShopper = shopperVisibleSql;

/** The displayed price (docs/product.md#displayed-price) in SQL, mirroring `displayedPrice()` so price sorting matches the cards. */
const displayedPriceSql = sql`CASE WHEN p.site_product_selection IS NULL OR p.site_product_selection = 'lowest_price_first'
  THEN (SELECT min(coalesce(v1.sale_price_cents, v1.price_cents)) FROM variants v1 WHERE v1.product_id = p.id)
  ELSE (SELECT coalesce(v2.sale_price_cents, v2.price_cents) FROM variants v2 WHERE v2.product_id = p.id
        ORDER BY v2.sort_order, v2.id LIMIT 1) END`;

function localizedTitleSql(locale: CatalogLocale): SQL {
  return locale === "es" ? sql`coalesce(nullif(p.title_es, ''), p.title_en)` : sql`p.title_en`;
}

function orderBySql(sortBy: ProductSort, direction: "asc" | "desc", locale: CatalogLocale): SQL {
  const dir = direction === "desc" ? sql`DESC` : sql`ASC`;
  const key = {
    order: sql`p.sort_order`,
    price: displayedPriceSql,
    created_at: sql`p.created_at`,
    updated_at: sql`p.updated_at`,
    title: sql`lower(${localizedTitleSql(locale)})`,
  }[sortBy];
  // The id tie-break keeps pages stable: the same product never shows on two pages.
  return sql`${key} ${dir}, p.id ${dir}`;
}

function idList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** The part of a list request that decides which products match (not their order, page or language). */
export type ProductFilter = Pick<ListProductsInput, "ids" | "toDate" | "category" | "isHidden">;

/** The same filter as a stable string: the cache key of its count. */
export function productFilterKey(input: ProductFilter): string {
  return JSON.stringify([input.ids ?? null, input.toDate?.toISOString() ?? null, input.category ?? null, input.isHidden === true]);
}

function matchesNothing(input: ProductFilter): boolean {
  return input.isHidden === true || (input.ids !== undefined && input.ids.length === 0);
}

function productFilterSql(input: ProductFilter): SQL {
  const filters: SQL[] = [visibleToShopper];
  if (input.ids?.length) filters.push(sql`p.id IN (${idList(input.ids)})`);
  if (input.toDate) filters.push(sql`p.updated_at < ${input.toDate.toISOString()}::timestamptz`);
  if (input.category) {
    filters.push(sql`EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id
      AND pc.category_id IN (SELECT c.id FROM categories c WHERE c.slug = ${input.category} OR c.id = ${input.category}))`);
  }
  return sql.join(filters, sql` AND `);
}

/**
 * How many products a shopper sees under this filter, exactly (the API's `count`, docs/commerce-api.md). The store and a category
 * read the trigger-kept `catalog_listing_counts` row (one row instead of a scan of up to the whole catalog); other
 * filters (ids, to_date) and a name that matches two categories count the rows. The count depends on neither the
 * page nor the sort nor the language: callers with a cache count once per filter (catalog/queries.ts).
 */
export async function countProducts(db: Db, input: ProductFilter): Promise<number> {
  if (matchesNothing(input)) return 0;
  if (!input.ids?.length && !input.toDate) {
    const rows = input.category
      ? await queryRows<{ matches: number; n: number }>(
          db,
          sql`SELECT count(*)::int AS matches, coalesce(sum(lc.listed), 0)::int AS n FROM categories c
              LEFT JOIN catalog_listing_counts lc ON lc.scope = 'category:' || c.id
              WHERE c.slug = ${input.category} OR c.id = ${input.category}`,
        )
      : await queryRows<{ matches: number; n: number }>(
          db,
          sql`SELECT 1 AS matches, coalesce((SELECT listed FROM catalog_listing_counts WHERE scope = 'store'), 0)::int AS n`,
        );
    // Two categories (one's slug, another's id) would count a product in both twice: count the rows then.
    if (Number(rows[0]?.matches) <= 1) return Number(rows[0]?.n ?? 0);
  }
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${productFilterSql(input)}`);
  return Number(rows[0]?.n ?? 0);
}

/** One page of a listing, without its count. */
export async function listProductPage(db: Db, input: ListProductsInput): Promise<Omit<ProductListResult, "count">> {
  const offset = input.offset ?? 0;
  const limit = Math.min(input.limit ?? (input.ids?.length ? Math.min(input.ids.length, MAX_LIMIT) : DEFAULT_LIMIT), MAX_LIMIT);
  if (matchesNothing(input)) return { offset, limit, products: [] };
  const pageIds = sql`SELECT p.id FROM products p WHERE ${productFilterSql(input)}
    ORDER BY ${orderBySql(input.sortBy ?? "order", input.order ?? "asc", input.locale)}
    LIMIT ${limit} OFFSET ${offset}`;
  return { offset, limit, products: await loadProducts(db, pageIds, input.locale) };
}

/** A page of a listing with the exact count of the whole filter. */
export async function listProducts(db: Db, input: ListProductsInput): Promise<ProductListResult> {
  const [count, page] = await Promise.all([countProducts(db, input), listProductPage(db, input)]);
  return { count, ...page };
}

/** One product a shopper may see, or null (missing, hidden, draft, deleted or without variants → the caller's 404). */
export async function getProduct(db: Db, id: string, locale: CatalogLocale): Promise<ApiProduct | null> {
  const [product] = await loadProducts(db, sql`SELECT p.id FROM products p WHERE p.id = ${id} AND ${visibleToShopper}`, locale);
  return product ?? null;
}

/**
 * Live stock of every variant of the given products (the variants call, docs/commerce-api.md). Never cached: it is what the
 * product page overlays on a cached page. Unknown or invisible products simply contribute nothing.
 */
export async function getVariantInventory(db: Db, productIds: string[]): Promise<VariantInventory[]> {
  if (productIds.length === 0) return [];
  const rows = await queryRows<{ id: string; stock: number }>(
    db,
    sql`SELECT v.id, v.stock FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.product_id IN (${idList(productIds)}) AND ${visibleToShopper}
        ORDER BY v.product_id, v.sort_order, v.id`,
  );
  return rows.map((r) => ({ id: r.id, inventory_quantity: Math.max(0, Number(r.stock)) }));
}
