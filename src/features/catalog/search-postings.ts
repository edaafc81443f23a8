import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { planEachCall } from "@/server/db/prepared-statements";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale } from "./api-shape";
import { anywherePatternSql, byRank, configOf, searchSimilaritySql, type RankRow } from "./search-sql";

/**
 * A one-word search's first page and count from the postings index (search_postings, drizzle/0084, decision 0400):
 * the same matches, count and page as firstPageSql through the GIN indexes, without visiting every match.
 */

/**
 * The most catalog words one typed word may stand for: a few letters common to many words ("ing") are left to the GIN
 * indexes, whose one trigram scan does not grow with the words that hold them.
 */
const MAX_WORDS_HELD = 200;

/** A word typed alone, as postings read it. */
export type PostingPlan = {
  /** Its lexeme (the `l:` term), or null for a stop word. */
  lexeme: string | null;
  /** The catalog's words that hold it as written (the `w:` terms), and whether each has that same lexeme. */
  held: Array<{ word: string; sameLexeme: boolean }>;
  /** Its distinct trigrams: the similarity bound's numerator (searchSimilarityBoundSql). */
  trigrams: number;
};

type Posting = { id: string; trigrams: number };

/** The lexicon's rows of the catalog words that hold `word` as written (normalised), in the language. */
const wordsHoldingSql = (word: string, locale: CatalogLocale) =>
  sql`SELECT x.word FROM search_lexicon x WHERE x.locale = ${locale} AND x.word LIKE ${anywherePatternSql(word)}`;

/**
 * How postings answer `words`, or null when they cannot: more than one word (the GIN indexes intersect words in one
 * scan), a word that is not three or more letters and digits once normalised (it could span two words; postings keep
 * words of three letters or more), a word stemmed into more than one lexeme, or one held by more than MAX_WORDS_HELD
 * catalog words. A word of letters and digits can only be written inside one of the catalog's words, and the lexicon
 * holds every word a listed product has: their postings are exactly its substring matches (decision 0400).
 */
export async function postingPlanOf(db: Db, words: string[], locale: CatalogLocale): Promise<PostingPlan | null> {
  if (words.length !== 1 || words[0].length < 3) return null;
  const config = configOf(locale);
  const [row] = await queryRows<{ usable: boolean; lexemes: string[]; trigrams: number; held: Array<[string, boolean]> }>(
    db,
    // Planned for each call: a generic plan cannot see the lexicon's pattern (src/server/db/prepared-statements.ts).
    sql`${planEachCall} WITH n AS (SELECT vitrina_search_normalize(${words[0]}) AS w),
          l AS (SELECT ARRAY(SELECT u.lexeme FROM n, unnest(to_tsvector(${config}, n.w)) u) AS lexemes),
          h AS (SELECT DISTINCT x.word FROM (${wordsHoldingSql(words[0], locale)}) x LIMIT ${MAX_WORDS_HELD + 1})
        SELECT n.w ~ '^[[:alnum:]]{3,}$' AS usable, l.lexemes, coalesce(array_length(public.show_trgm(n.w), 1), 0) AS trigrams,
          coalesce((SELECT jsonb_agg(jsonb_build_array(h.word, ARRAY(SELECT v.lexeme FROM unnest(to_tsvector(${config}, h.word)) v) = l.lexemes))
                    FROM h), '[]'::jsonb) AS held
        FROM n, l`,
  );
  if (!row?.usable || row.lexemes.length > 1 || row.held.length > MAX_WORDS_HELD) return null;
  const lexeme = row.lexemes[0] ?? null;
  return { lexeme, held: row.held.map(([word, same]) => ({ word, sameLexeme: lexeme !== null && same })), trigrams: Number(row.trigrams) };
}

/**
 * Whether postings and the lexicon tell that `words` match nothing (searchWhereSql): not as stems, when the words
 * have no lexeme or one of theirs is no listed product's; and not as written, when a word of letters and digits is
 * inside none of the catalog's words. A typo ("cognak tote") then goes to its near spellings without a read through
 * the GIN indexes that would find nothing (8–17 ms at a million products). False whenever either side may match.
 */
export async function wordsMatchNothing(db: Db, words: string[], locale: CatalogLocale): Promise<boolean> {
  const unwritten = sql.join(
    words.map(
      (w) => sql`(vitrina_search_normalize(${w}) ~ '^[[:alnum:]]{2,}$'
        AND NOT EXISTS (${wordsHoldingSql(w, locale)}))`,
    ),
    sql` OR `,
  );
  const [row] = await queryRows<{ nothing: boolean }>(
    db,
    sql`${planEachCall} WITH stems AS (SELECT u.lexeme FROM unnest(to_tsvector(${configOf(locale)}, vitrina_search_normalize(${words.join(" ")}))) u)
        SELECT (NOT EXISTS (SELECT 1 FROM stems) OR EXISTS (SELECT 1 FROM stems s WHERE NOT EXISTS (
                  SELECT 1 FROM search_postings p WHERE p.locale = ${locale} AND p.term = 'l:' || s.lexeme)))
          AND (${unwritten}) AS nothing`,
  );
  return row?.nothing === true;
}

