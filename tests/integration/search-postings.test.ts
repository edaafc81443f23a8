import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { describeOnEachDatabase } from "../helpers/test-database";
import { withDemoShopDatabase } from "../helpers/demo-shop-database";
import type { Db } from "@/server/db/client";
import { firstPageFromPostings, postingPlanOf, wordsMatchNothing } from "@/features/catalog/search-postings";
import { searchWhereSql } from "@/features/catalog/search-sql";
import { firstPageSql, readByIndexes } from "@/features/catalog/search-statements";
import { searchProducts } from "@/features/catalog/search-service";
import { forgetKeptSearches } from "@/features/catalog/search-matches";
import { queryRows } from "@/server/db/rows";

/*
 * A one-word search read from postings (decision 0400) must be the search the GIN indexes answer: the same matches,
 * the same count and the same page, for every word of the catalog and for what a person types on the way to it. And
 * the postings must follow every write that changes what a product says, whether it is listed, or its order.
 */

type Locale = "en" | "es";
type PageRow = { id: string; n: number | string };

/** Rows of search_postings that differ from the postings made afresh from the products now (both ways). */
const stalePostings = (t: { db: Db }) =>
  queryRows<{ term: string }>(
    t.db,
    sql`WITH fresh AS (
          SELECT x.locale, f.term, p.id AS product_id, f.tier, x.trigrams AS title_trigrams, p.sort_order, f.lexeme_held
          FROM products p,
            LATERAL (VALUES ('en', 'english'::regconfig, p.search_en || ' ' || p.search_terms_en, p.search_title_en, p.search_fts_en, p.search_title_trigrams_en),
              ('es', 'spanish'::regconfig, p.search_es || ' ' || p.search_terms_es, p.search_title_es, p.search_fts_es, p.search_title_trigrams_es))
              x(locale, config, doc, title, fts, trigrams),
            LATERAL vitrina_search_postings_of(x.config, x.doc, x.title, x.fts) f
          WHERE p.listed),
        kept AS (SELECT locale, term, product_id, tier, title_trigrams, sort_order, lexeme_held FROM search_postings)
        SELECT 'missing ' || concat_ws(' ', d.*) AS term FROM (SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept) d
        UNION ALL SELECT 'stale ' || concat_ws(' ', d.*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh) d`,
  );

