import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { insertCatalogFixtures } from "../integration/catalog-fixtures";
import { queryRows } from "@/server/db/rows";
import { products } from "@/server/db/schema/catalog";
import { parseCatalogCsv } from "@/features/catalog-csv/parse";
import { planImport } from "@/features/catalog-csv/import-plan";
import { applyImport, ImportHasErrorsError } from "@/features/catalog-csv/import-apply";
import { importReport } from "@/features/catalog-csv/report";
import { createProduct } from "@/features/catalog/product-admin-service";
import { adminRefusalMessage } from "@/features/admin/action-runner";
import { CatalogError } from "@/features/catalog/errors";

/*
 * The catalog CSV import writes products as the product editor does (docs/product.md#catalog-csv): the same check
 * (src/features/catalog/product-input.ts) sanitises its rich text and refuses what the editor refuses, in the
 * editor's words.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };
const XSS = "<p>Soft leather</p><img src=x onerror=alert(1)>";

async function planRows(t: TestDatabase, rows: Array<Record<string, string>>) {
  const parsed = parseCatalogCsv(new TextEncoder().encode(Papa.unparse(rows)));
  if (!parsed.ok) throw new Error(`unreadable: ${parsed.error.code}`);
  return planImport(t.db, parsed, "EUR");
}

const storedDescription = async (t: TestDatabase, id: string) =>
  (await t.db.select({ en: products.descriptionEn, es: products.descriptionEs }).from(products).where(eq(products.id, id)))[0];

describeOnEachDatabase("catalog import through the product editor's rules", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
  });
  afterAll(() => t?.close());

  it("attack: stored XSS through the catalog import — <img src=x onerror=alert(1)> in a description is stored sanitised, exactly as the editor stores it", async () => {
    const plan = await planRows(t, [
      { handle: "p_xss_new", title_en: "Clutch", description_en: XSS, description_es: XSS, sku: "XSS-1", price: "40", sale_price: "" },
      { handle: "p_tote", title_en: "Leather Tote", description_en: XSS, description_es: "", sku: "TOTE-BLK", price: "120", sale_price: "99" },
    ]);
    expect(plan.errors).toEqual([]);
    await applyImport(t.db, plan, { actor, currency: "EUR" });

    // The editor's save of the same text, for comparison.
    const { id } = await createProduct(t.db, actor, { titleEn: "Clutch", descriptionEn: XSS, variants: [{ titleEn: "Default", priceCents: 4000 }] }, "EUR");
    const editor = await storedDescription(t, id);
    expect(editor.en).not.toMatch(/onerror|alert/);
    expect(editor.en).toContain("<p>Soft leather</p>");

    expect(await storedDescription(t, "p_xss_new")).toEqual({ en: editor.en, es: editor.en });
    expect(await storedDescription(t, "p_tote")).toEqual({ en: editor.en, es: null });
    expect(await queryRows(t.db, sql`SELECT id FROM products WHERE description_en LIKE '%onerror%' OR description_es LIKE '%onerror%'`)).toEqual([]);
  });

  it("attack: catalog import past the editor's rules — a sale price at or above the price and image addresses the editor refuses are refused in the editor's words, and nothing is written", async () => {
    const rows = [
      { handle: "p_sale_new", title_en: "Belt bag", images: "", sku: "SALE-1", price: "50", sale_price: "50" },
      { handle: "p_tote", title_en: "Leather Tote", images: "", sku: "TOTE-BLK", price: "99", sale_price: "99" },
      { handle: "p_http", title_en: "Scarf", images: "http://cdn.example/scarf.jpg", sku: "HTTP-1", price: "20", sale_price: "" },
      { handle: "p_js", title_en: "Hat", images: "javascript:alert(1)", sku: "JS-1", price: "20", sale_price: "" },
    ];
    const before = await queryRows(t.db, sql`SELECT id, price_cents, sale_price_cents FROM variants ORDER BY id`);
    const plan = await planRows(t, rows);
    expect(plan.errors.map((e) => [e.row, e.column, e.code === "productRule" ? e.rule : e.code])).toEqual([
      [2, "sale_price", "salePriceNotLower"],
      [3, "sale_price", "salePriceNotLower"],
      [4, "images", "imageUrlNotHttps"],
      [5, "images", "invalidUrl"],
    ]);

    // What the admin reads is what the editor says for the same product, in English and Spanish.
    const editorSays = async (input: Parameters<typeof createProduct>[2]) => {
      const refusal = await createProduct(t.db, actor, input, "EUR").then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(CatalogError);
      const error = refusal as CatalogError;
      return { en: adminRefusalMessage("en", error), es: adminRefusalMessage("es", error) };
    };
    const expected = [
      await editorSays({ titleEn: "Belt bag", variants: [{ titleEn: "Default", priceCents: 5000, salePriceCents: 5000 }] }),
      await editorSays({ titleEn: "Leather Tote", variants: [{ titleEn: "Black", priceCents: 9900, salePriceCents: 9900 }] }),
      await editorSays({ titleEn: "Scarf", images: ["http://cdn.example/scarf.jpg"], variants: [{ titleEn: "Default", priceCents: 2000 }] }),
      await editorSays({ titleEn: "Hat", images: ["javascript:alert(1)"], variants: [{ titleEn: "Default", priceCents: 2000 }] }),
    ];
    expect(expected[0].en).toBe("Variant 1: the sale price must be lower than the price.");
    expect(expected[0].es).toBe("Variante 1: el precio rebajado debe ser menor que el precio.");
    expect((await importReport(plan, "en")).errors.map((e) => e.message)).toEqual(expected.map((m) => m.en));
    expect((await importReport(plan, "es")).errors.map((e) => e.message)).toEqual(expected.map((m) => m.es));

    await expect(applyImport(t.db, plan, { actor, currency: "EUR" })).rejects.toBeInstanceOf(ImportHasErrorsError);
    expect(await queryRows(t.db, sql`SELECT id FROM products WHERE id IN ('p_sale_new', 'p_http', 'p_js')`)).toEqual([]);
    expect(await queryRows(t.db, sql`SELECT id, price_cents, sale_price_cents FROM variants ORDER BY id`)).toEqual(before);
  });
});
