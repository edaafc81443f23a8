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
export const anywherePatternSql = (w: string) => sql`('%' || vitrina_search_normalize(${escapeLike(w)}) || '%')`;

/** How words match: as words (every one as written, or every one stemmed), or, when that finds nothing, as near spellings. */
export type SearchMode = "words" | "typos";

/**
 * The whole normalised document: title, subtitle and description (drizzle/0003) with the category names and option
 * values (drizzle/0070, stored normalised: drizzle/0083), trigram-indexed as this very expression, so a word written
 * anywhere in what the shopper sees of a product is one substring of it (a word's start too: "handb" finds "Handbags").
 */
const wholeOf = (locale: CatalogLocale) =>
  locale === "es" ? sql`(p.search_es || ' ' || p.search_terms_es)` : sql`(p.search_en || ' ' || p.search_terms_en)`;
const titleOf = (locale: CatalogLocale) => (locale === "es" ? sql`p.search_title_es` : sql`p.search_title_en`);
/** The title's distinct trigrams, counted and stored (drizzle/0081). */
const titleTrigramsOf = (locale: CatalogLocale) => (locale === "es" ? sql`p.search_title_trigrams_es` : sql`p.search_title_trigrams_en`);
/** The weighted, stemmed documents of drizzle/0070: title A; subtitle, category names and option values B; description C. */
const ftsOf = (locale: CatalogLocale) => (locale === "es" ? sql`p.search_fts_es` : sql`p.search_fts_en`);
/** The text search configuration of a language: its stemmer and stop words. */
export const configOf = (locale: CatalogLocale) => sql.raw(locale === "es" ? `'pg_catalog.spanish'::regconfig` : `'pg_catalog.english'::regconfig`);
const stemmed = (w: string, locale: CatalogLocale) => sql`plainto_tsquery(${configOf(locale)}, vitrina_search_normalize(${w}))`;

/**
 * Every word in a text (normalised) as written, or every word as a stemmed word of its word document (decision 0386).
 * Each side is ONE index condition: the words' substrings are keys of one trigram scan, the stems one tsquery, so the
 * index skips through the common words' entries by the rarest one instead of intersecting a bitmap per word.
 * The stems come first: a trigram match is only a candidate, so every row the two scans found is checked again
 * against this condition, and PostgreSQL evaluates an OR in the order written. The stems' check reads a stored
 * document; the substrings' scans the whole text. Most matches are words, so stems first was 2–3× less work per match
 * at a million products (docs/performance-log.md, decision 0391), when the category names and options were still
 * normalised at each check (they are stored normalised since drizzle/0083).
 */
function allWordsSql(text: SQL, fts: SQL, words: string[], locale: CatalogLocale): SQL {
  const substrings = sql.join(
    words.map((w) => sql`${text} LIKE ${anywherePatternSql(w)}`),
    sql` AND `,
  );
  return sql`(${fts} @@ ${stemmed(words.join(" "), locale)} OR (${substrings}))`;
}

/** A name (a category's, alias-free expression) holding every word, as the product documents do. */
export function nameMatchesSql(name: SQL, words: string[], locale: CatalogLocale): SQL {
  const text = sql`vitrina_search_normalize(${name})`;
  return allWordsSql(text, sql`to_tsvector(${configOf(locale)}, ${text})`, words, locale);
}

/** Listed products whose document in `locale` holds every word (alias `p`); the filters' search scope too. */
export function searchWhereSql(words: string[], locale: CatalogLocale): SQL {
  // Planned for each search's words: a generic plan cannot see the pattern (src/server/db/prepared-statements.ts).
  return sql`${planEachCall} ${visibleToShopper} AND ${allWordsSql(wholeOf(locale), ftsOf(locale), words, locale)}`;
}

/**
 * Listed products that match a search's near spellings as they would match the words themselves (allWordsSql): for
 * every word one of its near spellings (the catalog's own words nearest to it: search-lexicon.ts, decision 0394)
 * written somewhere, or for every word one of them as a stemmed word. The stems come first, as for words: most
 * products found hold the spellings as words, and their check then reads the stored word document instead of scanning
 * the whole text for every spelling (decision 0396).
 */
export function nearSpellingsWhereSql(near: string[][], locale: CatalogLocale): SQL {
  const substrings = sql.join(
    near.map((spellings) => sql`(${sql.join(spellings.map((w) => sql`${wholeOf(locale)} LIKE ${anywherePatternSql(w)}`), sql` OR `)})`),
    sql` AND `,
  );
  const stems = sql.join(
    near.map((spellings) => sql`(${sql.join(spellings.map((w) => stemmed(w, locale)), sql` || `)})`),
    sql` && `,
  );
  return sql`${planEachCall} ${visibleToShopper} AND (${ftsOf(locale)} @@ (${stems}) OR (${substrings}))`;
}

/**
 * The word's stemmed query with every lexeme asked in these weights only ('bag':AB): what `ts_filter(doc, weights) @@
 * query` answers, without building a filtered document per row. plainto_tsquery writes each lexeme quoted (a quote
 * inside doubled), so a weight is appended after each quoted lexeme; computed once per statement (immutable).
 */
const weighted = (w: string, locale: CatalogLocale, weights: "A" | "AB") =>
  sql`regexp_replace(${stemmed(w, locale)}::text, ${"'(?:[^']|'')*'"}, ${`\\&:${weights}`}, 'g')::tsquery`;

