import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { searchProducts } from "@/features/catalog/search-service";
import { queryRows } from "@/server/db/rows";
import { insertCatalogFixtures } from "./catalog-fixtures";

describeOnEachDatabase("catalog search", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
  });
  afterAll(() => t?.close());

  const search = async (query: string, locale: "en" | "es" = "es") => (await searchProducts(t.db, { query, locale })).products.map((p) => p.id);

  it("is case-insensitive: 'reloj' finds 'Reloj clásico' and ranks the title match first", async () => {
    // The strap only mentions "reloj" in its Spanish description; the hidden/draft/deleted "Reloj" products never show.
    expect(await search("reloj")).toEqual(["p_watch", "p_strap"]);
    expect(await search("RELOJ")).toEqual(["p_watch", "p_strap"]);
  });

  it("is accent-insensitive both ways: 'cinturon' finds 'Cinturón', 'clásico' finds it too", async () => {
    expect(await search("cinturon")).toEqual(["p_belt"]);
    expect(await search("Cinturón")).toEqual(["p_belt"]);
    expect(await search("reloj clasico")).toEqual(["p_watch"]);
  });

  it("searches subtitles and descriptions without their HTML, in the shopper's language", async () => {
    expect(await search("repuesto")).toEqual(["p_strap"]); // inside <em>…</em>
    expect(await search("strong")).toEqual([]); // a tag name is not text
    expect(await search("everyday", "en")).toEqual(["p_tote"]);
    expect(await search("reloj", "en")).toEqual([]);
    expect((await search("watch", "en")).sort()).toEqual(["p_strap", "p_watch"]);
  });

  it("answers nothing for no hits, blank text and LIKE wildcards", async () => {
    expect(await searchProducts(t.db, { query: "zapatillas", locale: "es" })).toMatchObject({ count: 0, products: [] });
    expect(await search("   ")).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("paginates with a total count", async () => {
    const r = await searchProducts(t.db, { query: "reloj", locale: "es", limit: 1, offset: 1 });
    expect(r).toMatchObject({ count: 2, offset: 1, limit: 1 });
    expect(r.products.map((p) => p.id)).toEqual(["p_strap"]);
  });

  it("follows title edits, hiding and catalog order after a search was asked (the kept matches)", async () => {
    expect(await search("reloj")).toEqual(["p_watch", "p_strap"]);
    await t.db.execute(sql`UPDATE products SET title_es = 'Correa de reloj' WHERE id = 'p_strap'`);
    expect(await search("correa reloj")).toEqual(["p_strap"]);
    expect(await search("reloj")).toEqual(["p_watch", "p_strap"]);
    await t.db.execute(sql`UPDATE products SET title_es = 'Clásico' WHERE id = 'p_watch'`);
    // The watch keeps "reloj" in its description only now: the strap's title match ranks first.
    expect((await search("reloj"))[0]).toBe("p_strap");
    await t.db.execute(sql`UPDATE products SET is_hidden = true WHERE id = 'p_strap'`);
    expect(await search("correa reloj")).toEqual([]);
    expect((await searchProducts(t.db, { query: "reloj", locale: "es" })).count).toBe((await search("reloj")).length);
  });

  it("has trigram indexes on the whole search documents (with category names and option values)", async () => {
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      t.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'products' and indexname like 'products_search_%_trgm_idx'`,
    );
    expect(rows.map((r) => r.indexname).sort()).toEqual(["products_search_whole_en_trgm_idx", "products_search_whole_es_trgm_idx"]);
    for (const r of rows) expect(r.indexdef).toMatch(/gin_trgm_ops/);
    // With sequential scans off, the planner must be able to answer the search from the index.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx as never,
        sql`explain select id from products p
            where (p.search_es || ' ' || p.search_terms_es) like ('%' || vitrina_search_normalize(${"reloj"}) || '%')`,
      );
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("products_search_whole_es_trgm_idx");
  });
});
