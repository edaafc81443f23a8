import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { products, variants } from "@/server/db/schema/catalog";
import type { CatalogLocale } from "@/features/catalog/api-shape";
import { isBuyable, shopperVisible, shopperVisibleSql } from "./visibility";
import type { CartItemInput } from "@/features/cart/cart-lines";
import type { LineStock } from "@/features/cart/line-stock";

/**
 * Storefront reads the catalog service does not cover: featured products, categories, the sitemap's listing and
 * the cart's price refresh. Each takes the db so tests can run them on any database; visibility is the catalog's one
 * predicate (./visibility.ts).
 */

const visible = shopperVisibleSql;

const localized = (locale: CatalogLocale, en: string, es: string) =>
  locale === "es" ? sql.raw(`coalesce(nullif(${es}, ''), ${en})`) : sql.raw(en);

/** Ids of the products flagged `metadata.featured`, in catalog order; the catalog's first products when none is. */
export async function listFeaturedProductIds(db: Db, limit: number): Promise<string[]> {
  const featured = await queryRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM products p WHERE ${visible} AND (p.metadata ->> 'featured') = 'true'
        ORDER BY p.sort_order, p.id LIMIT ${limit}`,
  );
  if (featured.length > 0) return featured.map((r) => r.id);
  const first = await queryRows<{ id: string }>(db, sql`SELECT p.id FROM products p WHERE ${visible} ORDER BY p.sort_order, p.id LIMIT ${limit}`);
  return first.map((r) => r.id);
}

/** `slug` is the English one (listings' internal key); `slugEs` the Spanish; `address` the one of the reading language. */
export type StoreCategory = {
  id: string;
  slug: string;
  slugEs: string;
  address: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
};

const categoryColumns = (locale: CatalogLocale) =>
  sql`c.id, c.slug, c.slug_es AS "slugEs", ${locale === "es" ? sql`c.slug_es` : sql`c.slug`} AS address, ${localized(locale, "c.name_en", "c.name_es")} AS name,
      ${localized(locale, "c.description_en", "c.description_es")} AS description, c.image_url AS "imageUrl"`;

/** Every category, in the shop's order then by name (the public list, docs/product.md#categories-page). */
export async function listCategories(db: Db, locale: CatalogLocale): Promise<StoreCategory[]> {
  return queryRows<StoreCategory>(db, sql`SELECT ${categoryColumns(locale)} FROM categories c ORDER BY c.sort_order, lower(c.name_en), c.id`);
}

/** The category at /category/{slug} in `locale` (its slug in that language; old addresses are redirected first). */
export async function findCategoryBySlug(db: Db, slug: string, locale: CatalogLocale): Promise<StoreCategory | null> {
  const column = locale === "es" ? sql`c.slug_es` : sql`c.slug`;
  const rows = await queryRows<StoreCategory>(db, sql`SELECT ${categoryColumns(locale)} FROM categories c WHERE ${column} = ${slug} LIMIT 1`);
  return rows[0] ?? null;
}

export type SitemapProduct = { id: string; slugs: { en: string; es: string }; updatedAt: string };

/** Every product a shopper can open, for the sitemap (ids, slugs and dates only: the sitemap must stay cheap). */
export async function listSitemapProducts(db: Db, limit = 50_000): Promise<SitemapProduct[]> {
  const rows = await queryRows<{ id: string; slug_en: string; slug_es: string; updated_at: string | Date }>(
    db,
    sql`SELECT p.id, p.slug_en, p.slug_es, p.updated_at FROM products p WHERE ${visible} ORDER BY p.sort_order, p.id LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, slugs: { en: r.slug_en, es: r.slug_es }, updatedAt: new Date(r.updated_at).toISOString() }));
}

/** A cart line as the catalog prices it today, without the shopper's quantity (the cart's own line type). */
export type CurrentCartLine = CartItemInput;

/**
 * What the catalog says today about the variants in a browser's cart: title, image and the price a shopper pays
 * (sale price when present). Variants that no longer exist, or whose product is no longer visible, are absent, so
 * the caller drops those lines.
 */
export async function currentCartLines(db: Db, variantIds: string[], locale: CatalogLocale): Promise<CurrentCartLine[]> {
  if (variantIds.length === 0) return [];
  const ids = sql.join(
    variantIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    product_id: string;
    product_title: string;
    variant_id: string;
    variant_title: string;
    image_url: string | null;
    price_cents: number;
    sale_price_cents: number | null;
    currency: string;
  }>(
    db,
    sql`SELECT p.id AS product_id, ${localized(locale, "p.title_en", "p.title_es")} AS product_title,
          v.id AS variant_id, ${localized(locale, "v.title_en", "v.title_es")} AS variant_title,
          coalesce(v.image_url, (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort_order, i.id LIMIT 1)) AS image_url,
          v.price_cents, v.sale_price_cents, v.currency
        FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.id IN (${ids}) AND ${visible}`,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    productTitle: r.product_title,
    variantId: r.variant_id,
    variantTitle: r.variant_title,
    imageUrl: r.image_url,
    unitPriceCents: Number(r.sale_price_cents ?? r.price_cents),
    currency: r.currency.toUpperCase(),
  }));
}

/** Whether each variant's product is still for sale and how many units it has (stock counts only when managed). */
export async function variantAvailability(db: Db, variantIds: string[]) {
  if (variantIds.length === 0) return [];
  return db
    .select({
      id: variants.id,
      manageInventory: variants.manageInventory,
      stock: variants.stock,
      purchasable: products.purchasable,
      listed: shopperVisible,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
}

/**
 * What a cart may hold of each variant (docs/product.md#cart): bought at all (visible and for sale) and the units
 * left when it tracks stock. A variant that no longer exists answers as not buyable, so the cart marks its line.
 */
export async function cartLineStocks(db: Db, variantIds: string[]): Promise<Record<string, LineStock>> {
  const rows = await variantAvailability(db, variantIds);
  const answers: Record<string, LineStock> = {};
  for (const id of variantIds) answers[id] = { buyable: false, available: 0 };
  for (const row of rows) {
    answers[row.id] = { buyable: isBuyable(row), available: row.manageInventory ? Math.max(0, row.stock) : null };
  }
  return answers;
}

/** The listed variants among `variantIds` with the prices a cart pays (the drawer's estimate and checkout's quote). */
export async function listedVariantPrices(db: Db, variantIds: string[]) {
  if (variantIds.length === 0) return [];
  const found = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      priceCents: variants.priceCents,
      salePriceCents: variants.salePriceCents,
      currency: variants.currency,
      listed: products.listed,
      // One unit's grams for weight-based shipping (docs/product.md#shipping); a variant without a weight counts 0.
      weightGrams: sql<number>`coalesce(${variants.weightGrams}, 0)::int`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
  return found.filter((v) => v.listed);
}