const inList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Every matching product once: those with the lexeme (a row each), and those with a held word that the lexeme's did
 * not already give (a word with the same lexeme, held by the product, is given there). The lexeme's rows are read
 * from the index alone; only the rest, few for a whole word, are made distinct. Each term is a range of the index:
 * one condition of them all (OR) read every row from the heap (~150 against ~8 ms for a common word).
 */
function matchingIdsSql(locale: CatalogLocale, plan: PostingPlan): SQL {
  const lexemeTerm = plan.lexeme === null ? null : `l:${plan.lexeme}`;
  const same = plan.held.filter((h) => h.sameLexeme).map((h) => `w:${h.word}`);
  const other = plan.held.filter((h) => !h.sameLexeme).map((h) => `w:${h.word}`);
  const rest = [
    ...(same.length ? [sql`(r.term IN (${inList(same)}) AND NOT r.lexeme_held)`] : []),
    ...(other.length ? [sql`r.term IN (${inList(other)})`] : []),
  ];
  const notByLexeme = lexemeTerm
    ? sql`AND NOT EXISTS (SELECT 1 FROM search_postings k WHERE k.product_id = r.product_id AND k.locale = ${locale} AND k.term = ${lexemeTerm})`
    : sql``;
  const parts = [
    ...(lexemeTerm ? [sql`SELECT s.product_id AS id FROM search_postings s WHERE s.locale = ${locale} AND s.term = ${lexemeTerm}`] : []),
    ...(rest.length
      ? [sql`SELECT DISTINCT r.product_id AS id FROM search_postings r WHERE r.locale = ${locale} AND (${sql.join(rest, sql` OR `)}) ${notByLexeme}`]
      : []),
  ];
  return parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL::text AS id WHERE false`;
}

/** How many products match (matchingIdsSql). */
export const countSql = (locale: CatalogLocale, plan: PostingPlan): SQL => sql`SELECT count(*) AS n FROM (${matchingIdsSql(locale, plan)}) m`;

/**
 * Every product that matches, in no order. The ids come as one text, split here: 48,096 of them as rows, or as a
 * JSON array, took the driver about twice as long to read. Ids Vitrina writes hold no space; should one, the pieces
 * do not add up to the count, and the ids are read as JSON instead.
 */
export async function matchIdsFromPostings(db: Db, locale: CatalogLocale, plan: PostingPlan): Promise<string[]> {
  const matching = matchingIdsSql(locale, plan);
  const [row] = await queryRows<{ n: number | string; ids: string | null }>(db, sql`SELECT count(*) AS n, string_agg(m.id, ' ') AS ids FROM (${matching}) m`);
  const ids = row?.ids ? row.ids.split(" ") : [];
  if (ids.length === Number(row?.n ?? 0)) return ids;
  const [json] = await queryRows<{ ids: string[] | null }>(db, sql`SELECT json_agg(m.id) AS ids FROM (${matching}) m`);
  return json?.ids ?? [];
}

/**
 * Every term's rows of `where` (alias `s`), taken in title trigram counts from the words' own outwards (the
 * similarity bound's order, decision 0396: it falls both ways from there), at most `limit` from each side of each
 * term and `lexeme_held` value (each a range of the index; every row when `limit` is null).
 */
export function postingsSql(locale: CatalogLocale, terms: string[], where: SQL, trigrams: number, limit: number | null): SQL {
  const keys = sql.join(
    terms.flatMap((t) => [sql`(${t}, false)`, sql`(${t}, true)`]),
    sql`, `,
  );
  const side = (range: SQL, order: SQL) => sql`SELECT x.id, x.trigrams FROM (VALUES ${keys}) q(term, held),
    LATERAL (SELECT s.product_id AS id, s.title_trigrams AS trigrams FROM search_postings s
             WHERE s.locale = ${locale} AND s.term = q.term AND s.lexeme_held = q.held AND ${where} AND ${range}
             ORDER BY ${order} ${limit === null ? sql`` : sql`LIMIT ${limit}`}) x`;
  return sql`${side(sql`s.title_trigrams >= ${trigrams}`, sql`s.tier, s.title_trigrams`)}
    UNION ALL ${side(sql`s.title_trigrams < ${trigrams}`, sql`s.tier DESC, s.title_trigrams DESC`)}`;
}

async function postingsOf(db: Db, locale: CatalogLocale, terms: string[], where: SQL, trigrams: number, limit: number | null): Promise<Posting[]> {
  const rows = await queryRows<Posting>(db, postingsSql(locale, terms, where, trigrams, limit));
  return rows.map((r) => ({ id: r.id, trigrams: Number(r.trigrams) }));
}

/** The terms postings read for a plan: its lexeme's and its held words'. */
export const termsOf = (plan: PostingPlan) => [...(plan.lexeme === null ? [] : [`l:${plan.lexeme}`]), ...plan.held.map((h) => `w:${h.word}`)];

/** searchSimilarityBoundSql in JavaScript: the same float4 division (integers below 2^24 divide exactly once rounded). */
const boundOf = (typed: number, title: number) => Math.fround(Math.min(typed, title) / Math.max(typed, title, 1));

/** The candidates' exact ranking keys: title similarity (searchSimilaritySql) and catalog order, from their products. */
async function rankedFrom(db: Db, words: string[], locale: CatalogLocale, tiers: Map<string, number>): Promise<Array<RankRow & { sim: number }>> {
  if (tiers.size === 0) return [];
  const rows = await queryRows<{ id: string; sim: number | string; sort_order: number }>(
    db,
    sql`SELECT p.id, ${searchSimilaritySql(words, locale)} AS sim, p.sort_order FROM products p
        WHERE p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify([...tiers.keys()])}::jsonb))`,
  );
  return rows.map((r) => ({ id: r.id, tier: tiers.get(r.id)!, sim: Math.fround(Number(r.sim)), sort_order: r.sort_order }));
}

/**
 * The first `need` ids of a one-word search's ranking and its count (unless not `counted`), from postings. A product's tier is the lowest
 * its terms give (exact for one word: decision 0400); tiers are taken in turn, each tier's products by the similarity
 * bound, until `need` are found; their similarity is computed and the last of them in the true order sets the bar:
 * only a product of its tier whose bound reaches it could still rank above (firstPageSql's reasoning, decision 0396),
 * and those are read as a range of title trigram counts. The reads see one snapshot.
 */
export async function firstPageFromPostings(
  db: Db,
  words: string[],
  locale: CatalogLocale,
  plan: PostingPlan,
  need: number,
  counted = true,
): Promise<{ count: number | null; ids: string[] }> {
  const terms = termsOf(plan);
  if (terms.length === 0) return { count: 0, ids: [] };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    // Uncounted (null) for a caller that knows the count already: a common word's count is ~8 ms of the ~15.
    const count = counted ? Number((await queryRows<{ n: number | string }>(tx, countSql(locale, plan)))[0].n) : null;
    if (count === 0) return { count, ids: [] };
    // A stream of a tier holds a product at most once, and a product of a lower tier is on the page already: `need`
    // rows of each stream hold the tier's best, and a tier is left only when every stream had fewer (all were read).
    const page = new Map<string, number>();
    for (let tier = 0; tier <= 3 && page.size < need; tier++) {
      const rows = (await postingsOf(tx, locale, terms, sql`s.tier = ${tier}`, plan.trigrams, need)).filter((r) => !page.has(r.id));
      const best = [...new Map(rows.map((r) => [r.id, boundOf(plan.trigrams, r.trigrams)])).entries()].sort((a, b) => b[1] - a[1]);
      for (const [id] of best.slice(0, need - page.size)) page.set(id, tier);
    }
    const ranked = await rankedFrom(tx, words, locale, page);
    const bar = ranked.reduce((worst, r) => (r.tier > worst.tier || (r.tier === worst.tier && r.sim < worst.sim) ? r : worst), ranked[0]);
    const rivals = new Map<string, number>();
    if (page.size === need && bar) {
      const upper = bar.sim > 0 ? sql`s.title_trigrams <= ${Math.ceil(plan.trigrams / bar.sim) + 1}` : sql`true`;
      const where = sql`s.tier = ${bar.tier} AND s.title_trigrams >= ${Math.floor(plan.trigrams * bar.sim) - 1} AND ${upper}`;
      for (const r of await postingsOf(tx, locale, terms, where, plan.trigrams, null)) {
        if (!page.has(r.id) && boundOf(plan.trigrams, r.trigrams) >= bar.sim) rivals.set(r.id, bar.tier);
      }
    }
    const all = [...ranked, ...(await rankedFrom(tx, words, locale, rivals))].sort(byRank);
    return { count, ids: all.slice(0, need).map((r) => r.id) };
  });
}
