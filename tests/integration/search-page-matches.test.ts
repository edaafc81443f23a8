import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { describeOnEachDatabase } from "../helpers/test-database";
import { withDemoShopDatabase } from "../helpers/demo-shop-database";
import { listFacets, listFilteredProducts } from "@/features/catalog/facet-service";
import type { ListingFilters, ListingSort } from "@/features/catalog/listing-params";
import { forgetKeptSearches, searchMatches } from "@/features/catalog/search-matches";
import { postingPlanOf } from "@/features/catalog/search-postings";
import { searchProducts } from "@/features/catalog/search-service";
import { queryRows } from "@/server/db/rows";

/*
 * The /search page of a word postings hold reads its matches as a set (their ids, not their ranking) for the facets
 * and the count, and has postings rank its page. What a shopper sees must be what the full ranking gives: the same
 * page in every sort, the same count, the same filter counts; with a filter the page walks the full ranking; and the
 * set follows the catalog's changes as a kept ranking does.
 */

type Locale = "en" | "es";
const none: ListingFilters = { options: {} };

describeOnEachDatabase("a search's page from its matches as a set", (kind) => {
  const t = withDemoShopDatabase(kind);

  /** What /search?q= asks (its page's two calls, side by side as the page makes them). */
  async function searchPageOf(query: string, locale: Locale, options: { filters?: ListingFilters; sort?: ListingSort; offset?: number; limit?: number } = {}) {
    const input = { locale, scope: { kind: "search", query } as const, filters: options.filters ?? none };
    const [listing, facets] = await Promise.all([
      listFilteredProducts(t.db, { ...input, sort: options.sort, offset: options.offset ?? 0, limit: options.limit ?? 24 }),
      listFacets(t.db, input),
    ]);
    return { count: listing.count, ids: listing.products.map((p) => p.id), facets };
  }

  /** The page asked for the first time (matches as a set), and the same with the search's full ranking kept. */
  async function bothWays(query: string, locale: Locale, options: Parameters<typeof searchPageOf>[2] = {}) {
    forgetKeptSearches(t.db);
    const fromSet = await searchPageOf(query, locale, options);
    const kept = await searchMatches(t.db, [query], locale, false);
    forgetKeptSearches(t.db);
    await searchMatches(t.db, [query], locale);
    const fromRanking = await searchPageOf(query, locale, options);
    return { fromSet, fromRanking, keptAsSet: !kept.inOrder };
  }

  /** Words postings answer with at least `min` matches, spread over each language's lexicon. */
  async function wordsWithMatches(min: number, each: number): Promise<Array<[Locale, string]>> {
    const rows = await queryRows<{ locale: Locale; word: string }>(
      t.db,
      sql`SELECT locale, substr(term, 3) AS word FROM search_postings WHERE term LIKE 'w:%' AND length(term) >= 5
          GROUP BY locale, term HAVING count(*) >= ${min} ORDER BY locale, term`,
    );
    const picked: Array<[Locale, string]> = [];
    for (const locale of ["en", "es"] as const) {
      const words = rows.filter((r) => r.locale === locale);
      const stride = Math.max(1, Math.floor(words.length / each));
      for (let i = 0; i < words.length && picked.filter((p) => p[0] === locale).length < each; i += stride) {
        if (await postingPlanOf(t.db, [words[i].word], locale)) picked.push([locale, words[i].word]);
      }
    }
    return picked;
  }

  it("gives the page, count and filter counts the full ranking gives, in both languages and every sort", async () => {
    const queries = await wordsWithMatches(3, 6);
    expect(queries.length).toBe(12);
    for (const [locale, query] of queries) {
      for (const options of [{}, { offset: 2, limit: 3 }, { sort: "price_asc" as const }, { sort: "newest" as const, limit: 2 }]) {
        const { fromSet, fromRanking, keptAsSet } = await bothWays(query, locale, options);
        expect(keptAsSet, `${locale}: ${query}`).toBe(true);
        expect(fromSet.count, `${locale}: ${query}`).toBeGreaterThanOrEqual(3);
        expect(fromSet, `${locale}: ${query} ${JSON.stringify(options)}`).toEqual(fromRanking);
      }
    }
  });

  it("walks the full ranking when a filter is chosen after the set was kept", async () => {
    const [[locale, query]] = (await wordsWithMatches(6, 3)).filter(([l]) => l === "en");
    forgetKeptSearches(t.db);
    const first = await searchPageOf(query, locale);
    const option = first.facets.options.find((o) => o.values.some((v) => v.count < first.count));
    expect(option, `an option of "${query}" that leaves some matches out`).toBeDefined();
    const value = option!.values.find((v) => v.count < first.count)!;
    const filters: ListingFilters = { options: { [option!.key]: [value.key] } };
    const filtered = await searchPageOf(query, locale, { filters });
    expect((await searchMatches(t.db, [query], locale, false)).inOrder).toBe(true);
    expect(filtered.count).toBe(value.count);
    const { fromRanking } = await bothWays(query, locale, { filters });
    expect(filtered).toEqual(fromRanking);
  });

  it("follows a product that comes to match, one that no longer does, and an id with a space, once the set is kept", async () => {
    const asked = async (query: string) => {
      const page = await searchPageOf(query, "en", { limit: 100 });
      // The storefront's search call answers from the same kept set (its page ranked by postings).
      const found = await searchProducts(t.db, { query, locale: "en", limit: 100 });
      expect(found.count).toBe(page.count);
      expect(found.products.map((p) => p.id)).toEqual(page.ids);
      return page;
    };
    forgetKeptSearches(t.db);
    const before = await asked("leather");
    expect(before.count).toBeGreaterThan(3);
    expect((await searchMatches(t.db, ["leather"], "en", false)).inOrder).toBe(false);

    const [outsider] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM products WHERE listed AND search_en NOT LIKE '%leather%' AND search_terms_en NOT LIKE '%leather%' ORDER BY id LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE products SET title_en = title_en || ' Leather' WHERE id = ${outsider.id}`);
    const [gone] = before.ids.filter((id) => id !== outsider.id).slice(-1);
    await t.db.execute(sql`UPDATE products SET is_hidden = true WHERE id = ${gone}`);
    await t.db.execute(sql`
      INSERT INTO products (id, title_en, title_es, slug_en, slug_es, status, sort_order, has_variants)
      VALUES ('prod set space', 'Leather Keyring', 'Llavero de cuero', 'leather-keyring', 'llavero-cuero', 'published', 0, true)`);
    await t.db.execute(sql`
      INSERT INTO variants (id, product_id, title_en, title_es, sku, price_cents, currency, sort_order)
      VALUES ('var set space', 'prod set space', 'Standard', 'Estándar', 'SET-SPACE', 1500, 'EUR', 0)`);

    const after = await asked("leather");
    expect(after.count).toBe(before.count + 1);
    expect(after.ids).toContain(outsider.id);
    expect(after.ids).toContain("prod set space");
    expect(after.ids).not.toContain(gone);
    forgetKeptSearches(t.db);
    expect(await asked("leather")).toEqual(after);
  });
});
