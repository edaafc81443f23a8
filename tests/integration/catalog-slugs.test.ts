import { afterAll, beforeAll, expect, it } from "vitest";
import { NextRequest, type NextResponse } from "next/server";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests } from "@/server/env";
import { categories, products } from "@/server/db/schema/catalog";
import { auditLog } from "@/server/db/schema/operations";
import { queryRows } from "@/server/db/rows";
import { createProduct, loadProductForAdmin, updateProduct } from "@/features/catalog/product-admin-service";
import type { ProductInput } from "@/features/catalog/product-admin-schemas";
import { createCategory, updateCategory } from "@/features/catalog/category-admin-service";
import { findCatalogAddress, getProductSeo } from "@/features/catalog/address-service";
import { catalogRedirect } from "@/features/catalog/address-redirect";
import { loadProductPage } from "@/features/catalog/product-page";
import { productSeo } from "@/features/catalog/seo";
import { alternatesFor } from "@/lib/seo";
import { pathsIn, productPath } from "@/lib/catalog-paths";
import { slugifyTitle } from "@/lib/slug";
import proxy from "@/proxy";

process.env.BASE_URL = "https://shop.test";
resetSettingsForTests();

const actor = { userId: "usr_admin", email: "admin@example.com" };
let seq = 0;
function product(overrides: Partial<ProductInput> = {}): ProductInput {
  seq++;
  return {
    titleEn: "Marlowe Leather Tote",
    titleEs: "Bolso Marlowe de piel",
    descriptionEn: "<p>A roomy tote in full-grain leather, stitched by hand.</p>",
    images: ["/uploads/products/marlowe.webp"],
    variants: [{ titleEn: "Tan", sku: `MARLOWE-${seq}`, priceCents: 12900, manageInventory: true, stock: 3 }],
    ...overrides,
  };
}

async function slugsOf(db: TestDatabase["db"], id: string) {
  const [row] = await db.select({ en: products.slugEn, es: products.slugEs }).from(products).where(eq(products.id, id));
  return row;
}

/** The proxy's answer for a path: a 301 carries the current address in Location. */
async function visit(path: string): Promise<NextResponse> {
  return proxy(new NextRequest(`https://shop.test${path}`, { headers: { "accept-language": "en" } }));
}

