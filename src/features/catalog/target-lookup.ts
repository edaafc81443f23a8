import { and, asc, ilike, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { categories, products } from "@/server/db/schema/catalog";

/*
 * Products and categories by name or id, for forms of other domains that point at them (a discount's products and
 * categories, docs/product.md#discount-codes): the catalog owns the tables, so it answers.
 */

export type CatalogTargetKind = "product" | "category";
export type CatalogTarget = { id: string; name: string };

const LIMIT = 20;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const named = (en: string, es: string, locale: string) => (locale === "es" && es) || en;

/** Up to 20 products (not deleted, hidden ones included) or categories whose name holds the text, in either language. */
export async function searchCatalogTargets(db: Db, kind: CatalogTargetKind, text: string, locale: string): Promise<CatalogTarget[]> {
  const q = text.trim().slice(0, 100);
  const pattern = likePattern(q);
  if (kind === "product") {
    const rows = await db
      .select({ id: products.id, en: products.titleEn, es: products.titleEs })
      .from(products)
      .where(and(isNull(products.deletedAt), q ? or(ilike(products.titleEn, pattern), ilike(products.titleEs, pattern), ilike(products.id, pattern)) : undefined))
      .orderBy(asc(products.titleEn), asc(products.id))
      .limit(LIMIT);
    return rows.map((r) => ({ id: r.id, name: named(r.en, r.es, locale) }));
  }
  const rows = await db
    .select({ id: categories.id, en: categories.nameEn, es: categories.nameEs })
    .from(categories)
    .where(q ? or(ilike(categories.nameEn, pattern), ilike(categories.nameEs, pattern), ilike(categories.id, pattern)) : undefined)
    .orderBy(asc(categories.nameEn), asc(categories.id))
    .limit(LIMIT);
  return rows.map((r) => ({ id: r.id, name: named(r.en, r.es, locale) }));
}

/** The names of the given ids that exist (deleted products left out), in the order asked. */
export async function catalogTargetsById(db: Pick<Db, "select">, kind: CatalogTargetKind, ids: string[], locale: string): Promise<CatalogTarget[]> {
  if (ids.length === 0) return [];
  const rows =
    kind === "product"
      ? await db.select({ id: products.id, en: products.titleEn, es: products.titleEs }).from(products).where(and(inArray(products.id, ids), isNull(products.deletedAt)))
      : await db.select({ id: categories.id, en: categories.nameEn, es: categories.nameEs }).from(categories).where(inArray(categories.id, ids));
  const byId = new Map(rows.map((r) => [r.id, named(r.en, r.es, locale)]));
  return ids.flatMap((id) => (byId.has(id) ? [{ id, name: byId.get(id)! }] : []));
}
