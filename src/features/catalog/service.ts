import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import {
  productAdditionalInfo,
  productCategories,
  productCustomFields,
  productImages,
  productOptionValues,
  productOptions,
  products,
  relatedProducts,
  variantOptionValues,
  variants,
} from "@/server/db/schema/catalog";
import { currencyInfo, formatMoney } from "@/lib/money";
import { sanitizeRichText } from "@/lib/sanitize-html";
import type {
  ApiOptionValue,
  ApiProduct,
  ApiVariant,
  CatalogLocale,
  ProductListResult,
  VariantInventory,
} from "./api-shape";
import { displayedPrice } from "./pricing";
import { shopperVisibleSql } from "./visibility";

/**
 * Catalog business rules. Every read is for a shopper: hidden, draft and deleted products, and products without
 * a variant, never come out of here. Reads take the locale and answer that language, falling back to English
 * field by field where the Spanish text is empty.
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

export type SearchInput = { query: string; locale: CatalogLocale; offset?: number; limit?: number };

/** LIKE treats % and _ as wildcards; a shopper typing them means the characters themselves. */
function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Words of a search, at most 8 of at most 64 characters each (longer input cannot match anything useful). */
export function searchWords(query: string): string[] {
  return query
    .normalize("NFC")
    .split(/\s+/)
    .map((w) => w.trim().slice(0, 64))
    .filter((w) => w !== "")
    .slice(0, 8);
}

/** A LIKE pattern matching the normalised word anywhere. */
const pattern = (w: string) => sql`('%' || vitrina_search_normalize(${escapeLike(w)}) || '%')`;

/** Listed products whose document in `locale` contains every word (alias `p`); the filters' search scope too. */
export function searchWhereSql(words: string[], locale: CatalogLocale): SQL {
  // Stored, normalised documents (generated columns of drizzle/0003), trigram-indexed over listed products.
  const doc = locale === "es" ? sql`p.search_es` : sql`p.search_en`;
  return sql.join([visibleToShopper, ...words.map((w) => sql`${doc} LIKE ${pattern(w)}`)], sql` AND `);
}

/** Search ranking (alias `p`): title matches first, then trigram similarity of the title, then catalog order. */
export function searchRankSql(words: string[], locale: CatalogLocale): SQL {
  const title = locale === "es" ? sql`p.search_title_es` : sql`p.search_title_en`;
  const phrase = sql`vitrina_search_normalize(${words.join(" ")})`;
  const titleHasAll = sql.join(
    words.map((w) => sql`${title} LIKE ${pattern(w)}`),
    sql` AND `,
  );
  return sql`CASE WHEN ${title} LIKE ('%' || ${phrase} || '%') THEN 0 WHEN ${titleHasAll} THEN 1 ELSE 2 END,
    similarity(${title}, ${phrase}) DESC, p.sort_order, p.id`;
}

/**
 * Case- and accent-insensitive search over title, subtitle and description (HTML stripped) in the shopper's
 * language. Runs in the database on the trigram-indexed search columns of migration 0003 (every word must occur);
 * ranked with title matches first, then trigram similarity of the title, then catalog order.
 */