describeOnEachDatabase("catalog slugs and old addresses", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("makes a slug per language from the title on create, accents folded, and -2, -3 on a clash", async () => {
    const first = await createProduct(t.db, actor, product(), "EUR");
    const second = await createProduct(t.db, actor, product(), "EUR");
    const third = await createProduct(t.db, actor, product({ titleEs: "" }), "EUR");
    expect(await slugsOf(t.db, first.id)).toEqual({ en: "marlowe-leather-tote", es: "bolso-marlowe-de-piel" });
    expect(await slugsOf(t.db, second.id)).toEqual({ en: "marlowe-leather-tote-2", es: "bolso-marlowe-de-piel-2" });
    // No Spanish title: the Spanish address is made from the English one.
    expect(await slugsOf(t.db, third.id)).toEqual({ en: "marlowe-leather-tote-3", es: "marlowe-leather-tote" });
    // The database's rule is the one the editor's helper follows.
    expect(slugifyTitle("Camiseta básica ¡Niño!")).toBe("camiseta-basica-nino");
    const made = await createProduct(t.db, actor, product({ titleEn: "Camiseta básica ¡Niño!" }), "EUR");
    expect((await slugsOf(t.db, made.id))!.en).toBe("camiseta-basica-nino");
  });

  it("refuses a typed slug another product has in that language and changes nothing; normalises what is typed", async () => {
    const a = await createProduct(t.db, actor, product({ titleEn: "Nova Wallet", titleEs: "Cartera Nova" }), "EUR");
    const b = await createProduct(t.db, actor, product({ titleEn: "Orbit Wallet", titleEs: "Cartera Orbit" }), "EUR");
    await expect(updateProduct(t.db, actor, b.id, product({ titleEn: "Orbit Wallet", slugEn: "nova-wallet" }), "EUR")).rejects.toMatchObject({
      code: "productSlugTaken",
      params: { slug: "nova-wallet" },
    });
    await expect(createProduct(t.db, actor, product({ slugEs: "Cartera Nova" }), "EUR")).rejects.toMatchObject({ code: "productSlugTaken" });
    await expect(updateProduct(t.db, actor, b.id, product({ slugEn: "¡¡!!" }), "EUR")).rejects.toMatchObject({ code: "slugInvalid" });
    expect(await slugsOf(t.db, b.id)).toEqual({ en: "orbit-wallet", es: "cartera-orbit" });
    // The same slug in the other language is another address: allowed.
    await updateProduct(t.db, actor, b.id, product({ titleEn: "Orbit Wallet", slugEn: "  Orbit Wallet XL ", slugEs: "nova-wallet" }), "EUR");
    expect(await slugsOf(t.db, b.id)).toEqual({ en: "orbit-wallet-xl", es: "nova-wallet" });
    expect(await slugsOf(t.db, a.id)).toEqual({ en: "nova-wallet", es: "cartera-nova" });
  });

  it("keeps every earlier slug: old slugs, the id and the other language's slug all answer 301 to the current address", async () => {
    const { id } = await createProduct(t.db, actor, product({ titleEn: "Harbor Duffel", titleEs: "Bolsa Harbor" }), "EUR");
    await updateProduct(t.db, actor, id, product({ titleEn: "Harbor Duffel", slugEn: "harbor-weekender", slugEs: "bolsa-de-viaje-harbor" }), "EUR");
    await updateProduct(t.db, actor, id, product({ titleEn: "Harbor Duffel", slugEn: "harbor-weekend-bag", slugEs: "bolsa-de-viaje-harbor" }), "EUR");

    expect(await findCatalogAddress(t.db, "product", "harbor-duffel", "en")).toEqual({ id, slugs: { en: "harbor-weekend-bag", es: "bolsa-de-viaje-harbor" } });
    for (const [path, location] of [
      [`/product/${id}`, "/product/harbor-weekend-bag"],
      ["/product/harbor-duffel", "/product/harbor-weekend-bag"],
      ["/product/harbor-weekender", "/product/harbor-weekend-bag"],
      [`/es/product/${id}`, "/es/product/bolsa-de-viaje-harbor"],
      ["/es/product/bolsa-harbor", "/es/product/bolsa-de-viaje-harbor"],
      // An English slug under /es, and a Spanish one without it, go to the address in the URL's language.
      ["/es/product/harbor-weekend-bag", "/es/product/bolsa-de-viaje-harbor"],
      ["/product/bolsa-de-viaje-harbor?ref=mail", "/product/harbor-weekend-bag?ref=mail"],
    ] as const) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get("location"), path).toBe(`https://shop.test${location}`);
      expect(await catalogRedirect(path.split("?")[0]!, path.includes("?") ? `?${path.split("?")[1]}` : "")).toBe(location);
    }
    // The current address and unknown ones are not redirected (the page renders, or answers 404).
    for (const path of ["/product/harbor-weekend-bag", "/es/product/bolsa-de-viaje-harbor", "/product/no-such-thing", "/product/bad%2Fslug"]) {
      expect((await visit(path)).status, path).not.toBe(301);
    }
    expect(await loadProductPage("harbor-weekender", "en")).toEqual({ status: "moved", path: "/product/harbor-weekend-bag" });
    expect(await loadProductPage("no-such-thing", "en")).toEqual({ status: "missing" });
    const page = await loadProductPage("bolsa-de-viaje-harbor", "es");
    expect(page).toMatchObject({ status: "ok", slugs: { en: "harbor-weekend-bag", es: "bolsa-de-viaje-harbor" } });

    // A cleared slug is made from the title again; the one it leaves keeps redirecting.
    await updateProduct(t.db, actor, id, product({ titleEn: "Harbor Duffel", slugEn: "", slugEs: "bolsa-de-viaje-harbor" }), "EUR");
    expect((await slugsOf(t.db, id))!.en).toBe("harbor-duffel");
    expect((await visit("/product/harbor-weekend-bag")).headers.get("location")).toBe("https://shop.test/product/harbor-duffel");
    // A save that does not send slugs (an import) keeps them, even after a title change.
    await updateProduct(t.db, actor, id, product({ titleEn: "Harbor Duffel Bag" }), "EUR");
    expect((await slugsOf(t.db, id))!.en).toBe("harbor-duffel");
  });

  it("a slug another row had earlier is taken, per kind and language; a row's own current or earlier slug is not", async () => {
    const { id } = await createProduct(t.db, actor, product({ titleEn: "Cedar Box", titleEs: "Caja de cedro" }), "EUR");
    await updateProduct(t.db, actor, id, product({ titleEn: "Cedar Box", slugEn: "cedar-chest", slugEs: "arcon-de-cedro" }), "EUR");
    const next = await createProduct(t.db, actor, product({ titleEn: "Cedar Box", titleEs: "Caja de cedro" }), "EUR");
    expect(await slugsOf(t.db, next.id)).toEqual({ en: "cedar-box-2", es: "caja-de-cedro-2" });
    await createCategory(t.db, actor, { slug: "cedar", nameEn: "Cedar", nameEs: "Caja de cedro" });

    // Each branch of the database's look-up, called as the triggers and the editor call it.
    const free = async (kind: string, lang: string, base: string, self: string) =>
      (await queryRows<{ slug: string }>(t.db, sql`select public.vitrina_free_slug(${kind}, ${lang}, ${base}, ${self}) as slug`))[0]!.slug;
    expect(await free("product", "en", "cedar-box", "prod_other")).toBe("cedar-box-3");
    expect(await free("product", "es", "arcon-de-cedro", "prod_other")).toBe("arcon-de-cedro-2");
    expect(await free("product", "en", "cedar-chest", id)).toBe("cedar-chest");
    expect(await free("product", "en", "caja-de-cedro", "prod_other")).toBe("caja-de-cedro");
    expect(await free("category", "es", "caja-de-cedro", "cat_other")).toBe("caja-de-cedro-2");
    expect(await free("category", "en", "cedar", "cat_other")).toBe("cedar-2");
    expect(await free("category", "en", "cedar-box", "cat_other")).toBe("cedar-box");
    expect(await free("product", "en", "", "prod_other")).toBe("product");
  });

  it("finds a free slug through the unique indexes, not by reading every product or category", async () => {
    // What the slow import saw: PL/pgSQL's kept (generic) plan. With table scans made a last resort, a look-up that
    // no index fits still scans, and this table's scan count in the transaction shows it.
    const tableScans = (tx: Pick<typeof t.db, "execute">) =>
      queryRows<{ relname: string; seq_scan: number }>(
        tx,
        sql`select relname, seq_scan::int as seq_scan from pg_stat_xact_user_tables where relname in ('products', 'categories') order by relname`,
      );
    const [before, after] = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      // The counts may include earlier work of this connection not yet reported, so only the difference counts.
      const start = await tableScans(tx);
      for (const [kind, lang] of [["product", "en"], ["product", "es"], ["category", "en"], ["category", "es"]]) {
        await tx.execute(sql`select public.vitrina_free_slug(${kind}, ${lang}, 'marlowe-leather-tote', 'x_none')`);
      }
      return [start, await tableScans(tx)];
    });
    expect(after).toEqual(before);
    expect(after.map((r) => r.relname)).toEqual(["categories", "products"]);
  });

  it("canonical and hreflang alternates point at each language's slug", async () => {
    const { id } = await createProduct(t.db, actor, product({ titleEn: "Fern Scarf", titleEs: "Bufanda Fern" }), "EUR");
    const slugs = (await slugsOf(t.db, id))!;
    expect(alternatesFor(pathsIn(productPath, slugs), "es")).toEqual({
      canonical: "/es/product/bufanda-fern",
      languages: { en: "/product/fern-scarf", es: "/es/product/bufanda-fern", "x-default": "/product/fern-scarf" },
    });
  });

  it("SEO title, description and image alt texts per language, with fallbacks to the title and an excerpt", async () => {
    const { id } = await createProduct(
      t.db,
      actor,
      product({
        titleEn: "Juniper Candle",
        titleEs: "Vela Juniper",
        seoTitleEn: "Juniper soy candle, 40 hours",
        seoDescriptionEs: "Vela de soja hecha a mano.",
        images: ["/uploads/products/j1.webp", "/uploads/products/j2.webp"],
        imageAlts: { "/uploads/products/j1.webp": { en: "Candle lit on a table", es: "Vela encendida sobre una mesa" } },
      }),
      "EUR",
    );
    const en = await getProductSeo(t.db, id, "en");
    const es = await getProductSeo(t.db, id, "es");
    expect(en).toEqual({ title: "Juniper soy candle, 40 hours", description: null, imageAlts: { "/uploads/products/j1.webp": "Candle lit on a table" } });
    expect(es).toEqual({ title: "Juniper soy candle, 40 hours", description: "Vela de soja hecha a mano.", imageAlts: { "/uploads/products/j1.webp": "Vela encendida sobre una mesa" } });
    const base = { title: "Juniper Candle", subtitle: null, description: "<p>Poured by hand in small batches.</p>" };
    expect(productSeo(base, en)).toEqual({ title: "Juniper soy candle, 40 hours", description: "Poured by hand in small batches." });
    expect(productSeo(base, { title: "  ", description: null })).toEqual({ title: "Juniper Candle", description: "Poured by hand in small batches." });
    // The editor loads what it saved; a save without alt texts (an import) keeps them on the images it keeps.
    const form = await loadProductForAdmin(t.db, id, "EUR");
    expect(form?.input).toMatchObject({ seoTitleEn: "Juniper soy candle, 40 hours", seoDescriptionEs: "Vela de soja hecha a mano.", slugEn: "juniper-candle" });
    await updateProduct(t.db, actor, id, product({ titleEn: "Juniper Candle", images: ["/uploads/products/j1.webp"] }), "EUR");
    expect((await getProductSeo(t.db, id, "en")).imageAlts).toEqual({ "/uploads/products/j1.webp": "Candle lit on a table" });
  });

  it("categories: a Spanish slug from the Spanish name; a renamed slug and the English slug under /es redirect", async () => {
    const created = await createCategory(t.db, actor, { slug: "travel-bags", nameEn: "Travel bags", nameEs: "Bolsas de viaje" });
    const [row] = await t.db.select({ slugEs: categories.slugEs }).from(categories).where(eq(categories.id, created.id));
    expect(row?.slugEs).toBe("bolsas-de-viaje");
    await updateCategory(t.db, actor, created.id, { slug: "luggage", nameEn: "Travel bags", nameEs: "Bolsas de viaje" });
    expect((await visit("/category/travel-bags")).headers.get("location")).toBe("https://shop.test/category/luggage");
    expect((await visit("/es/category/luggage")).headers.get("location")).toBe("https://shop.test/es/category/bolsas-de-viaje");
    expect((await visit("/category/luggage")).status).not.toBe(301);
  });

  it("categories: the admin edits the Spanish slug on the product's rules; the old one 301s, a taken one is refused", async () => {
    const bags = await createCategory(t.db, actor, { slug: "beach-bags", nameEn: "Beach bags", nameEs: "Bolsos de playa" });
    const other = await createCategory(t.db, actor, { slug: "straw-hats", nameEn: "Straw hats", nameEs: "Sombreros de paja" });
    const slugEsOf = async (id: string) => (await t.db.select({ es: categories.slugEs }).from(categories).where(eq(categories.id, id)))[0]?.es;
    const input = { slug: "beach-bags", nameEn: "Beach bags", nameEs: "Bolsos de playa" };

    // Typed: normalised by the slug rule (accents folded), written, and the one it leaves keeps answering with a 301.
    await updateCategory(t.db, actor, bags.id, { ...input, slugEs: "  Bolsos de Playa Grandes ¡" });
    expect(await slugEsOf(bags.id)).toBe("bolsos-de-playa-grandes");
    expect(await findCatalogAddress(t.db, "category", "bolsos-de-playa-grandes", "es")).toEqual({ id: bags.id, slugs: { en: "beach-bags", es: "bolsos-de-playa-grandes" } });
    const moved = await visit("/es/category/bolsos-de-playa?page=2");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("https://shop.test/es/category/bolsos-de-playa-grandes?page=2");
    expect((await visit("/es/category/bolsos-de-playa-grandes")).status).not.toBe(301);
    expect((await visit("/category/bolsos-de-playa-grandes")).headers.get("location")).toBe("https://shop.test/category/beach-bags");

    // Another category's Spanish slug, or nothing but symbols, is refused and changes nothing.
    await expect(updateCategory(t.db, actor, bags.id, { ...input, slugEs: "sombreros-de-paja" })).rejects.toMatchObject({
      code: "duplicateSlug",
      params: { slug: "sombreros-de-paja" },
    });
    await expect(createCategory(t.db, actor, { slug: "sun-hats", nameEn: "Sun hats", slugEs: "Sombreros de paja" })).rejects.toMatchObject({ code: "duplicateSlug" });
    await expect(updateCategory(t.db, actor, bags.id, { ...input, slugEs: "¡¡!!" })).rejects.toMatchObject({ code: "slugInvalid" });
    await expect(updateCategory(t.db, actor, bags.id, { ...input, slugEs: "a".repeat(101) })).rejects.toMatchObject({ code: "slugTooLong" });
    expect(await slugEsOf(bags.id)).toBe("bolsos-de-playa-grandes");
    expect(await slugEsOf(other.id)).toBe("sombreros-de-paja");
    // A product's Spanish slug is another kind of address: allowed.
    await createProduct(t.db, actor, product({ titleEn: "Palm Tote", titleEs: "Capazo Palma" }), "EUR");
    await updateCategory(t.db, actor, other.id, { slug: "straw-hats", nameEn: "Straw hats", nameEs: "Sombreros de paja", slugEs: "capazo-palma" });
    expect(await slugEsOf(other.id)).toBe("capazo-palma");

    // Left out (an older caller) → kept; emptied → made from the Spanish name again; typed on create → used.
    await updateCategory(t.db, actor, bags.id, input);
    expect(await slugEsOf(bags.id)).toBe("bolsos-de-playa-grandes");
    await updateCategory(t.db, actor, bags.id, { ...input, slugEs: "" });
    expect(await slugEsOf(bags.id)).toBe("bolsos-de-playa");
    const typed = await createCategory(t.db, actor, { slug: "totes", nameEn: "Totes", nameEs: "Capazos", slugEs: "Bolsos Tote" });
    expect(typed.slugEs).toBe("bolsos-tote");

    // Audit-logged like every admin change: both addresses before and after.
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, bags.id));
    expect(rows.map((r) => r.after)).toContainEqual(expect.objectContaining({ slug: "beach-bags", slugEs: "bolsos-de-playa-grandes" }));
    expect(rows.map((r) => r.before)).toContainEqual(expect.objectContaining({ slugEs: "bolsos-de-playa-grandes" }));
  });
});