describeOnEachDatabase("one-word search from postings", (kind) => {
  const t = withDemoShopDatabase(kind);

  /** The page of `need` and the count, from postings (null when they cannot answer) and through the GIN indexes. */
  async function bothWays(query: string, locale: Locale, need = 24) {
    const words = [query];
    const plan = await postingPlanOf(t.db, words, locale);
    const found = plan && (await firstPageFromPostings(t.db, words, locale, plan, need));
    const postings = found && { n: found.count, ids: found.ids };
    const rows = await readByIndexes<PageRow>(t.db, firstPageSql(words, locale, searchWhereSql(words, locale), need));
    const indexes = { n: Number(rows[0]?.n ?? 0), ids: rows.map((r) => r.id) };
    return { postings, indexes };
  }

  it("answers every word of the catalog, and its beginnings, as the GIN indexes do, in both languages", async () => {
    const lexicon = await queryRows<{ locale: Locale; word: string }>(
      t.db,
      sql`SELECT DISTINCT locale, word FROM search_lexicon WHERE length(word) >= 3 ORDER BY locale, word`,
    );
    expect(lexicon.length).toBeGreaterThan(300);
    // 150 of them, spread over the alphabet of both languages (each query is two statements per page size).
    const stride = Math.ceil(lexicon.length / 150);
    const queries = new Set<string>();
    for (const { locale, word } of lexicon.filter((_, i) => i % stride === 0)) {
      queries.add(`${locale}\u0000${word}`);
      // Typed with a capital and an accent the catalog may not have, and cut short as while typing.
      queries.add(`${locale}\u0000${word[0].toUpperCase()}${word.slice(1, 4)}`);
    }
    let answered = 0;
    let found = 0;
    for (const key of queries) {
      const [locale, query] = key.split("\u0000") as [Locale, string];
      // A page of one, of a few (a tier or the bar's rivals cut short) and of a whole listing.
      for (const need of [1, 4, 24]) {
        const { postings, indexes } = await bothWays(query, locale, need);
        if (!postings) continue;
        if (need === 24) answered++;
        if (need === 24 && indexes.n > 0) found++;
        expect(postings, `${locale}: ${query} (${need})`).toEqual(indexes);
      }
    }
    // Every word of three letters or more is answered from postings, and nearly all of them find products.
    expect(answered).toBe(queries.size);
    expect(found).toBeGreaterThan(queries.size * 0.9);
  });

  it("tells a search that matches nothing without the GIN indexes only when it matches nothing: typos, in both languages", async () => {
    const lexicon = await queryRows<{ locale: Locale; word: string }>(
      t.db,
      sql`SELECT DISTINCT locale, word FROM search_lexicon WHERE length(word) BETWEEN 4 AND 64 ORDER BY locale, word`,
    );
    // Pairs of catalog words, each also with a letter changed (a typo) and with a stop word beside it.
    const queries: Array<[Locale, string[]]> = [["en", ["lether", "wallte"]], ["es", ["zapatila", "lona"]], ["en", ["the"]], ["es", ["de", "la"]]];
    for (let i = 0; i + 1 < lexicon.length; i += Math.ceil(lexicon.length / 60)) {
      const [a, b] = [lexicon[i], lexicon[i + 1]];
      const typo = `${a.word.slice(0, 2)}${a.word[2] === "x" ? "q" : "x"}${a.word.slice(3)}`;
      queries.push([a.locale, [a.word, b.word]], [a.locale, [typo, b.word]], [a.locale, [typo]], [a.locale, ["the", a.word]]);
    }
    let told = 0;
    for (const [locale, words] of queries) {
      if (!(await wordsMatchNothing(t.db, words, locale))) continue;
      told++;
      const rows = await readByIndexes<PageRow>(t.db, firstPageSql(words, locale, searchWhereSql(words, locale), 1));
      expect(rows, `${locale}: ${words.join(" ")}`).toEqual([]);
    }
    // Typos are told (no catalog word holds them); whatever is told, the GIN indexes find nothing for either.
    expect(told).toBeGreaterThan(60);
    expect(await wordsMatchNothing(t.db, ["lether", "wallte"], "en")).toBe(true);
    expect(await wordsMatchNothing(t.db, ["leather", "wallet"], "en")).toBe(false);
  });

  it("leaves to the GIN indexes what postings cannot answer: several words, two letters, a word with other characters", async () => {
    for (const words of [["leather", "tote"], ["to"], ["t-shirt"], ["50%"], ["café."]]) {
      expect(await postingPlanOf(t.db, words, "en"), words.join(" ")).toBeNull();
    }
    expect(await postingPlanOf(t.db, ["Tote"], "en")).toMatchObject({ lexeme: "tote", held: expect.arrayContaining([{ word: "tote", sameLexeme: true }]) });
  });

  it("finds a word written inside a word longer than near spellings read (the lexicon keeps it)", async () => {
    const long = `pneumonoultramicroscopicsilicovolcanoconiosis${"x".repeat(30)}`;
    await t.db.execute(sql`
      INSERT INTO products (id, title_en, title_es, slug_en, slug_es, status, sort_order, has_variants)
      VALUES ('prod_long_word', ${`The ${long} bag`}, ${`Bolso ${long}`}, 'long-word', 'palabra-larga', 'published', 1, true)`);
    for (const locale of ["en", "es"] as const) {
      const { postings, indexes } = await bothWays("silicovolcano", locale);
      expect(postings).toEqual({ n: 1, ids: ["prod_long_word"] });
      expect(indexes).toEqual(postings);
    }
    expect(await stalePostings(t)).toEqual([]);
  });

  it("follows titles, categories, options, listing, catalog order and deletion, as the search then answers", async () => {
    const first = async (query: string, locale: Locale = "en") => {
      forgetKeptSearches(t.db);
      const found = await searchProducts(t.db, { query, locale, limit: 5 });
      return { count: found.count, first: found.products[0]?.title };
    };
    expect(await stalePostings(t)).toEqual([]);
    const [tote] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM products WHERE title_en = 'Marlowe Leather Tote'`);

    await t.db.execute(sql`UPDATE products SET title_en = 'Marlowe Zephyrine Tote' WHERE id = ${tote.id}`);
    expect(await first("zephyrine")).toEqual({ count: 1, first: "Marlowe Zephyrine Tote" });
    await t.db.execute(sql`UPDATE categories SET name_es = 'Bolsazos' WHERE slug = 'handbags'`);
    expect((await first("bolsazo", "es")).count).toBe(7);
    await t.db.execute(sql`UPDATE product_option_values SET value_en = 'Ultramarine' WHERE value_en = 'Cognac'`);
    expect((await first("ultramarine")).count).toBe(2);
    expect(await stalePostings(t)).toEqual([]);

    await t.db.execute(sql`UPDATE products SET is_hidden = true WHERE id = ${tote.id}`);
    expect(await first("zephyrine")).toEqual({ count: 0, first: undefined });
    await t.db.execute(sql`UPDATE products SET is_hidden = false, sort_order = -1 WHERE id = ${tote.id}`);
    expect(await first("marlowe")).toMatchObject({ first: "Marlowe Zephyrine Tote" });
    expect(await stalePostings(t)).toEqual([]);

    await t.db.execute(sql`DELETE FROM products WHERE id = 'prod_long_word'`);
    expect((await first("silicovolcano")).count).toBe(0);
    expect(await stalePostings(t)).toEqual([]);
    await t.db.execute(sql`TRUNCATE products CASCADE`);
    expect(await queryRows(t.db, sql`SELECT 1 FROM search_postings LIMIT 1`)).toEqual([]);
  });
});