export async function searchProducts(db: Db, input: SearchInput): Promise<ProductListResult> {
  const offset = input.offset ?? 0;
  const limit = Math.min(input.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const words = searchWords(input.query);
  if (words.length === 0) return { count: 0, offset, limit, products: [] };

  const where = searchWhereSql(words, input.locale);
  const [countRows, page] = await Promise.all([
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`),
    loadProducts(
      db,
      sql`SELECT p.id FROM products p WHERE ${where}
          ORDER BY ${searchRankSql(words, input.locale)}
          LIMIT ${limit} OFFSET ${offset}`,
      input.locale,
    ),
  ]);
  return { count: Number(countRows[0]?.n ?? 0), offset, limit, products: page };
}

/** The Spanish text when there is some, else the English one (docs/product.md#languages: `_es` may be empty). */
function pick(locale: CatalogLocale, en: string, es: string | null | undefined): string;
function pick(locale: CatalogLocale, en: string | null, es: string | null | undefined): string | null;
function pick(locale: CatalogLocale, en: string | null, es: string | null | undefined): string | null {
  if (locale === "es" && es != null && es.trim() !== "") return es;
  return en;
}

function iso(value: Date | string | null): string | null {
  if (value == null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

type ProductRow = Omit<typeof products.$inferSelect, "hasVariants" | "listed" | "searchEn" | "searchEs" | "searchTitleEn" | "searchTitleEs">;

type PageData = {
  ids: string[];
  products: ProductRow[];
  variants: Array<typeof variants.$inferSelect>;
  images: Array<Pick<typeof productImages.$inferSelect, "productId" | "url" | "sortOrder" | "type">>;
  categories: Array<Pick<typeof productCategories.$inferSelect, "productId" | "categoryId" | "sortOrder">>;
  options: Array<typeof productOptions.$inferSelect>;
  optionValues: Array<typeof productOptionValues.$inferSelect>;
  links: Array<typeof variantOptionValues.$inferSelect>;
  info: Array<typeof productAdditionalInfo.$inferSelect>;
  fields: Array<typeof productCustomFields.$inferSelect>;
  related: Array<typeof relatedProducts.$inferSelect>;
};

/**
 * A page of products and everything they carry, in ONE statement: `pageIds` (a query of product ids, in page order)
 * runs inside it, and each table comes back as a JSON array keyed by the Drizzle field names. A page used to be an
 * ids query, then ten queries in two waves; on a busy machine every round trip is a scheduling delay.
 */
async function loadPageData(db: Db, pageIds: SQL): Promise<PageData> {
  const inPage = sql`IN (SELECT id FROM page)`;
  const agg = (fields: SQL, from: SQL, order: SQL) =>
    sql`(SELECT coalesce(json_agg(json_build_object(${fields}) ORDER BY ${order}), '[]'::json) ${from})`;
  const rows = await queryRows<Record<keyof PageData, unknown>>(
    db,
    // ARRAY(subquery) keeps the subquery's ORDER BY; WITH ORDINALITY numbers it.
    sql`WITH page AS MATERIALIZED (SELECT u.id, u.pos FROM unnest(ARRAY(${pageIds})) WITH ORDINALITY AS u(id, pos))
    SELECT
      (SELECT coalesce(json_agg(id ORDER BY pos), '[]'::json) FROM page) AS ids,
      ${agg(
        sql`'id', p.id, 'titleEn', p.title_en, 'titleEs', p.title_es, 'subtitleEn', p.subtitle_en, 'subtitleEs', p.subtitle_es,
            'descriptionEn', p.description_en, 'descriptionEs', p.description_es, 'ribbonTextEn', p.ribbon_text_en,
            'ribbonTextEs', p.ribbon_text_es, 'status', p.status, 'isHidden', p.is_hidden, 'purchasable', p.purchasable,
            'sortOrder', p.sort_order, 'siteProductSelection', p.site_product_selection, 'typeValue', p.type_value,
            'metadata', p.metadata, 'createdAt', p.created_at, 'updatedAt', p.updated_at, 'deletedAt', p.deleted_at`,
        sql`FROM products p WHERE p.id ${inPage}`,
        sql`p.id`,
      )} AS products,
      ${agg(
        sql`'id', v.id, 'productId', v.product_id, 'titleEn', v.title_en, 'titleEs', v.title_es, 'sku', v.sku,
            'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'currency', v.currency,
            'manageInventory', v.manage_inventory, 'stock', v.stock, 'imageUrl', v.image_url, 'weightGrams', v.weight_grams,
            'sortOrder', v.sort_order, 'createdAt', v.created_at, 'updatedAt', v.updated_at`,
        sql`FROM variants v WHERE v.product_id ${inPage}`,
        sql`v.sort_order, v.id`,
      )} AS variants,
      ${agg(sql`'productId', i.product_id, 'url', i.url, 'sortOrder', i.sort_order, 'type', i.type`, sql`FROM product_images i WHERE i.product_id ${inPage}`, sql`i.sort_order, i.id`)} AS images,
      ${agg(sql`'productId', pc.product_id, 'categoryId', pc.category_id, 'sortOrder', pc.sort_order`, sql`FROM product_categories pc WHERE pc.product_id ${inPage}`, sql`pc.sort_order, pc.category_id`)} AS categories,
      ${agg(sql`'id', o.id, 'productId', o.product_id, 'titleEn', o.title_en, 'titleEs', o.title_es, 'sortOrder', o.sort_order`, sql`FROM product_options o WHERE o.product_id ${inPage}`, sql`o.sort_order, o.id`)} AS options,
      ${agg(
        sql`'id', ov.id, 'optionId', ov.option_id, 'valueEn', ov.value_en, 'valueEs', ov.value_es, 'sortOrder', ov.sort_order`,
        sql`FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id WHERE o.product_id ${inPage}`,
        sql`ov.sort_order, ov.id`,
      )} AS "optionValues",
      ${agg(
        sql`'variantId', l.variant_id, 'optionValueId', l.option_value_id`,
        sql`FROM variant_option_values l JOIN variants v ON v.id = l.variant_id WHERE v.product_id ${inPage}`,
        sql`l.variant_id, l.option_value_id`,
      )} AS links,
      ${agg(
        sql`'id', a.id, 'productId', a.product_id, 'sortOrder', a.sort_order, 'titleEn', a.title_en, 'titleEs', a.title_es, 'descriptionEn', a.description_en, 'descriptionEs', a.description_es`,
        sql`FROM product_additional_info a WHERE a.product_id ${inPage}`,
        sql`a.sort_order, a.id`,
      )} AS info,
      ${agg(sql`'id', f.id, 'productId', f.product_id, 'titleEn', f.title_en, 'titleEs', f.title_es, 'isRequired', f.is_required`, sql`FROM product_custom_fields f WHERE f.product_id ${inPage}`, sql`f.id`)} AS fields,
      ${agg(
        sql`'id', r.id, 'productId', r.product_id, 'sectionTitle', r.section_title, 'relatedType', r.related_type, 'relatedId', r.related_id, 'position', r.position`,
        sql`FROM related_products r WHERE r.product_id ${inPage}`,
        sql`r.position, r.id`,
      )} AS related`,
  );
  // PGlite and node-postgres both parse json columns; a driver handing back text would be parsed here.
  const parse = <T,>(value: unknown) => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));
  const row = rows[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, parse(v)])) as PageData;
}

/** The API shape of a page of products (see loadPageData), in page order; the ids query decides visibility. */
export async function loadProducts(db: Db, pageIds: SQL, locale: CatalogLocale): Promise<ApiProduct[]> {
  const data = await loadPageData(db, pageIds);
  if (data.ids.length === 0) return [];
  const { products: productRows, variants: variantRows, images: imageRows, categories: categoryRows, options: optionRows } = data;
  const { optionValues: valueRows, links: linkRows, info: infoRows, fields: fieldRows, related: relatedRows } = data;
  const result = new Map<string, ApiProduct>();

  const variantOrder = new Map(variantRows.map((v, i) => [v.id, i]));
  const optionOf = new Map(optionRows.map((o) => [o.id, o]));
  const valueById = new Map(valueRows.map((v) => [v.id, v]));
  // Which variants carry each option value, in variant order (so an option value names its first variant).
  const variantsOfValue = groupBy(
    [...linkRows].sort((a, b) => (variantOrder.get(a.variantId) ?? 0) - (variantOrder.get(b.variantId) ?? 0)),
    (l) => l.optionValueId,
  );
  const valuesOfVariant = groupBy(linkRows, (l) => l.variantId);

  const imagesBy = groupBy(imageRows, (r) => r.productId);
  const optionsBy = groupBy(optionRows, (r) => r.productId);
  const valuesBy = groupBy(valueRows, (r) => r.optionId);
  const variantsBy = groupBy(variantRows, (r) => r.productId);
  const categoriesBy = groupBy(categoryRows, (r) => r.productId);
  const infoBy = groupBy(infoRows, (r) => r.productId);
  const fieldsBy = groupBy(fieldRows, (r) => r.productId);
  const relatedBy = groupBy(relatedRows, (r) => r.productId);

  for (const p of productRows) {
    const variantList: ApiVariant[] = (variantsBy.get(p.id) ?? []).map((v) => {
      const info = currencyInfo(v.currency);
      const options: ApiOptionValue[] = (valuesOfVariant.get(v.id) ?? [])
        .map((l) => valueById.get(l.optionValueId))
        .filter((value) => value !== undefined)
        .sort((a, b) => (optionOf.get(a.optionId)?.sortOrder ?? 0) - (optionOf.get(b.optionId)?.sortOrder ?? 0))
        .map((value) => ({ id: value.id, option_id: value.optionId, variant_id: v.id, value: pick(locale, value.valueEn, value.valueEs) }));
      return {
        id: v.id,
        product_id: p.id,
        title: pick(locale, v.titleEn, v.titleEs),
        image_url: v.imageUrl,
        sku: v.sku,
        weight: v.weightGrams,
        manage_inventory: v.manageInventory,
        inventory_quantity: Math.max(0, v.stock),
        options,
        price_in_cents: v.priceCents,
        sale_price_in_cents: v.salePriceCents,
        currency: info.code,
        currency_info: info,
        price_formatted: formatMoney(v.priceCents, info.code, locale),
        sale_price_formatted: v.salePriceCents == null ? null : formatMoney(v.salePriceCents, info.code, locale),
        prices: [{ amount: v.priceCents, sale_amount: v.salePriceCents, currency_code: info.code.toLowerCase(), currency: info }],
      };
    });
    // Variants are never empty (docs/commerce-api.md); such a product is not sellable and stays out of every answer.
    if (variantList.length === 0) continue;

    const images = (imagesBy.get(p.id) ?? []).map((i) => ({ url: i.url, order: i.sortOrder, type: i.type }));
    const collections = (categoriesBy.get(p.id) ?? []).map((c) => ({ product_id: p.id, collection_id: c.categoryId, order: c.sortOrder }));
    const price = displayedPrice({ site_product_selection: p.siteProductSelection, variants: variantList });
    const description = pick(locale, p.descriptionEn, p.descriptionEs);

    result.set(p.id, {
      id: p.id,
      title: pick(locale, p.titleEn, p.titleEs),
      subtitle: pick(locale, p.subtitleEn, p.subtitleEs),
      ribbon_text: pick(locale, p.ribbonTextEn, p.ribbonTextEs),
      description: description == null ? null : sanitizeRichText(description),
      image: images[0]?.url ?? null,
      thumbnail: images[0]?.url ?? null,
      images,
      media: images,
      price_in_cents: price?.priceCents ?? variantList[0].price_in_cents,
      currency: price?.currency ?? variantList[0].currency,
      status: p.status,
      purchasable: p.purchasable,
      order: p.sortOrder,
      site_product_selection: p.siteProductSelection,
      options: (optionsBy.get(p.id) ?? []).map((o) => ({
        id: o.id,
        title: pick(locale, o.titleEn, o.titleEs),
        values: (valuesBy.get(o.id) ?? []).map((value) => ({
          id: value.id,
          option_id: o.id,
          variant_id: variantsOfValue.get(value.id)?.[0]?.variantId ?? null,
          value: pick(locale, value.valueEn, value.valueEs),
        })),
      })),
      variants: variantList,
      collections,
      product_collections: collections,
      additional_info: (infoBy.get(p.id) ?? []).map((i) => ({
        id: i.id,
        order: i.sortOrder,
        title: pick(locale, i.titleEn, i.titleEs),
        description: sanitizeRichText(pick(locale, i.descriptionEn, i.descriptionEs)),
      })),
      type: { value: p.typeValue },
      custom_fields: (fieldsBy.get(p.id) ?? []).map((f) => ({ id: f.id, title: pick(locale, f.titleEn, f.titleEs), is_required: f.isRequired })),
      related_products: (relatedBy.get(p.id) ?? []).map((r) => ({
        id: r.id,
        section_title: r.sectionTitle,
        related_type: r.relatedType,
        related_id: r.relatedId,
        position: r.position,
      })),
      updated_at: iso(p.updatedAt) ?? "",
      created_at: iso(p.createdAt) ?? "",
      deleted_at: iso(p.deletedAt),
      metadata: p.metadata ?? null,
    });
  }
  return data.ids.map((id) => result.get(id)).filter((p): p is ApiProduct => p !== undefined);
}
