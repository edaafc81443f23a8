import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { insertCatalogFixtures } from "./catalog-fixtures";
import { listFacets, listFilteredProducts, listOptionKeys, type ListingScope } from "@/features/catalog/facet-service";
import { parseListingParams, type ListingFilters } from "@/features/catalog/listing-params";
import { catalogChangeMark } from "@/server/db/catalog-changes";

const store: ListingScope = { kind: "store" };
const none: ListingFilters = { options: {} };
const ids = (r: { products: Array<{ id: string }> }) => r.products.map((p) => p.id);

describeOnEachDatabase("catalog filters and facet counts", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
  });
  afterAll(() => t?.close());

  it("counts each filter value over the listed products only", async () => {
    const facets = await listFacets(t.db, { scope: store, filters: none, locale: "es" });
    expect(facets.options).toEqual([
      {
        key: "colour",
        label: "Color",
        values: [
          { key: "black", label: "Negro", count: 1, selected: false },
          { key: "brown", label: "Marrón", count: 1, selected: false },
        ],
      },
    ]);
    // Tote (black in stock), watch and the unmanaged belt; the strap cannot be bought.
    expect(facets.inStock.count).toBe(3);
    expect(facets.onSale.count).toBe(1);
    // Each variant's own price: strap 15, belt 35 and more, tote 99 (black, on sale) and 110 (brown), watch 250.
    expect(facets.prices.map((p) => p.count)).toEqual([2, 1, 1, 1, 0]);
    expect(await listOptionKeys(t.db)).toEqual(["colour"]);
  });

  it("combines two filters and sorts by price, the same from the URL's parameters", async () => {
    const { filters, sort } = parseListingParams({ in_stock: "1", price: "-99", sort: "price_desc" }, "EUR");
    const result = await listFilteredProducts(t.db, { scope: store, filters, sort, locale: "en" });
    expect(ids(result)).toEqual(["p_tote", "p_belt"]);
    expect(result.count).toBe(2);
    const asc = await listFilteredProducts(t.db, { scope: store, filters: none, sort: "price_asc", locale: "en" });
    expect(ids(asc)).toEqual(["p_strap", "p_belt", "p_tote", "p_watch"]);
  });

  it("leaves a value's own option out of its counts and scopes counts to a category and a search", async () => {
    const filters: ListingFilters = { options: { colour: ["black"] } };
    const facets = await listFacets(t.db, { scope: store, filters, locale: "en" });
    expect(facets.options[0].values).toEqual([
      { key: "black", label: "Black", count: 1, selected: true },
      { key: "brown", label: "Brown", count: 1, selected: false },
    ]);
    expect(facets.inStock.count).toBe(1);
    const category = await listFilteredProducts(t.db, { scope: { kind: "category", slug: "handbags" }, filters: { options: {}, onSale: true }, locale: "en" });
    expect(ids(category)).toEqual(["p_tote"]);
    const search = await listFacets(t.db, { scope: { kind: "search", query: "reloj" }, filters: none, locale: "es" });
    expect(search.prices.map((p) => p.count)).toEqual([1, 0, 0, 1, 0]);
  });

  it("follows stock, prices and visibility as they change", async () => {
    await t.db.execute(sql`UPDATE variants SET stock = 0 WHERE id = 'v_tote_black'`);
    await t.db.execute(sql`UPDATE variants SET sale_price_cents = 20000 WHERE id = 'v_watch'`);
    await t.db.execute(sql`UPDATE products SET is_hidden = true WHERE id = 'p_belt'`);
    const facets = await listFacets(t.db, { scope: store, filters: none, locale: "en" });
    expect(facets.inStock.count).toBe(1);
    expect(facets.onSale.count).toBe(2);
    expect(facets.prices.map((p) => p.count)).toEqual([1, 1, 1, 1, 0]);
    const inStock = await listFilteredProducts(t.db, { scope: store, filters: { options: {}, inStock: true }, locale: "en" });
    expect(ids(inStock)).toEqual(["p_watch"]);
  });

  it("sorts by the displayed price the facet index keeps, also when only that price changes", async () => {
    // Every price (a filter, so the facet index answers): the listed products that have a displayed price.
    const anyPrice: ListingFilters = { options: {}, priceMin: 0 };
    const list = (sort: "price_asc" | "price_desc", limit = 24) => listFilteredProducts(t.db, { scope: store, filters: anyPrice, sort, locale: "en", limit });
    const before = await list("price_asc");
    expect(ids(before).length).toBeGreaterThan(1);
    const last = ids(before).at(-1)!;
    // The displayed price alone (a product's "which variant shows" setting can do this): drizzle/0050 stamps the feed.
    await t.db.execute(sql`UPDATE product_facet_stats SET price_cents = 1 WHERE product_id = ${last}`);
    const after = await list("price_asc");
    expect(ids(after)).toEqual([last, ...ids(before).filter((id) => id !== last)]);
    // A page of one: only the kept price can tell which product comes first.
    expect(ids(await list("price_asc", 1))).toEqual([last]);
    expect(ids(await list("price_desc", 1))).toEqual([ids(before).at(-2)]);
    expect(ids(await list("price_desc"))).toEqual([...ids(after)].reverse());
  });

  it("on PGlite, moves the change mark only when the feed is written (no change check while nothing was)", async () => {
    const mark = catalogChangeMark(t.db);
    if (kind !== "pglite") {
      expect(mark).toBeNull();
      return;
    }
    await listFacets(t.db, { scope: store, filters: none, locale: "en" });
    expect(catalogChangeMark(t.db)).toBe(mark);
    await t.db.execute(sql`UPDATE variants SET stock = 5 WHERE id = 'v_tote_black'`);
    expect(catalogChangeMark(t.db)).not.toBe(mark);
    const facets = await listFacets(t.db, { scope: store, filters: none, locale: "en" });
    expect(facets.inStock.count).toBe(2);
  });
});
