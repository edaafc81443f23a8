import { sql, type SQL } from "drizzle-orm";
import type { CatalogLocale } from "./api-shape";
import { shopperVisibleSql as visibleToShopper } from "./visibility";
import { planEachCall } from "@/server/db/prepared-statements";

/** Search's SQL over the listed catalog (docs/product.md#search): its words, the match condition and the ranking. */

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
  // Planned for each search's words: a generic plan cannot see the pattern (src/server/db/prepared-statements.ts).
  return sql`${planEachCall} ${sql.join([visibleToShopper, ...words.map((w) => sql`${doc} LIKE ${pattern(w)}`)], sql` AND `)}`;
}

/** The ranking's first key (alias `p`): 0 when the title holds the phrase, 1 when it holds every word, else 2. */
export function searchTierSql(words: string[], locale: CatalogLocale): SQL {
  const title = locale === "es" ? sql`p.search_title_es` : sql`p.search_title_en`;
  const titleHasAll = sql.join(
    words.map((w) => sql`${title} LIKE ${pattern(w)}`),
    sql` AND `,
  );
  return sql`CASE WHEN ${title} LIKE ('%' || vitrina_search_normalize(${words.join(" ")}) || '%') THEN 0 WHEN ${titleHasAll} THEN 1 ELSE 2 END`;
}

/** The ranking's second key (alias `p`): trigram similarity of the title to the words, higher first. */
export function searchSimilaritySql(words: string[], locale: CatalogLocale): SQL {
  const title = locale === "es" ? sql`p.search_title_es` : sql`p.search_title_en`;
  return sql`similarity(${title}, vitrina_search_normalize(${words.join(" ")}))`;
}

/** Search ranking (alias `p`): title matches first, then trigram similarity of the title, then catalog order. */
export function searchRankSql(words: string[], locale: CatalogLocale): SQL {
  return sql`${searchTierSql(words, locale)}, ${searchSimilaritySql(words, locale)} DESC, p.sort_order, p.id`;
}
