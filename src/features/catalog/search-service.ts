import type { Db } from "@/server/db/client";
import type { CatalogLocale, ProductListResult } from "./api-shape";
import { idsInOrderSql, loadProducts } from "./product-loader";
import { searchPage } from "./search-matches";
import { searchWords } from "./search-sql";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./service";

/** Search over the listed catalog (docs/product.md#search): words, the match condition, the ranking and the call. */

export type SearchInput = { query: string; locale: CatalogLocale; offset?: number; limit?: number };

/**
 * Case- and accent-insensitive search over title, subtitle, description (HTML stripped), category names and option
 * values in the shopper's language: every word written somewhere, or every word as a stem (search-sql.ts, decision
 * 0386); ranked with title matches first, then trigram similarity of the title, then catalog order. A search asked for
 * the first time has only its page ranked by the database; asked again, its ranked matches are kept per process and
 * brought up to date on every call (search-matches.ts, decision 0391), so a call is then one statement: the page.
 */
export async function searchProducts(db: Db, input: SearchInput): Promise<ProductListResult> {
  const offset = input.offset ?? 0;
  const limit = Math.min(input.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const words = searchWords(input.query);
  if (words.length === 0) return { count: 0, offset, limit, products: [] };
  const { count, ids } = await searchPage(db, words, input.locale, offset, limit);
  return { count, offset, limit, products: ids.length ? await loadProducts(db, idsInOrderSql(ids), input.locale) : [] };
}
