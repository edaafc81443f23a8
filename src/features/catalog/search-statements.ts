import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale } from "./api-shape";
import { searchSimilarityBoundSql, searchSimilarityColumnsSql, searchSimilaritySql, searchTierSql } from "./search-sql";

/** The statements that read a search's matches (search-matches.ts runs them; the search bench explains them). */

/**
 * The settings every search statement runs with: read through the indexes, never by a full scan: the planner adds up
 * the chances of a word's ways to match as if they were apart, so one common word ("chronograph", 5% of a million)
 * looked like a seventh of the table and got a parallel full scan, 2.7× slower than its GIN indexes
 * (docs/performance-log.md). And in one process, without JIT: the same misjudged size (over 100,000 in cost) had every
 * search's expressions compiled first (~100 ms at a million products) and its heap read split between workers, whose
 * start and merge cost more than a few thousand rows' reading ("cinturon piel": 70 → 22 ms serial; a shop's server
 * answers several shoppers at once anyway). 16 MB of work_mem keeps a common word's matches (~5 MB) in memory for a
 * first page's three reads of them (~139 → ~118 ms).
 */
export const searchSettingsSql = sql`SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
  set_config('jit', 'off', true), set_config('work_mem', '16MB', true)`;

/** A search statement's rows, read with searchSettingsSql (for its transaction only). */
export function readByIndexes<T extends Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(searchSettingsSql);
    return queryRows<T>(tx, statement);
  });
}

/** A match's ranking keys (alias `p`): searchRankSql's, as columns. */
const rankColumnsSql = (words: string[], locale: CatalogLocale) =>
  sql`p.id, ${searchTierSql(words, locale)} AS tier, ${searchSimilaritySql(words, locale)} AS sim, p.sort_order`;

/** Every match (`where`, alias `p`) with its ranking keys, unordered (a kept ranking is sorted in Node: search-matches.ts, decision 0398). */
export const rankAllSql = (words: string[], locale: CatalogLocale, where: SQL) =>
  sql`SELECT ${rankColumnsSql(words, locale)} FROM products p WHERE ${where}`;

/**
 * The first `need` ids of a search's ranking (`id`) and how many products match (`n`, on every row), ranked by the
 * database without sending it every match: the matches are read once into the statement's own table (the CTE),
 * counted, and only the page's rows leave it (decision 0391).
 *
 * Title similarity, the ranking's second key, is computed for the page's candidates only (decision 0396): the matches
 * are put in order by a bound of it made from stored trigram counts (searchSimilarityBoundSql), the first `need`
 * get their similarity, and the last of them in the true order sets the bar: any other match of its tier whose bound
 * reaches that similarity could still rank above it, and is ranked too. Every match left out has a worse tier or a
 * bound, and so a similarity, below the bar: the page is the one ranking them all would give. The bar is read as two
 * values (one-row subqueries) so that finding its rivals is one filtered pass over the kept matches: joined to it as a
 * table, the planner hashed every match first (~9 of ~90 ms for "chronograph" at a million products). The matches
 * carry the columns the similarity reads: a prefix's ~1,400 rivals are not looked up again (~67 → ~58 ms).
 */
export function firstPageSql(words: string[], locale: CatalogLocale, where: SQL, need: number): SQL {
  const sim = searchSimilaritySql(words, locale);
  return sql`WITH m AS MATERIALIZED (
      SELECT p.id, ${searchTierSql(words, locale)} AS tier, ${searchSimilarityBoundSql(words, locale)} AS bound, p.sort_order,
             ${searchSimilarityColumnsSql(locale)}
      FROM products p WHERE ${where}),
    top AS (SELECT * FROM m ORDER BY m.tier, m.bound DESC, m.sort_order, m.id COLLATE "C" LIMIT ${need}),
    ranked AS (SELECT p.id, p.tier, ${sim} AS sim, p.sort_order FROM top p),
    bar AS (SELECT r.tier, r.sim FROM ranked r ORDER BY r.tier DESC, r.sim LIMIT 1),
    rivals AS (SELECT p.id, p.tier, ${sim} AS sim, p.sort_order FROM m p
               WHERE p.tier = (SELECT bar.tier FROM bar) AND p.bound >= (SELECT bar.sim FROM bar) AND p.id NOT IN (SELECT t.id FROM top t))
    SELECT c.id, (SELECT count(*) FROM m) AS n FROM (SELECT * FROM ranked UNION ALL SELECT * FROM rivals) c
    ORDER BY c.tier, c.sim DESC, c.sort_order, c.id COLLATE "C" LIMIT ${need}`;
}
