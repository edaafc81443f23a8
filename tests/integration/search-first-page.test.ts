import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { describeOnEachDatabase, withTestDatabase } from "../helpers/test-database";
import { seeded } from "../helpers/seeded-random";
import { searchProducts } from "@/features/catalog/search-service";
import { forgetKeptSearches } from "@/features/catalog/search-matches";
import { searchSimilaritySql } from "@/features/catalog/search-sql";
import { queryRows } from "@/server/db/rows";

/**
 * A search asked for the first time ranks only its page's candidates by title similarity, from a bound made of stored
 * trigram counts (decision 0396). Here the bound is loose and ties are many on purpose: titles from a few words, some
 * holding a word inside a longer one ("totes", "totem": fewer trigrams in common than the bound assumes), catalog
 * orders repeated so the id decides. Every page of every search must be the page the full ranking gives.
 */
const words = ["tote", "totes", "totem", "canvas", "leather", "bag", "bags", "mini", "cuero", "bolso", "bolsos", "lona"];

describeOnEachDatabase("a search's first page, ranked from its candidates only", (kind) => {
  const t = withTestDatabase(kind);

  it("gives every page the full ranking gives, in both languages", async () => {
    const random = seeded(396);
    const title = () => Array.from({ length: random.int(1, 4) }, () => random.pick(words)).join(" ");
    for (let i = 0; i < 90; i++) {
      const id = `prod_rank_${String(random.int(0, 999_999)).padStart(6, "0")}_${i}`;
      await t.db.execute(sql`
        INSERT INTO products (id, title_en, title_es, slug_en, slug_es, status, sort_order, has_variants)
        VALUES (${id}, ${title()}, ${title()}, ${`rank-${i}`}, ${`rango-${i}`}, 'published', ${random.int(0, 4)}, true)`);
      await t.db.execute(sql`
        INSERT INTO variants (id, product_id, title_en, title_es, sku, price_cents, currency, sort_order)
        VALUES (${`var_rank_${i}`}, ${id}, 'Standard', 'Estándar', ${`RANK-${i}`}, 1000, 'EUR', 0)`);
    }
    const searches: Array<["en" | "es", string]> = [
      ["en", "tote"], ["en", "totes"], ["en", "tot"], ["en", "tote bag"], ["en", "canvas tote"], ["en", "bag"], ["en", "mini tote"],
      ["es", "bolso"], ["es", "bolsos cuero"], ["es", "lona"], ["es", "tote"], ["es", "bols"],
    ];
    let compared = 0;
    for (const [locale, query] of searches) {
      for (const [offset, limit] of [[0, 1], [0, 2], [0, 5], [0, 9], [3, 4], [10, 6]]) {
        forgetKeptSearches(t.db);
        const first = await searchProducts(t.db, { query, locale, offset, limit });
        // Asked again, the search is ranked in full and kept: the order every page is read from afterwards.
        const full = await searchProducts(t.db, { query, locale, offset: 0, limit: 100 });
        expect(full.count, `${locale}: ${query}`).toBeGreaterThanOrEqual(3);
        expect(first.count, `${locale}: ${query}`).toBe(full.count);
        expect(first.products.map((p) => p.id), `${locale}: ${query} @${offset}+${limit}`).toEqual(
          full.products.slice(offset, offset + limit).map((p) => p.id),
        );
        compared++;
      }
    }
    expect(compared).toBe(searches.length * 6);
  });

  it("ranks by pg_trgm's own title similarity, taken from the trigram counts only where the title holds every word whole", async () => {
    // Words whole, inside longer words (at either end), beside hyphens, underscores, digits, accents and double spaces,
    // repeated, and titles in Spanish.
    const titles = [
      ["Canvas Tote", "Bolso de lona"], ["Totes for all", "Bolsos para todo"], ["Mini-tote bag", "Mini-bolso"], ["tote_bag", "bolso_lona"],
      ["Tote 36", "Bolso 36"], ["Tote tote TOTE", "bolso bolso"], ["Totem", "Bolsón"], ["Café tote", "Bolso café"], ["Leather bag (tote)", "Bolso (cuero)"],
      ["bag", "bolso"], ["The tote-bag, leather", "Bolso-tote, cuero"], ["Minitote bag", "Minibolso lona"], ["Tote  bag  tote", "Bolso  de  lona"],
      ["Bagtote", "Lonabolso"],
    ];
    for (const [i, [en, es]] of titles.entries()) {
      await t.db.execute(sql`
        INSERT INTO products (id, title_en, title_es, slug_en, slug_es, status, sort_order, has_variants)
        VALUES (${`prod_sim_${i}`}, ${en}, ${es}, ${`sim-${i}`}, ${`sim-es-${i}`}, 'published', ${i}, true)`);
    }
    const queries: Array<["en" | "es", string]> = [
      ["en", "tote"], ["en", "Tote bag"], ["en", "totes"], ["en", "bag tote"], ["en", "36"], ["en", "cafe"], ["en", "tote_bag"], ["en", "(tote)"],
      ["en", "leather bag"], ["es", "bolso"], ["es", "bolso cuero"], ["es", "bolsón"], ["es", "lona"],
    ];
    let whole = 0;
    for (const [locale, query] of queries) {
      const words = query.split(" ");
      const title = sql.raw(locale === "es" ? "p.search_title_es" : "p.search_title_en");
      const rows = await queryRows<{ id: string; ours: number | string; theirs: number | string; whole: boolean }>(
        t.db,
        sql`SELECT p.id, ${searchSimilaritySql(words, locale)} AS ours, similarity(${title}, vitrina_search_normalize(${query})) AS theirs,
              ${title} ~ ('\\m' || vitrina_search_normalize(${words[0]}) || '\\M') AS whole
            FROM products p WHERE p.id LIKE 'prod_sim_%'`,
      );
      expect(rows).toHaveLength(titles.length);
      for (const r of rows) expect(Number(r.ours), `${locale}: ${query} in ${r.id}`).toBe(Number(r.theirs));
      whole += rows.filter((r) => r.whole).length;
    }
    // The shortcut was taken often enough to be checked.
    expect(whole).toBeGreaterThan(20);
  });
});
