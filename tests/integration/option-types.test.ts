import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { productOptions, productOptionValues, products, variantOptionValues, variants } from "@/server/db/schema/catalog";
import { listFacets, type ListingScope } from "@/features/catalog/facet-service";
import {
  listOptionTypes,
  moveOptionTypeValue,
  productOptionSwatches,
  removeOptionTypeValue,
  saveOptionType,
  saveOptionTypeValue,
} from "@/features/catalog/option-type-service";
import { optionTypeValueInputSchema } from "@/features/catalog/option-type-schemas";
import { exportCatalogCsv } from "@/features/catalog-csv/export-service";
import { parseCatalogCsv } from "@/features/catalog-csv/parse";
import { planImport } from "@/features/catalog-csv/import-plan";
import { applyImport } from "@/features/catalog-csv/import-apply";

/*
 * Option types shared across products (docs/product.md#option-types, decision 0368): drizzle/0067 links a shop's
 * existing options (Colour, Color and Style/Estilo holding colours → one Colour; Size/Talla → Size, by number), the
 * filters group by type in its order, the admin's refusals, and the CSV carrying each option's type.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };
const store: ListingScope = { kind: "store" };

type Option = { en: string; es: string; values: Array<[string, string]> };

/** A listed product with one variant per combination of its options' values (first option × second). */
async function insertProduct(db: Db, id: string, options: Option[]) {
  await db.insert(products).values({ id, titleEn: id, titleEs: id });
  const valueIds = options.map((o, n) => o.values.map((_, k) => `${id}_o${n}_v${k}`));
  for (const [n, o] of options.entries()) {
    await db.insert(productOptions).values({ id: `${id}_o${n}`, productId: id, titleEn: o.en, titleEs: o.es, sortOrder: n });
    await db.insert(productOptionValues).values(o.values.map(([en, es], k) => ({ id: valueIds[n][k], optionId: `${id}_o${n}`, valueEn: en, valueEs: es, sortOrder: k })));
  }
  const combos: string[][] = (valueIds[1] ? valueIds[0].flatMap((a) => valueIds[1].map((b) => [a, b])) : valueIds[0].map((a) => [a]));
  for (const [k, combo] of combos.entries()) {
    await db.insert(variants).values({ id: `${id}_var${k}`, productId: id, titleEn: combo.join(" "), priceCents: 1000 + k, sortOrder: k });
    await db.insert(variantOptionValues).values(combo.map((optionValueId) => ({ variantId: `${id}_var${k}`, optionValueId })));
  }
}

/** drizzle/0067's own statements that link a shop's options and rebuild its filters, on data as it was before. */
async function runMigrationLinking(db: Db) {
  await db.execute(sql`UPDATE product_option_values SET type_value_id = NULL`);
  await db.execute(sql`UPDATE product_options SET option_type_id = NULL`);
  await db.execute(sql`DELETE FROM option_type_values`);
  await db.execute(sql`DELETE FROM option_types`);
  const file = readFileSync(path.join(process.cwd(), "drizzle/0067_option_types.sql"), "utf8");
  const statements = file.split("--> statement-breakpoint").map((s) => s.trim());
  const from = statements.findIndex((s) => s.includes("SELECT vitrina_link_product_options(ARRAY(SELECT id FROM product_options"));
  expect(from).toBeGreaterThan(0);
  for (const statement of statements.slice(from)) await db.execute(sql.raw(statement));
}

const colours: Array<[string, string]> = [["Black", "Negro"], ["Red", "Rojo"]];

