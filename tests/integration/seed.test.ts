import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { queryRows } from "@/server/db/rows";
import { demoImageFiles, isDatabaseEmpty, seedDatabase } from "@/features/demo-shop/seed";
import { loadProductForAdmin } from "@/features/catalog/product-admin-load";
import { validateProductInput } from "@/features/catalog/product-input";

// One uploads folder for every database kind: the second run also proves that existing images are reused.
const uploadsDir = mkdtempSync(path.join(tmpdir(), "vitrina-seed-test-"));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const countedTables = [
  "products",
  "product_images",
  "product_options",
  "product_option_values",
  "variants",
  "variant_option_values",
  "product_additional_info",
  "categories",
  "product_categories",
  "pages",
  "homepage_content",
  "footer_content",
];

async function counts(t: TestDatabase): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of countedTables) {
    const rows = await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`));
    result[table] = rows[0].n;
  }
  return result;
}

describeOnEachDatabase("demo seed", (kind) => {
  let t: TestDatabase;
  let firstRun: { created: boolean };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    expect(await isDatabaseEmpty(t.db)).toBe(true);
    firstRun = await seedDatabase(t.db, { uploadsDir });
  });
  afterAll(() => t?.close());

  it("reports that it created the shop and the database is no longer empty", async () => {
    expect(firstRun.created).toBe(true);
    expect(await isDatabaseEmpty(t.db)).toBe(false);
  });

  it("creates at least 24 products across handbags, shoes, watches and accessories", async () => {
    const c = await counts(t);
    expect(c.products).toBeGreaterThanOrEqual(24);
    const perCategory = await queryRows<{ slug: string; n: number }>(
      t.db,
      sql`select c.slug, count(*)::int as n from product_categories pc join categories c on c.id = pc.category_id group by c.slug`,
    );
    const bySlug = Object.fromEntries(perCategory.map((r) => [r.slug, r.n]));
    for (const slug of ["handbags", "shoes", "watches", "accessories"]) expect(bySlug[slug]).toBeGreaterThanOrEqual(4);
  });

  it("creates 4 to 6 bilingual categories with images", async () => {
    const rows = await queryRows<{ name_en: string; name_es: string; image_url: string | null }>(t.db, sql`select name_en, name_es, image_url from categories`);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(6);
    for (const row of rows) {
      expect(row.name_es).not.toBe("");
      expect(row.image_url).toMatch(/^\/uploads\/demo\/.+\.webp$/);
      expect(existsSync(path.join(uploadsDir, row.image_url!.replace(/^\/uploads\//, "")))).toBe(true);
    }
  });

  it("gives most products several variants under a Style option (shoes: Colour and Size), each linked to its option value", async () => {
    const multi = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select product_id from variants group by product_id having count(*) > 1) m`,
    );
    const total = (await counts(t)).products;
    expect(multi[0].n).toBeGreaterThan(total / 2);
    const options = await queryRows<{ title_en: string; title_es: string }>(t.db, sql`select distinct title_en, title_es from product_options order by 1`);
    expect(options).toEqual([
      { title_en: "Colour", title_es: "Color" },
      { title_en: "Size", title_es: "Talla" },
      { title_en: "Style", title_es: "Estilo" },
    ]);
    // Every shoe variant is one colour in one size (docs/product.md#filters-and-sort).
    const shoeLinks = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from variants v where v.product_id in (select product_id from product_options where title_en = 'Size')
          and (select count(*) from variant_option_values l where l.variant_id = v.id) <> 2`,
    );
    expect(shoeLinks[0].n).toBe(0);
    const unlinked = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from variants v join product_options o on o.product_id = v.product_id
          where not exists (select 1 from variant_option_values l where l.variant_id = v.id)`,
    );
    expect(unlinked[0].n).toBe(0);
  });

  it("has sale prices, low and zero managed stock, and a product that cannot be bought", async () => {
    const rows = await queryRows<{ sale: number; zero: number; low: number; not_purchasable: number; other_rule: number }>(
      t.db,
      sql`select
            (select count(*)::int from variants where sale_price_cents is not null and sale_price_cents < price_cents) as sale,
            (select count(*)::int from variants where manage_inventory and stock = 0) as zero,
            (select count(*)::int from variants where manage_inventory and stock between 1 and 3) as low,
            (select count(*)::int from products where not purchasable) as not_purchasable,
            (select count(*)::int from products where site_product_selection is not null and site_product_selection <> 'lowest_price_first') as other_rule`,
    );
    expect(rows[0].sale).toBeGreaterThanOrEqual(1);
    expect(rows[0].zero).toBeGreaterThanOrEqual(1);
    expect(rows[0].low).toBeGreaterThanOrEqual(1);
    expect(rows[0].not_purchasable).toBe(1);
    expect(rows[0].other_rule).toBeGreaterThanOrEqual(1);
  });

  it("prices every variant in integer cents of the store currency with a unique SKU", async () => {
    const rows = await queryRows<{ currency: string; sku: string | null; price_cents: number }>(t.db, sql`select currency, sku, price_cents from variants`);
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(["EUR"]));
    expect(rows.every((r) => r.sku && Number.isInteger(r.price_cents) && r.price_cents > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
  });

  it("has the products a search test looks for, in both languages", async () => {
    const belts = await queryRows<{ title_es: string }>(t.db, sql`select title_es from products where title_en = 'Leather Belt'`);
    expect(belts).toEqual([{ title_es: "Cinturón de cuero" }]);
    const watches = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products where title_es like 'Reloj%'`);
    expect(watches[0].n).toBeGreaterThanOrEqual(3);
  });

  it("gives every product at least two images whose files exist, and variants point at one of them", async () => {
    const images = await queryRows<{ product_id: string; url: string; width: number | null }>(t.db, sql`select product_id, url, width from product_images`);
    const byProduct = new Map<string, string[]>();
    for (const image of images) byProduct.set(image.product_id, [...(byProduct.get(image.product_id) ?? []), image.url]);
    const productIds = await queryRows<{ id: string }>(t.db, sql`select id from products`);
    for (const { id } of productIds) {
      const urls = byProduct.get(id) ?? [];
      expect(urls.length, id).toBeGreaterThanOrEqual(2);
      for (const url of urls) {
        const file = path.join(uploadsDir, url.replace(/^\/uploads\//, ""));
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size).toBeGreaterThan(1000);
      }
    }
    expect(images.every((i) => i.width === 800)).toBe(true);
    const strays = await queryRows<{ id: string }>(
      t.db,
      sql`select v.id from variants v where v.image_url is null
          or not exists (select 1 from product_images i where i.product_id = v.product_id and i.url = v.image_url)`,
    );
    expect(strays).toEqual([]);
  });

  it("has ribbons and additional information blocks in both languages", async () => {
    const ribbons = await queryRows<{ ribbon_text_en: string; ribbon_text_es: string }>(
      t.db,
      sql`select distinct ribbon_text_en, ribbon_text_es from products where ribbon_text_en is not null`,
    );
    expect(ribbons).toContainEqual({ ribbon_text_en: "Sale", ribbon_text_es: "Oferta" });
    expect(ribbons).toContainEqual({ ribbon_text_en: "New", ribbon_text_es: "Nuevo" });
    const info = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from product_additional_info where description_en like '<p>%' and description_es like '<p>%'`,
    );
    expect(info[0].n).toBeGreaterThanOrEqual(24 * 2);
  });

  it("writes about, contact and blog pages with real text in both languages", async () => {
    const rows = await queryRows<{ slug: string; title_es: string; content_en: string; content_es: string }>(
      t.db,
      sql`select slug, title_es, content_en, content_es from pages order by slug`,
    );
    expect(rows.map((r) => r.slug)).toEqual(["about", "blog", "contact"]);
    for (const row of rows) {
      expect(row.title_es).not.toBe("");
      expect((row.content_en.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect((row.content_es.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(row.content_es).not.toBe(row.content_en);
    }
  });

  it("writes the homepage sections and the footer link sections", async () => {
    const home = await queryRows<{ section: string; content: { title_en: string; title_es: string; subtitle_en: string; subtitle_es: string } }>(
      t.db,
      sql`select section, content from homepage_content order by section`,
    );
    expect(home.map((h) => h.section)).toEqual(["featured_products", "hero"]);
    for (const h of home) for (const key of ["title_en", "title_es", "subtitle_en", "subtitle_es"] as const) expect(h.content[key]).not.toBe("");
    const footer = await queryRows<{ section: string; links: Array<{ url: string; label_en: string; label_es: string }> }>(
      t.db,
      sql`select section, links from footer_content order by section`,
    );
    expect(footer.map((f) => f.section)).toEqual(["categories", "customer_service"]);
    const [categoryLinks, serviceLinks] = [footer[0].links, footer[1].links];
    expect(serviceLinks.map((l) => l.url)).toEqual(["/orders/lookup"]);
    // About, contact and blog are linked by their header and footer flags, in the demo's order, as demo rows.
    const pages = await queryRows<{ id: string; slug: string; slug_es: string; status: string; in_header: boolean; in_footer: boolean; is_demo: boolean }>(
      t.db,
      sql`select id, slug, slug_es, status, in_header, in_footer, is_demo from pages order by sort_order`,
    );
    expect(pages).toEqual(
      ["about", "contact", "blog"].map((slug) => ({ id: `page_${slug}`, slug, slug_es: slug, status: "published", in_header: true, in_footer: true, is_demo: true })),
    );
    const details = await queryRows<{ location_en: string; social_links: unknown[]; is_demo: boolean }>(t.db, sql`select location_en, social_links, is_demo from footer_details`);
    expect(details).toEqual([expect.objectContaining({ location_en: "Valencia, Spain", is_demo: true })]);
    expect(details[0].social_links).toHaveLength(3);
    const slugs = await queryRows<{ slug: string }>(t.db, sql`select slug from categories`);
    expect(categoryLinks.map((l) => l.url).sort()).toEqual(slugs.map((s) => `/category/${s.slug}`).sort());
    expect([...categoryLinks, ...serviceLinks].every((l) => l.label_en && l.label_es)).toBe(true);
  });

  it("writes every demo product as the editor's check would store it, so an admin can open and save it unchanged", async () => {
    const ids = await queryRows<{ id: string }>(t.db, sql`select id from products order by id`);
    // The seed writes what the check answers (decision 0354), so the stored text is the checked text exactly.
    for (const { id } of ids) {
      const form = (await loadProductForAdmin(t.db, id, "EUR"))!;
      const checked = validateProductInput(form.input);
      const texts = (p: { descriptionEn: string; descriptionEs: string; additionalInfo: Array<{ descriptionEn: string; descriptionEs: string }> }) =>
        [p.descriptionEn, p.descriptionEs, ...p.additionalInfo.flatMap((b) => [b.descriptionEn, b.descriptionEs])];
      expect(texts(checked), id).toEqual(texts(form.input));
    }
  });

  it("changes nothing when seeded a second time", async () => {
    const before = await counts(t);
    const again = await seedDatabase(t.db, { uploadsDir });
    expect(again.created).toBe(false);
    expect(await counts(t)).toEqual(before);
  });

  it("leaves every demo image on disk", () => {
    for (const file of demoImageFiles()) expect(existsSync(path.join(uploadsDir, "demo", file)), file).toBe(true);
  });
});
