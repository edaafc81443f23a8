import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../helpers/test-database";
import { queryRows } from "@/server/db/rows";
import { categories } from "@/server/db/schema/catalog";
import { parseCatalogCsv } from "@/features/catalog-csv/parse";
import { planImport } from "@/features/catalog-csv/import-plan";
import { applyImport, ImportChangedError } from "@/features/catalog-csv/import-apply";
import { listFacets } from "@/features/catalog/facet-service";
import { insertProduct } from "./checkout-fixtures";

/**
 * docs/product.md#catalog-csv: a 10,000-row file is checked (dry run) and applied in one transaction, with the
 * progress the admin's bar shows reported along the way.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };
const PRODUCTS = 5_000;

/** 5,000 products × 2 sizes = 10,000 rows. */
function bigFile(): Uint8Array {
  const rows = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const handle = `big_${String(i).padStart(5, "0")}`;
    for (const size of ["40", "41"]) {
      rows.push({
        handle,
        title_en: `Import Boot ${i}`,
        title_es: `Botín importado ${i}`,
        description_en: "<p>Resoled by hand, waxed &amp; ready.</p>",
        description_es: "<p>Resolado a mano, encerado y listo.</p>",
        sku: `BIG-${i}-${size}`,
        price: (49 + (i % 50)).toFixed(2),
        stock: String(i % 7),
        manage_inventory: "true",
        categories: "boots",
        option1_name_en: "Size",
        option1_name_es: "Talla",
        option1_value_en: size,
        option1_value_es: size,
      });
    }
  }
  return new TextEncoder().encode(Papa.unparse(rows));
}

const countOf = async (t: TestDatabase, query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.db, query))[0].n);

// The size is proved once, on PostgreSQL when the suite has it (the database shops at this size run on), else on
// PGlite: the import's behaviour on both databases is covered with small files (catalog-csv tests), and ten thousand
// rows on both would cost the suite minutes for nothing more.
const kind = databaseKinds.at(-1)!;

describe(`catalog CSV, 10,000 rows [${kind}]`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.insert(categories).values({ id: "cat_boots", slug: "boots", nameEn: "Boots", nameEs: "Botas" });
  });
  afterAll(() => t?.close());

  it("checks the file with progress, applies it in one transaction, and a failed apply leaves nothing behind", async () => {
    const parsed = parseCatalogCsv(bigFile());
    if (!parsed.ok) throw new Error(parsed.error.code);
    expect(parsed.rows).toHaveLength(10_000);

    const checked: number[] = [];
    const plan = await planImport(t.db, parsed, "EUR", (done) => checked.push(done));
    expect(plan.errors).toEqual([]);
    expect(plan.summary).toMatchObject({ rows: 10_000, productsCreated: PRODUCTS, variantsCreated: 10_000, variantsUpdated: 0 });
    // Progress climbs in steps to the whole file.
    expect(checked.length).toBeGreaterThanOrEqual(20);
    expect(checked).toEqual([...checked].sort((a, b) => a - b));
    expect(checked.at(-1)).toBe(10_000);

    // Someone takes one of the file's SKUs between the check and the apply: the apply fails as a whole.
    const other = await insertProduct(t.db);
    await t.db.execute(sql`UPDATE variants SET sku = 'BIG-4999-41' WHERE id = ${other.variantId}`);
    await expect(applyImport(t.db, plan, { actor, currency: "EUR" })).rejects.toBeInstanceOf(ImportChangedError);
    expect(await countOf(t, sql`SELECT count(*)::int AS n FROM products WHERE id LIKE 'big_%'`)).toBe(0);
    expect(await countOf(t, sql`SELECT count(*)::int AS n FROM variants WHERE sku LIKE 'BIG-%' AND product_id LIKE 'big_%'`)).toBe(0);

    // Given back, the same plan applies in one go, reporting each stage.
    await t.db.execute(sql`UPDATE variants SET sku = NULL WHERE id = ${other.variantId}`);
    const applied: number[] = [];
    const summary = await applyImport(t.db, plan, { actor, currency: "EUR", onProgress: (done) => applied.push(done) });
    expect(summary).toMatchObject({ productsCreated: PRODUCTS, variantsCreated: 10_000 });
    expect(applied).toEqual([2_000, 6_000, 10_000]);
    expect(await countOf(t, sql`SELECT count(*)::int AS n FROM products WHERE id LIKE 'big_%'`)).toBe(PRODUCTS);
    expect(await countOf(t, sql`SELECT count(*)::int AS n FROM variants WHERE product_id LIKE 'big_%'`)).toBe(10_000);
    expect(await countOf(t, sql`SELECT count(*)::int AS n FROM product_categories WHERE category_id = 'cat_boots'`)).toBe(PRODUCTS);
    // Each size is a filter with its products (stock 0 on one product in seven).
    const facets = await listFacets(t.db, { scope: { kind: "category", slug: "boots" }, filters: { options: { size: ["41"] } }, locale: "es" });
    expect(facets.options.find((o) => o.key === "talla" || o.key === "size")?.values.map((v) => [v.key, v.count])).toEqual([
      ["40", PRODUCTS],
      ["41", PRODUCTS],
    ]);
    expect(facets.inStock.count).toBe(PRODUCTS - Math.ceil(PRODUCTS / 7));
    expect((await queryRows<{ price_cents: number }>(t.db, sql`SELECT price_cents FROM variants WHERE id = ${other.variantId}`))[0].price_cents).toBe(2500);

    // The same file again changes nothing.
    const again = parseCatalogCsv(bigFile());
    if (!again.ok) throw new Error(again.error.code);
    const replan = await planImport(t.db, again, "EUR");
    expect(replan.summary).toMatchObject({ productsCreated: 0, productsUpdated: 0, variantsCreated: 0, variantsUpdated: 0, unchanged: 10_000 });
  }, 600_000);
});