describeOnEachDatabase("option types shared across products", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertProduct(t.db, "p_shoe", [
      { en: "Colour", es: "Color", values: [["White", "Blanco"], ["Black", "Negro"]] },
      { en: "Size", es: "Talla", values: [["39", "39"], ["36", "36"], ["40", "40"], ["37", "37"]] },
    ]);
    await insertProduct(t.db, "p_bag", [{ en: "Style", es: "Estilo", values: colours }]);
    await insertProduct(t.db, "p_scarf", [{ en: "Color", es: "Color", values: [["Red", "Rojo"], ["Blue", "Azul"]] }]);
    await insertProduct(t.db, "p_tee", [{ en: "Material", es: "Material", values: [["Cotton", "Algodón"]] }]);
    // A style that names no colour stays a style.
    await insertProduct(t.db, "p_card", [{ en: "Style", es: "Estilo", values: [["Classic", "Clásico"], ["Slim", "Fino"]] }]);
    await runMigrationLinking(t.db);
  });
  afterAll(() => t?.close());

  it("the migration groups Colour, Color and a Style of colours into one Colour type, sizes into Size by number", async () => {
    const types = await listOptionTypes(t.db);
    expect(types.map((x) => [x.nameEn, x.nameEs, x.kind])).toEqual([
      ["Colour", "Color", "colour"],
      ["Material", "Material", "other"],
      ["Size", "Talla", "size"],
      ["Style", "Estilo", "other"],
    ]);
    const colour = types.find((x) => x.kind === "colour")!;
    expect(colour.values.map((v) => v.valueEn).sort()).toEqual(["Black", "Blue", "Red", "White"]);
    // Black is used by the shoe and the bag; a colour word starts with its swatch.
    expect(colour.values.find((v) => v.valueEn === "Black")).toMatchObject({ products: 2, swatch: "#111111" });
    expect(types.find((x) => x.kind === "size")!.values.map((v) => v.valueEn)).toEqual(["36", "37", "39", "40"]);
    const unlinked = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM product_options WHERE option_type_id IS NULL) + (SELECT count(*) FROM product_option_values WHERE type_value_id IS NULL) AS n`,
    );
    expect(Number(unlinked[0].n)).toBe(0);
  });

  it("the filters show one Colour in the shopper's language and the sizes in order", async () => {
    const es = await listFacets(t.db, { scope: store, filters: { options: {} }, locale: "es" });
    expect(es.options.map((o) => [o.key, o.label])).toEqual([
      ["colour", "Color"],
      ["material", "Material"],
      ["size", "Talla"],
      ["style", "Estilo"],
    ]);
    expect(es.options[0].values.find((v) => v.key === "black")).toMatchObject({ label: "Negro", count: 2 });
    expect(es.options[2].values.map((v) => v.label)).toEqual(["36", "37", "39", "40"]);
    const en = await listFacets(t.db, { scope: store, filters: { options: { colour: ["red"] } }, locale: "en" });
    expect(en.options[0]).toMatchObject({ key: "colour", label: "Colour" });
    expect(en.options[0].values.find((v) => v.key === "red")).toMatchObject({ label: "Red", count: 2, selected: true });
  });

  it("links a product written later as it is written: its new size takes its place by number", async () => {
    await insertProduct(t.db, "p_boot", [
      { en: "Colour", es: "Color", values: [["Black", "Negro"]] },
      { en: "Talla", es: "Talla", values: [["38", "38"], ["36", "36"]] },
    ]);
    const facets = await listFacets(t.db, { scope: store, filters: { options: {} }, locale: "en" });
    expect(facets.options.map((o) => o.key)).toEqual(["colour", "material", "size", "style"]);
    expect(facets.options[2].values.map((v) => [v.label, v.count])).toEqual([["36", 2], ["37", 1], ["38", 1], ["39", 1], ["40", 1]]);
    expect(facets.options[0].values.find((v) => v.key === "black")!.count).toBe(3);
  });

  it("the admin renames, reorders and adds values; removal is refused while products use a value; all audited", async () => {
    const colour = (await listOptionTypes(t.db)).find((x) => x.kind === "colour")!;
    expect(await saveOptionType(t.db, actor, { id: null, nameEn: "colour", nameEs: "", kind: "other" })).toMatchObject({ ok: false, code: "nameTaken", field: "nameEn" });
    expect(await saveOptionType(t.db, actor, { id: colour.id, nameEn: "Colour", nameEs: "Colores", kind: "colour" })).toMatchObject({ ok: true });
    const black = colour.values.find((v) => v.valueEn === "Black")!;
    expect(await removeOptionTypeValue(t.db, actor, black.id)).toEqual({ ok: false, code: "valueInUse", params: { count: 3 } });
    const swatch = optionTypeValueInputSchema.parse({ id: null, typeId: colour.id, valueEn: "Green", valueEs: "Verde", swatch: "#2E7D32" });
    expect(swatch.swatch).toBe("#2e7d32");
    expect(optionTypeValueInputSchema.safeParse({ ...swatch, swatch: "green" }).error?.issues[0].message).toBe("swatchInvalid");
    const added = await saveOptionTypeValue(t.db, actor, swatch);
    expect(added).toMatchObject({ ok: true });
    expect(await saveOptionTypeValue(t.db, actor, { ...swatch, valueEn: "GREEN" })).toMatchObject({ ok: false, code: "valueTaken" });
    // Black to the bottom: the filter follows the type's order.
    const valuesNow = async () => (await listOptionTypes(t.db)).find((x) => x.id === colour.id)!.values.map((v) => v.valueEn);
    for (let i = (await valuesNow()).indexOf("Black"); i < 4; i++) await moveOptionTypeValue(t.db, actor, { id: black.id, direction: "down" });
    const order = await valuesNow();
    expect(order.at(-1)).toBe("Black");
    const facets = await listFacets(t.db, { scope: store, filters: { options: {} }, locale: "es" });
    expect(facets.options[0].label).toBe("Colores");
    expect(facets.options[0].values.map((v) => v.label)).toEqual(order.filter((v) => v !== "Green").map((v) => ({ Black: "Negro", White: "Blanco", Red: "Rojo", Blue: "Azul" })[v]));
    expect(await removeOptionTypeValue(t.db, actor, added.ok ? added.id : "")).toMatchObject({ ok: true });
    const actions = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_log WHERE entity LIKE 'option_type%' ORDER BY id`);
    expect(new Set(actions.map((a) => a.action))).toEqual(new Set(["option_type.update", "option_type_value.create", "option_type_value.move", "option_type_value.delete"]));
  });

  it("a size type keeps numbers in numeric order whatever the admin moves", async () => {
    const size = (await listOptionTypes(t.db)).find((x) => x.kind === "size")!;
    await saveOptionTypeValue(t.db, actor, { id: null, typeId: size.id, valueEn: "XL", valueEs: "XL", swatch: null });
    const forty = size.values.find((v) => v.valueEn === "40")!;
    await moveOptionTypeValue(t.db, actor, { id: forty.id, direction: "up" });
    const values = (await listOptionTypes(t.db)).find((x) => x.id === size.id)!.values.map((v) => v.valueEn);
    expect(values).toEqual(["36", "37", "38", "39", "40", "XL"]);
  });

  it("gives the product page each option value's swatch", async () => {
    const swatches = await productOptionSwatches(t.db, "p_bag");
    expect(swatches).toEqual({ p_bag_o0_v0: "#111111", p_bag_o0_v1: "#c0392b" });
  });

  it("exports each option's type and imports it back: the same catalog, linked to the same types", async () => {
    const text = await exportCatalogCsv(t.db);
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.handle === "p_bag")).toMatchObject({ option1_name_en: "Style", option1_type: "Colour" });
    expect(rows.find((r) => r.handle === "p_shoe")).toMatchObject({ option1_type: "Colour", option2_name_en: "Size", option2_type: "Size" });
    // Round trip on a shop of its own: the types are made from the file's names and the export is the same again.
    const other = await createTestDatabase(kind);
    try {
      const withSkus = rows.map((r, n) => ({ ...r, sku: r.sku || `SKU-${n}` }));
      const file = new TextEncoder().encode(Papa.unparse(withSkus));
      const parsed = parseCatalogCsv(file);
      if (!parsed.ok) throw new Error(parsed.error.code);
      const plan = await planImport(other.db, parsed, "EUR");
      expect(plan.errors).toEqual([]);
      await applyImport(other.db, plan, { actor, currency: "EUR" });
      const again = Papa.parse<Record<string, string>>((await exportCatalogCsv(other.db)).replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
      const pick = (r: Record<string, string>) => [r.handle, r.option1_name_en, r.option1_type, r.option1_value_en, r.option2_type, r.option2_value_en];
      expect(again.map(pick).sort()).toEqual(withSkus.map(pick).sort());
      const types = await listOptionTypes(other.db);
      expect(types.map((x) => [x.nameEn, x.kind]).sort()).toEqual([["Colour", "colour"], ["Material", "other"], ["Size", "size"], ["Style", "other"]]);
      // A type the shop lacks is created; an existing one is found by its Spanish name too.
      const newRows = [
        { ...withSkus[0], handle: "p_new", sku: "NEW-1", option1_name_en: "Finish", option1_name_es: "Acabado", option1_type: "Finish", option1_value_en: "Matte", option2_name_en: "", option2_name_es: "", option2_type: "", option2_value_en: "", option2_value_es: "" },
        { ...withSkus[0], handle: "p_new2", sku: "NEW-2", option1_name_en: "Tone", option1_name_es: "Tono", option1_type: "Color", option1_value_en: "Black", option2_name_en: "", option2_name_es: "", option2_type: "", option2_value_en: "", option2_value_es: "" },
      ];
      const parsedNew = parseCatalogCsv(new TextEncoder().encode(Papa.unparse(newRows)));
      if (!parsedNew.ok) throw new Error(parsedNew.error.code);
      const planNew = await planImport(other.db, parsedNew, "EUR");
      expect(planNew.errors).toEqual([]);
      await applyImport(other.db, planNew, { actor, currency: "EUR" });
      const linked = await queryRows<{ product_id: string; type: string; value: string }>(
        other.db,
        sql`SELECT o.product_id, t.name_en AS type, tv.value_en AS value FROM product_options o JOIN option_types t ON t.id = o.option_type_id
            JOIN product_option_values ov ON ov.option_id = o.id JOIN option_type_values tv ON tv.id = ov.type_value_id
            WHERE o.product_id IN ('p_new', 'p_new2') ORDER BY 1`,
      );
      expect(linked).toEqual([
        { product_id: "p_new", type: "Finish", value: "Matte" },
        { product_id: "p_new2", type: "Colour", value: "Black" },
      ]);
    } finally {
      await other.close();
    }
    // A second database and two imports: slow on a busy machine.
  }, 300_000);
});
