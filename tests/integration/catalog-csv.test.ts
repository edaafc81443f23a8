import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { insertCatalogFixtures } from "./catalog-fixtures";
import { queryRows } from "@/server/db/rows";
import { exportCatalogCsv } from "@/features/catalog-csv/export-service";
import { parseCatalogCsv, MAX_FILE_BYTES } from "@/features/catalog-csv/parse";
import { planImport } from "@/features/catalog-csv/import-plan";
import { applyImport, ImportHasErrorsError } from "@/features/catalog-csv/import-apply";
import { listFacets } from "@/features/catalog/facet-service";

const actor = { userId: "usr_admin", email: "admin@example.com" };
const bytes = (text: string) => new TextEncoder().encode(text);

function csv(rows: Array<Record<string, string>>): Uint8Array {
  return bytes(Papa.unparse(rows));
}

async function plan(t: TestDatabase, file: Uint8Array) {
  const parsed = parseCatalogCsv(file);
  if (!parsed.ok) throw new Error(`unreadable: ${parsed.error.code}`);
  return planImport(t.db, parsed, "EUR");
}

describeOnEachDatabase("catalog CSV", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
  });
  afterAll(() => t?.close());

  it("exports every variant with both languages, and importing the export changes nothing", async () => {
    const text = await exportCatalogCsv(t.db);
    const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });
    const tote = parsed.data.find((r) => r.sku === "TOTE-BLK")!;
    expect(tote).toMatchObject({ handle: "p_tote", title_en: "Leather Tote", title_es: "Bolso tote de cuero", price: "120.00", sale_price: "99.00", stock: "5", categories: "handbags", images: "/uploads/tote-1.webp|/uploads/tote-2.webp", option1_name_en: "Style", option1_value_en: "Black" });
    // Deleted products stay out; hidden and draft ones are part of the merchant's catalog.
    expect(parsed.data.map((r) => r.handle)).not.toContain("p_deleted");
    expect(parsed.data.map((r) => r.handle)).toContain("p_hidden");

    const result = await plan(t, bytes(text));
    expect(result.errors).toEqual([]);
    expect(result.summary).toMatchObject({ productsCreated: 0, productsUpdated: 0, variantsCreated: 0, variantsUpdated: 0 });
    expect(result.changes.every((c) => c.action === "unchanged")).toBe(true);
  });

  it("escapes formula-like cells on export and takes the guard off on import", async () => {
    await t.db.execute(sql`UPDATE products SET subtitle_en = '=HYPERLINK("http://evil.example","x")' WHERE id = 'p_watch'`);
    const text = await exportCatalogCsv(t.db);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    const result = await plan(t, bytes(text));
    expect(result.changes.filter((c) => c.action !== "unchanged")).toEqual([]);
  });

  it("lists each bad row in the dry run, refuses to apply it, then applies the fixed file in one go", async () => {
    const rows = [
      { handle: "p_boot", title_en: "Chelsea Boot", title_es: "Botín", sku: "BOOT-40", price: "150", option1_name_en: "Size", option1_name_es: "Talla", option1_value_en: "40", option1_value_es: "40", categories: "handbags", stock: "3", manage_inventory: "true" },
      { handle: "p_boot", title_en: "Chelsea Boot", title_es: "Botín", sku: "BOOT-41", price: "15O", option1_name_en: "Size", option1_name_es: "Talla", option1_value_en: "41", option1_value_es: "41", categories: "handbags", stock: "3", manage_inventory: "true" },
      { handle: "p_tote", title_en: "Leather Tote", title_es: "Bolso tote de cuero", sku: "TOTE-BLK", price: "125.00", option1_name_en: "Style", option1_name_es: "Estilo", option1_value_en: "Black", option1_value_es: "Negro", categories: "nope", stock: "5", manage_inventory: "true" },
    ];
    const bad = await plan(t, csv(rows));
    expect(bad.errors).toEqual([
      { row: 3, column: "price", code: "badPrice" },
      { row: 4, column: "categories", code: "unknownCategory", params: { slug: "nope" } },
    ]);
    await expect(applyImport(t.db, bad, { actor, currency: "EUR" })).rejects.toBeInstanceOf(ImportHasErrorsError);
    expect(await queryRows(t.db, sql`SELECT id FROM products WHERE id = 'p_boot'`)).toEqual([]);

    rows[1].price = "150";
    rows[2].categories = "handbags";
    const good = await plan(t, csv(rows));
    expect(good.errors).toEqual([]);
    expect(good.changes.map((c) => [c.row, c.action, c.fields.includes("price")])).toEqual([
      [2, "create", true],
      [3, "create", true],
      [4, "update", true],
    ]);
    const summary = await applyImport(t.db, good, { actor, currency: "EUR" });
    expect(summary).toMatchObject({ productsCreated: 1, variantsCreated: 2, variantsUpdated: 1 });

    const boot = await queryRows<{ sku: string; price_cents: number; stock: number }>(t.db, sql`SELECT sku, price_cents, stock FROM variants WHERE product_id = 'p_boot' ORDER BY sku`);
    expect(boot).toEqual([
      { sku: "BOOT-40", price_cents: 15000, stock: 3 },
      { sku: "BOOT-41", price_cents: 15000, stock: 3 },
    ]);
    const [tote] = await queryRows<{ price_cents: number }>(t.db, sql`SELECT price_cents FROM variants WHERE sku = 'TOTE-BLK'`);
    expect(tote.price_cents).toBe(12500);
    // The new sizes are filters at once (kept by the triggers of drizzle/0009).
    const facets = await listFacets(t.db, { scope: { kind: "store" }, filters: { options: {} }, locale: "es" });
    expect(facets.options.find((o) => o.key === "size")).toMatchObject({ label: "Talla", values: [{ key: "40", count: 1 }, { key: "41", count: 1 }] });
    const [audit] = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_log WHERE action = 'catalog.import'`);
    expect(audit.action).toBe("catalog.import");
  });

  it("a peso shop: prices in whole pesos, a decimal refused, and exported without decimals (docs/product.md#prices)", async () => {
    const file = (price: string) => {
      const parsed = parseCatalogCsv(csv([{ handle: "p_poncho", title_en: "Poncho", sku: "PONCHO-1", price, stock: "2", manage_inventory: "true" }]));
      if (!parsed.ok) throw new Error(parsed.error.code);
      return parsed;
    };
    const refused = await planImport(t.db, file("15990.5"), "CLP");
    expect(refused.errors).toEqual([expect.objectContaining({ column: "price", code: "badPrice" })]);
    const good = await planImport(t.db, file("15990"), "CLP");
    expect(good.errors).toEqual([]);
    await applyImport(t.db, good, { actor, currency: "CLP" });
    const [poncho] = await queryRows<{ price_cents: number; currency: string }>(t.db, sql`SELECT price_cents, currency FROM variants WHERE sku = 'PONCHO-1'`);
    expect(poncho).toEqual({ price_cents: 15990, currency: "CLP" });
    const exported = Papa.parse<Record<string, string>>((await exportCatalogCsv(t.db)).replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });
    expect(exported.data.find((r) => r.sku === "PONCHO-1")).toMatchObject({ price: "15990", sale_price: "" });
    // The euro rows keep their cents beside it.
    expect(exported.data.find((r) => r.sku === "TOTE-BLK")).toMatchObject({ price: "125.00" });
  });

  it("refuses hostile files with one clear reason", () => {
    const latin1 = new Uint8Array([...bytes("handle,title_en,sku,price\np_x,Cami"), 0xf3, ...bytes("n,SKU,1\n")]);
    expect(parseCatalogCsv(latin1)).toEqual({ ok: false, error: { code: "notUtf8" } });
    expect(parseCatalogCsv(bytes("handle,title_en\np,x\n"))).toEqual({ ok: false, error: { code: "missingColumns", params: { columns: "sku, price" } } });
    expect(parseCatalogCsv(bytes("handle,title_en,sku,price,colour\n"))).toMatchObject({ ok: false, error: { code: "unknownColumns" } });
    expect(parseCatalogCsv(new Uint8Array(MAX_FILE_BYTES + 1))).toMatchObject({ ok: false, error: { code: "tooLarge" } });
    expect(parseCatalogCsv(bytes("  \n"))).toEqual({ ok: false, error: { code: "empty" } });
    expect(parseCatalogCsv(bytes('handle,title_en,sku,price\np,"unterminated,SKU,1\n'))).toMatchObject({ ok: false, error: { code: "malformed" } });
  });
});
