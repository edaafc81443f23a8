import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows, textSetSql } from "@/server/db/rows";
import type { CatalogLocale } from "./api-shape";
import type { ProductSeoText } from "./seo";

/**
 * Addresses of products and categories (decision 0370, docs/product.md#product-addresses): a slug per language, and
 * every earlier slug kept in catalog_slug_history. One indexed query resolves what an address names.
 */
export type CatalogSlugs = { en: string; es: string };
export type CatalogAddress = { id: string; slugs: CatalogSlugs };
export type CatalogKind = "product" | "category";

const otherLocale = (locale: CatalogLocale): CatalogLocale => (locale === "es" ? "en" : "es");

/**
 * The product or category an address segment names, looked up in this order: the current slug in the address's
 * language, the current slug in the other language, an earlier slug in this language, then in the other one, and
 * (products only) the id, the address before slugs. Null when nothing matches.
 */
export async function findCatalogAddress(db: Db, kind: CatalogKind, segment: string, locale: CatalogLocale): Promise<CatalogAddress | null> {
  const table = kind === "product" ? sql.raw("products") : sql.raw("categories");
  const enColumn = kind === "product" ? sql.raw("slug_en") : sql.raw("slug");
  const here = locale === "es" ? sql.raw("slug_es") : enColumn;
  const there = locale === "es" ? enColumn : sql.raw("slug_es");
  const rows = await queryRows<{ id: string; en: string; es: string }>(
    db,
    sql`SELECT t.id, t.${enColumn} AS en, t.slug_es AS es FROM (
          SELECT id, 0 AS rank FROM ${table} WHERE ${here} = ${segment}
          UNION ALL SELECT id, 1 FROM ${table} WHERE ${there} = ${segment}
          UNION ALL SELECT target_id, 2 FROM catalog_slug_history WHERE kind = ${kind} AND locale = ${locale} AND slug = ${segment}
          UNION ALL SELECT target_id, 3 FROM catalog_slug_history WHERE kind = ${kind} AND locale = ${otherLocale(locale)} AND slug = ${segment}
          UNION ALL SELECT id, 4 FROM ${table} WHERE id = ${segment}
        ) m JOIN ${table} t ON t.id = m.id ORDER BY m.rank LIMIT 1`,
  );
  const row = rows[0];
  return row ? { id: row.id, slugs: { en: row.en, es: row.es } } : null;
}

/** The slugs of these products, by id (cards, carts and emails link to them). */
export async function listProductSlugs(db: Db, ids: readonly string[]): Promise<Record<string, CatalogSlugs>> {
  if (ids.length === 0) return {};
  const rows = await queryRows<{ id: string; en: string; es: string }>(
    db,
    sql`SELECT id, slug_en AS en, slug_es AS es FROM products WHERE id IN (${textSetSql([...ids])})`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, { en: r.en, es: r.es }]));
}

/** A product's SEO title, description and image alt texts in one language (Spanish falls back to English). */
export async function getProductSeo(db: Db, id: string, locale: CatalogLocale): Promise<ProductSeoText> {
  const es = locale === "es";
  const rows = await queryRows<{ title: string | null; description: string | null; alts: Record<string, string> | null }>(
    db,
    sql`SELECT ${es ? sql`coalesce(nullif(p.seo_title_es, ''), p.seo_title_en)` : sql`p.seo_title_en`} AS title,
          ${es ? sql`coalesce(nullif(p.seo_description_es, ''), p.seo_description_en)` : sql`p.seo_description_en`} AS description,
          (SELECT jsonb_object_agg(i.url, ${es ? sql`coalesce(nullif(i.alt_es, ''), i.alt_en)` : sql`i.alt_en`})
             FROM product_images i WHERE i.product_id = p.id AND ${es ? sql`coalesce(nullif(i.alt_es, ''), i.alt_en)` : sql`i.alt_en`} <> '') AS alts
        FROM products p WHERE p.id = ${id}`,
  );
  const row = rows[0];
  return { title: row?.title ?? null, description: row?.description ?? null, imageAlts: row?.alts ?? {} };
}
