import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale } from "./api-shape";

/**
 * How many of the catalog's words stand in for one word typed: the nearest few, so a typo near several real words
 * ("bagz": "bag", "bags") finds each of them, while the products' search stays a handful of index conditions.
 */
const SPELLINGS_PER_WORD = 6;

/**
 * For each word of a search, the catalog's words (search_lexicon, drizzle/0080) it is a near spelling of, nearest
 * first: pg_trgm's word similarity of the word to the catalog word at or above its threshold (`<%`, 0.6 by default),
 * the test the typo tier made against every product's whole document before (decision 0394). The lexicon holds tens
 * of thousands of words where the catalog holds a million documents: a few milliseconds instead of hundreds.
 * Only words of up to 64 letters are spellings (the lexicon also holds longer ones for postings: drizzle/0084).
 * Null when a word has none: no product can then hold every word.
 */
export async function nearSpellings(db: Db, words: string[], locale: CatalogLocale): Promise<string[][] | null> {
  const rows = await queryRows<{ i: number | string; word: string }>(
    db,
    sql`SELECT q.i, l.word
        FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY AS q(typed, i),
          LATERAL (SELECT public.vitrina_search_normalize(q.typed) AS w) n,
          LATERAL (SELECT x.word FROM search_lexicon x WHERE x.locale = ${locale} AND n.w <% x.word AND length(x.word) <= 64
                   GROUP BY x.word ORDER BY word_similarity(n.w, x.word) DESC, x.word LIMIT ${SPELLINGS_PER_WORD}) l
        ORDER BY q.i`,
  );
  const near: string[][] = words.map(() => []);
  for (const r of rows) near[Number(r.i) - 1].push(r.word);
  return near.every((spellings) => spellings.length > 0) ? near : null;
}
