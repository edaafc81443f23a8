import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { countProducts, getProduct, getVariantInventory, listProductPage, listProducts, MAX_LIMIT, productFilterKey } from "@/features/catalog/service";
import { variants } from "@/server/db/schema/catalog";
import { HIDDEN_IDS, insertCatalogFixtures, VISIBLE_IN_CATALOG_ORDER } from "./catalog-fixtures";

describeOnEachDatabase("catalog service", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
  });
  afterAll(() => t?.close());

  const ids = (r: { products: { id: string }[] }) => r.products.map((p) => p.id);

  it("lists only what a shopper may see, in catalog order, with the total count", async () => {
    const r = await listProducts(t.db, { locale: "en" });
    expect(ids(r)).toEqual(VISIBLE_IN_CATALOG_ORDER);
    expect(r).toMatchObject({ count: 4, offset: 0, limit: 20 });
    for (const hidden of HIDDEN_IDS) expect(ids(r)).not.toContain(hidden);
  });

  it("paginates with offset and limit and keeps the total", async () => {
    const page1 = await listProducts(t.db, { locale: "en", limit: 3 });
    const page2 = await listProducts(t.db, { locale: "en", limit: 3, offset: 3 });
    expect(ids(page1)).toEqual(VISIBLE_IN_CATALOG_ORDER.slice(0, 3));
    expect(ids(page2)).toEqual(["p_strap"]);
    expect(page2).toMatchObject({ count: 4, offset: 3, limit: 3 });
    expect(ids(await listProducts(t.db, { locale: "en", offset: 50 }))).toEqual([]);
  });

  it("counts a filter on its own, the same for every page, sort and language (the count is cached per filter)", async () => {
    expect(await countProducts(t.db, {})).toBe(4);
    expect(await countProducts(t.db, { category: "handbags" })).toBe(1);
    expect(await countProducts(t.db, { ids: ["p_belt", "p_hidden"] })).toBe(1);
    expect(await countProducts(t.db, { isHidden: true })).toBe(0);
    const page = await listProductPage(t.db, { locale: "es", limit: 3, offset: 3, sortBy: "price" });
    expect(page).toMatchObject({ offset: 3, limit: 3 });
    expect(ids(page)).toEqual(["p_watch"]);
    const key = productFilterKey({ category: "handbags" });
    expect(productFilterKey({ category: "handbags", locale: "es", offset: 24, sortBy: "title" } as never)).toBe(key);
    expect(productFilterKey({ category: "watches" })).not.toBe(key);
  });

  it("never answers more than the documented maximum", async () => {
    expect((await listProducts(t.db, { locale: "en", limit: 5000 })).limit).toBe(MAX_LIMIT);
  });

  it("sorts by displayed price (sale and site_product_selection rules), both ways", async () => {
    // strap 1500, belt 3500 (first variant rule, not its cheaper 2000), tote 9900 (sale), watch 25000.
    expect(ids(await listProducts(t.db, { locale: "en", sortBy: "price" }))).toEqual(["p_strap", "p_belt", "p_tote", "p_watch"]);
    expect(ids(await listProducts(t.db, { locale: "en", sortBy: "price", order: "desc" }))).toEqual(["p_watch", "p_tote", "p_belt", "p_strap"]);
  });

  it("sorts by newest, updated_at and localized title", async () => {
    expect(ids(await listProducts(t.db, { locale: "en", sortBy: "created_at", order: "desc" }))).toEqual(["p_tote", "p_strap", "p_belt", "p_watch"]);
    expect(ids(await listProducts(t.db, { locale: "en", sortBy: "updated_at" }))).toEqual(["p_watch", "p_belt", "p_strap", "p_tote"]);
    expect(ids(await listProducts(t.db, { locale: "en", sortBy: "title" }))).toEqual(["p_watch", "p_belt", "p_tote", "p_strap"]);
    // Spanish titles: Bolso…, Cinturón…, Reloj…, and the strap falls back to "Watch Strap".
    expect(ids(await listProducts(t.db, { locale: "es", sortBy: "title" }))).toEqual(["p_tote", "p_belt", "p_watch", "p_strap"]);
  });

  it("filters by ids (hidden ones stay out), by to_date and by category slug or id", async () => {
    const r = await listProducts(t.db, { locale: "en", ids: ["p_belt", "p_watch", "p_hidden", "p_nope"] });
    expect(ids(r)).toEqual(["p_watch", "p_belt"]);
    expect(r.count).toBe(2);
    expect(ids(await listProducts(t.db, { locale: "en", toDate: new Date("2026-02-01T10:00:00Z") }))).toEqual(["p_watch"]);
    expect(ids(await listProducts(t.db, { locale: "en", category: "handbags" }))).toEqual(["p_tote"]);
    expect(ids(await listProducts(t.db, { locale: "en", category: "cat_bags" }))).toEqual(["p_tote"]);
    expect((await listProducts(t.db, { locale: "en", category: "empty" })).count).toBe(0);
  });

  it("answers is_hidden=true with an empty list for shoppers", async () => {
    expect(await listProducts(t.db, { locale: "en", isHidden: true })).toMatchObject({ count: 0, products: [] });
    expect(ids(await listProducts(t.db, { locale: "en", isHidden: false }))).toEqual(VISIBLE_IN_CATALOG_ORDER);
  });

  it("gives one product with every field of docs/commerce-api.md", async () => {
    const p = await getProduct(t.db, "p_tote", "en");
    expect(p).not.toBeNull();
    const product = p!;
    expect(product).toMatchObject({
      id: "p_tote",
      title: "Leather Tote",
      subtitle: "Roomy everyday bag",
      ribbon_text: "Sale",
      image: "/uploads/tote-1.webp",
      thumbnail: "/uploads/tote-1.webp",
      images: [
        { url: "/uploads/tote-1.webp", order: 0, type: "image" },
        { url: "/uploads/tote-2.webp", order: 1, type: "image" },
      ],
      price_in_cents: 9900,
      currency: "EUR",
      status: "published",
      purchasable: true,
      order: 1,
      site_product_selection: null,
      collections: [{ product_id: "p_tote", collection_id: "cat_bags", order: 2 }],
      product_collections: [{ product_id: "p_tote", collection_id: "cat_bags", order: 2 }],
      type: { value: "physical" },
      custom_fields: [{ id: "cf_initials", title: "Initials", is_required: false }],
      related_products: [{ id: "rel_1", section_title: "You may also like", related_type: "product", related_id: "p_belt", position: 1 }],
      created_at: "2026-01-05T10:00:00.000Z",
      updated_at: "2026-03-01T10:00:00.000Z",
      deleted_at: null,
      metadata: { origin: "test" },
    });
    expect(product.media).toEqual(product.images);
    // The description is sanitized: formatting kept, script and event handler gone.
    expect(product.description).toContain("<strong>leather</strong>");
    expect(product.description).not.toMatch(/script|onerror/);
    // additional_info sorted by order, its HTML sanitized too.
    expect(product.additional_info.map((i) => [i.order, i.title])).toEqual([[1, "Size"], [2, "Care"]]);
    expect(product.additional_info[1].description).toBe("<p>Wipe clean.</p>");
    expect(product.options).toEqual([
      {
        id: "p_tote_opt",
        title: "Style",
        values: [
          { id: "v_tote_black_val", option_id: "p_tote_opt", variant_id: "v_tote_black", value: "Black" },
          { id: "v_tote_brown_val", option_id: "p_tote_opt", variant_id: "v_tote_brown", value: "Brown" },
        ],
      },
    ]);
    const [black, brown] = product.variants;
    expect(black).toEqual({
      id: "v_tote_black",
      product_id: "p_tote",
      title: "Black",
      image_url: "/uploads/tote-2.webp",
      sku: "TOTE-BLK",
      weight: 800,
      manage_inventory: true,
      inventory_quantity: 5,
      options: [{ id: "v_tote_black_val", option_id: "p_tote_opt", variant_id: "v_tote_black", value: "Black" }],
      price_in_cents: 12000,
      sale_price_in_cents: 9900,
      currency: "EUR",
      currency_info: { code: "EUR", symbol: "€", template: "€$1", decimal_digits: 2 },
      price_formatted: "€120.00",
      sale_price_formatted: "€99.00",
      prices: [{ amount: 12000, sale_amount: 9900, currency_code: "eur", currency: { code: "EUR", symbol: "€", template: "€$1", decimal_digits: 2 } }],
    });
    expect(brown).toMatchObject({ id: "v_tote_brown", inventory_quantity: 0, sale_price_in_cents: null, sale_price_formatted: null, weight: null });
  });

  it("answers in Spanish with English fallback per field", async () => {
    const tote = (await getProduct(t.db, "p_tote", "es"))!;
    expect(tote).toMatchObject({ title: "Bolso tote de cuero", subtitle: "Bolso amplio para cada día", ribbon_text: "Oferta" });
    expect(tote.options[0].title).toBe("Estilo");
    expect(tote.variants.map((v) => v.title)).toEqual(["Negro", "Marrón"]);
    expect(tote.variants[0].price_formatted).toMatch(/^120,00\s€$/);
    expect(tote.additional_info.map((i) => i.title)).toEqual(["Medidas", "Cuidado"]);
    expect(tote.additional_info[0].description).toBe("<p>40 × 30 cm</p>"); // empty Spanish → English
    const strap = (await getProduct(t.db, "p_strap", "es"))!;
    expect(strap.title).toBe("Watch Strap");
  });

  it("uses the first variant's price when site_product_selection names another rule", async () => {
    const belt = (await getProduct(t.db, "p_belt", "en"))!;
    expect(belt.site_product_selection).toBe("first_variant");
    expect(belt.price_in_cents).toBe(3500);
  });

  it("hides missing, hidden, draft, deleted and variant-less products from the single read", async () => {
    for (const id of [...HIDDEN_IDS, "p_missing"]) expect(await getProduct(t.db, id, "en")).toBeNull();
    expect((await getProduct(t.db, "p_strap", "en"))?.purchasable).toBe(false);
  });

  it("reads live stock per variant of the asked products, never of hidden ones", async () => {
    expect(await getVariantInventory(t.db, ["p_tote", "p_watch", "p_hidden"])).toEqual([
      { id: "v_tote_black", inventory_quantity: 5 },
      { id: "v_tote_brown", inventory_quantity: 0 },
      { id: "v_watch", inventory_quantity: 3 },
    ]);
    await t.db.update(variants).set({ stock: 1 }).where(eq(variants.id, "v_watch"));
    expect(await getVariantInventory(t.db, ["p_watch"])).toEqual([{ id: "v_watch", inventory_quantity: 1 }]);
    await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, "v_watch"));
  });
});