/** Every word in the document's parts of these weights (A: title, B: subtitle, categories, options), or the title. */
function allWordsInSql(words: string[], locale: CatalogLocale, weights: "A" | "AB"): SQL {
  const title = titleOf(locale);
  return sql.join(
    words.map((w) => sql`(${title} LIKE ${anywherePatternSql(w)} OR ${ftsOf(locale)} @@ ${weighted(w, locale, weights)})`),
    sql` AND `,
  );
}

/**
 * The ranking's first key (alias `p`): 0 when the title holds the phrase, 1 when it holds every word (as written or
 * stemmed), 2 when the title, subtitle, category names and option values do, else 3 (the description).
 */
export function searchTierSql(words: string[], locale: CatalogLocale): SQL {
  return sql`CASE WHEN ${titleOf(locale)} LIKE ('%' || vitrina_search_normalize(${words.join(" ")}) || '%') THEN 0
    WHEN ${allWordsInSql(words, locale, "A")} THEN 1 WHEN ${allWordsInSql(words, locale, "AB")} THEN 2 ELSE 3 END`;
}

/**
 * The ranking's second key (alias `p`): trigram similarity of the title to the words, higher first. When every word
 * (letters and digits only, once normalised) stands in the title as a whole word, the title holds every trigram of
 * the words, so the similarity is exactly the words' trigram count ÷ the title's: searchSimilarityBoundSql's value, the
 * same float4 division. Most titles a search ranks hold its words so, and a whole-word test of the stored title costs
 * a fraction of making its trigrams again: ranking a common word's 48,096 matches at a million products took ~190 →
 * ~130 ms in the database. pg_trgm's words are runs of letters and digits; a regular expression's \m…\M also refuses
 * an underscore beside the word, which only sends that title to similarity() itself.
 */
export function searchSimilaritySql(words: string[], locale: CatalogLocale): SQL {
  const title = titleOf(locale);
  const wholeWords = sql.join(words.map((w) => wholeWordSql(title, w)), sql` AND `);
  return sql`CASE WHEN ${wholeWords} THEN ${searchSimilarityBoundSql(words, locale)}
    ELSE similarity(${title}, vitrina_search_normalize(${words.join(" ")})) END`;
}

/**
 * Whether the title holds the word whole: between spaces (or the title's ends), which LIKE tells; absent, which LIKE
 * tells too; else (beside punctuation, or inside a longer word) by a regular expression. The expression is asked last
 * because it is ~10× the cost of a LIKE (2.7 µs a title here: 130 of the ~300 ms a common word's full ranking took at a
 * million products), and most titles hold a searched word between spaces. A CASE, as its branches go in this order
 * and only a word of letters and digits is ever made into a pattern (it then needs no LIKE escape either).
 */
function wholeWordSql(title: SQL, w: string): SQL {
  const word = sql`vitrina_search_normalize(${w})`;
  return sql`(CASE WHEN ${word} !~ '^[[:alnum:]]+$' THEN false
    WHEN (' ' || ${title} || ' ') LIKE ('% ' || ${word} || ' %') THEN true
    WHEN ${title} NOT LIKE ('%' || ${word} || '%') THEN false
    ELSE ${title} ~ ('\\m' || ${word} || '\\M') END)`;
}

/** The columns searchSimilaritySql reads (alias `p`): a row set carrying them can stand in for the product as `p`. */
export function searchSimilarityColumnsSql(locale: CatalogLocale): SQL {
  return sql`${titleOf(locale)}, ${titleTrigramsOf(locale)}`;
}

/**
 * At least the title similarity of searchSimilaritySql (alias `p`), from two counts: the words' distinct trigrams and
 * the title's, stored (drizzle/0081). Similarity is common ÷ (both counts − common), largest when one set holds the
 * other: min ÷ max. In real (float4) arithmetic as pg_trgm's own, so where it is exact it is the same number.
 */
export function searchSimilarityBoundSql(words: string[], locale: CatalogLocale): SQL {
  const title = titleTrigramsOf(locale);
  const typed = sql`coalesce(array_length(public.show_trgm(vitrina_search_normalize(${words.join(" ")})), 1), 0)`;
  return sql`(least(${typed}, ${title})::real / greatest(${typed}, ${title}, 1)::real)`;
}

/** A match's ranking keys, as the statements give them (a similarity may come as text). */
export type RankRow = { id: string; tier: number; sim: number | string; sort_order: number };

/**
 * searchRankSql's order in JavaScript (decision 0398: the database took ~150 ms to sort a common word's 48,096
 * matches, Node 16–50), ids in code-unit order, as the statements' `COLLATE "C"` puts them (byte order: the same for
 * ASCII ids).
 */
export function byRank(a: RankRow, b: RankRow): number {
  return a.tier - b.tier || Number(b.sim) - Number(a.sim) || a.sort_order - b.sort_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Search ranking (alias `p`): title matches first, then trigram similarity of the title, then catalog order, then the
 * id in code-unit order (not the database's collation: a kept ranking is sorted in JavaScript, search-matches.ts).
 */
export function searchRankSql(words: string[], locale: CatalogLocale): SQL {
  return sql`${searchTierSql(words, locale)}, ${searchSimilaritySql(words, locale)} DESC, p.sort_order, p.id COLLATE "C"`;
}
