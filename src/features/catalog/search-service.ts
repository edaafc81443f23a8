import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale, ProductListResult } from "./api-shape";
import { loadProducts } from "./product-loader";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./service";
import { shopperVisibleSql as visibleToShopper } from "./visibility";

/** Search over the listed catalog (docs/product.md#search): words, the match condition, the ranking and the call. */

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
