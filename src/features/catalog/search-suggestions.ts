import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale } from "./api-shape";
import { searchProducts } from "./search-service";
import { nameMatchesSql, searchWords } from "./search-sql";
import { listProductSlugs } from "./address-service";
import { categoryPath, productPath } from "@/lib/catalog-paths";

/**
 * Suggestions while typing in the header search (docs/product.md#search): the top products and categories, each with
 * its address in the shopper's language (without the language prefix), so a chosen one opens without a redirect.
 */

export type SearchSuggestions = {
  products: Array<{ id: string; title: string; image: string | null; href: string }>;
  categories: Array<{ slug: string; name: string; href: string }>;
};

export const SUGGESTED_PRODUCTS = 5;
export const SUGGESTED_CATEGORIES = 3;
/** Fewer characters than this suggest nothing: one letter matches most of a big catalog and helps nobody. */
export const SUGGEST_MIN_CHARS = 2;

export async function searchSuggestions(db: Db, input: { query: string; locale: CatalogLocale }): Promise<SearchSuggestions> {
  const words = searchWords(input.query);
  if (words.join(" ").length < SUGGEST_MIN_CHARS) return { products: [], categories: [] };
  // The products are the search page's first results (the same ranking, decision 0391), so Enter on the text agrees.
  const [found, categories] = await Promise.all([
    searchProducts(db, { query: input.query, locale: input.locale, limit: SUGGESTED_PRODUCTS }),
    matchingCategories(db, words, input.locale),
  ]);
  const slugs = await listProductSlugs(db, found.products.map((p) => p.id));
  return {
    products: found.products.map((p) => ({ id: p.id, title: p.title, image: p.thumbnail, href: productPath(slugs[p.id]!, input.locale) })),
    categories,
  };
}

/** Categories whose name (in the shopper's language) holds every word and that show at least one product. */
async function matchingCategories(db: Db, words: string[], locale: CatalogLocale) {
  const name = locale === "es" ? sql`coalesce(nullif(c.name_es, ''), c.name_en)` : sql`c.name_en`;
  const rows = await queryRows<{ slug: string; slug_es: string; name: string }>(
    db,
    sql`SELECT c.slug, c.slug_es, ${name} AS name FROM categories c
        WHERE ${nameMatchesSql(name, words, locale)}
          AND EXISTS (SELECT 1 FROM product_categories pc WHERE pc.category_id = c.id AND pc.product_listed)
        ORDER BY c.sort_order, c.id LIMIT ${SUGGESTED_CATEGORIES}`,
  );
  return rows.map((c) => ({ slug: c.slug, name: c.name, href: categoryPath({ en: c.slug, es: c.slug_es }, locale) }));
}
