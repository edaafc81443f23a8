import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { describeOnEachDatabase, withTestDatabase, type TestDatabase } from "../helpers/test-database";
import { queryRows } from "@/server/db/rows";
import { getProduct } from "@/features/catalog/service";
import { createProduct, loadProductForAdmin, updateProduct } from "@/features/catalog/product-admin-service";
import type { ProductInput } from "@/features/catalog/product-admin-schemas";
import enAdmin from "@/messages/en/admin.json";
import esAdmin from "@/messages/es/admin.json";

/*
 * Products with options (docs/product.md#product-options): saved as options, values and one variant per combination
 * in one transaction; refused field by field, writing nothing; read back by the editor and the store; a product told
 * apart by variant titles saves as before.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };
let seq = 0;

/** Colour (White, Green) × Size (42, 43): all four combinations, White 43 sold out. */
function shoes(overrides: Partial<ProductInput> = {}): ProductInput {
  seq++;
  const combos: Array<[number, number, number, number]> = [
    [0, 0, 2500, 3],
    [0, 1, 2500, 0],
    [1, 0, 3000, 2],
    [1, 1, 3000, 5],
  ];
  return {
    titleEn: "Trail Runner",
    titleEs: "Zapatilla Trail",
    options: [
      { titleEn: "Colour", titleEs: "Color", values: [{ valueEn: "White", valueEs: "Blanco" }, { valueEn: "Green", valueEs: "Verde" }] },
      { titleEn: "Size", titleEs: "Talla", values: [{ valueEn: "42", valueEs: "42" }, { valueEn: "43", valueEs: "" }] },
    ],
    variants: combos.map(([c, s, priceCents, stock]) => ({ titleEn: "", sku: `TR-${seq}-${c}${s}`, priceCents, manageInventory: true, stock, optionValues: [c, s] })),
    ...overrides,
  };
}

async function counts(db: TestDatabase["db"]) {
  const [row] = await queryRows<{ products: number; variants: number; options: number; audit: number }>(
    db,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from variants) as variants,
               (select count(*)::int from product_options) as options, (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

describeOnEachDatabase("product options", (kind) => {
  const database = withTestDatabase(kind);

  it("saves two options and their four combinations; the store and the editor read them back", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, shoes(), "EUR");
    const es = (await getProduct(db, id, "es"))!;
    expect(es.options.map((o) => [o.title, o.values.map((v) => v.value)])).toEqual([
      ["Color", ["Blanco", "Verde"]],
      ["Talla", ["42", "43"]],
    ]);
    // Variants are titled from their values; the Spanish title falls back to the English value.
    expect(es.variants.map((v) => [v.title, v.price_in_cents, v.inventory_quantity, v.options.map((o) => o.value)])).toEqual([
      ["Blanco / 42", 2500, 3, ["Blanco", "42"]],
      ["Blanco / 43", 2500, 0, ["Blanco", "43"]],
      ["Verde / 42", 3000, 2, ["Verde", "42"]],
      ["Verde / 43", 3000, 5, ["Verde", "43"]],
    ]);
    const en = (await getProduct(db, id, "en"))!;
    expect(en.variants.map((v) => v.title)).toEqual(["White / 42", "White / 43", "Green / 42", "Green / 43"]);
    // The commerce API's variant shape is the one it always had.
    expect(Object.keys(en.variants[0]).sort()).toEqual(
      ["currency", "currency_info", "id", "image_url", "inventory_quantity", "manage_inventory", "options", "price_formatted", "price_in_cents", "prices", "product_id", "sale_price_formatted", "sale_price_in_cents", "sku", "title", "weight"].sort(),
    );

    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    expect(form.input.options).toEqual(shoes().options);
    expect(form.input.variants.map((v) => v.optionValues)).toEqual([[0, 0], [0, 1], [1, 0], [1, 1]]);
    const [audit] = await queryRows<{ action: string; entity_id: string }>(db, sql`select action, entity_id from audit_log order by id desc limit 1`);
    expect(audit).toEqual({ action: "create", entity_id: id });
  });

  it("adds a value's combinations and keeps the other variants (their ids and stock) on an edit", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, shoes(), "EUR");
    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    const [colour, size] = form.input.options;
    await updateProduct(
      db,
      actor,
      id,
      {
        ...form.input,
        options: [colour, { ...size, values: [...size.values, { valueEn: "44", valueEs: "44" }] }],
        variants: [
          ...form.input.variants.map((v) => ({ ...v, priceCents: v.priceCents + 100 })),
          { titleEn: "", priceCents: 2600, manageInventory: true, stock: 1, optionValues: [0, 2] },
          { titleEn: "", priceCents: 3100, manageInventory: true, stock: 1, optionValues: [1, 2] },
        ],
      },
      "EUR",
    );
    const en = (await getProduct(db, id, "en"))!;
    expect(en.variants.slice(0, 4).map((v) => v.id)).toEqual(form.input.variants.map((v) => v.id));
    expect(en.variants.map((v) => [v.title, v.price_in_cents, v.inventory_quantity])).toEqual([
      ["White / 42", 2600, 3],
      ["White / 43", 2600, 0],
      ["Green / 42", 3100, 2],
      ["Green / 43", 3100, 5],
      ["White / 44", 2600, 1],
      ["Green / 44", 3100, 1],
    ]);
    expect(en.options[1].values.map((v) => v.value)).toEqual(["42", "43", "44"]);
  });

  it.each([
    [
      "four options",
      (p: ProductInput) => ({ ...p, options: [...p.options!, ...p.options!] }),
      { code: "tooManyOptions", params: { max: 3 } },
      ["A product can have at most 3 options.", "Un producto puede tener como máximo 3 opciones."],
    ],
    [
      "an option without a name",
      (p: ProductInput) => ({ ...p, options: [{ ...p.options![0], titleEn: " " }, p.options![1]] }),
      { code: "optionTitleRequired", params: { n: 1 } },
      ["Option 1 needs a name (English).", "La opción 1 necesita un nombre (inglés)."],
    ],
    [
      "the same value twice",
      (p: ProductInput) => ({ ...p, options: [p.options![0], { ...p.options![1], values: [{ valueEn: "42" }, { valueEn: "42 " }] }] }),
      { code: "duplicateOptionValue", params: { option: "Size", value: "42" } },
      ['Option "Size": the value "42" appears twice. Each value must be different.', 'Opción "Size": el valor "42" aparece dos veces. Cada valor debe ser distinto.'],
    ],
    [
      "a combination twice",
      (p: ProductInput) => ({ ...p, variants: p.variants.map((v, i) => (i === 3 ? { ...v, optionValues: [0, 0] } : v)) }),
      { code: "duplicateCombination", params: { n: 4, combination: "White / 42" } },
      ['Variant 4 repeats the combination "White / 42"; each combination can exist only once.', 'La variante 4 repite la combinación "White / 42"; cada combinación solo puede existir una vez.'],
    ],
    [
      "a variant without a value of each option",
      (p: ProductInput) => ({ ...p, variants: p.variants.map((v, i) => (i === 1 ? { ...v, optionValues: [0] } : v)) }),
      { code: "variantCombinationInvalid", params: { n: 2 } },
      ["Variant 2 needs one value of each option.", "La variante 2 necesita un valor de cada opción."],
    ],
    [
      "a value that is not there",
      (p: ProductInput) => ({ ...p, variants: p.variants.map((v, i) => (i === 2 ? { ...v, optionValues: [2, 0] } : v)) }),
      { code: "variantCombinationInvalid", params: { n: 3 } },
      ["Variant 3 needs one value of each option.", "La variante 3 necesita un valor de cada opción."],
    ],
    [
      "a SKU twice",
      (p: ProductInput) => ({ ...p, variants: p.variants.map((v) => ({ ...v, sku: "SAME" })) }),
      { code: "duplicateSku", params: { sku: "SAME" } },
      ['The SKU "SAME" is already used by another variant. Each SKU must be unique.', 'El SKU "SAME" ya lo usa otra variante. Cada SKU debe ser único.'],
    ],
  ])("refuses %s in words, writing nothing", async (_, change, refusal, [textEn, textEs]) => {
    const { db } = database;
    const before = await counts(db);
    await expect(createProduct(db, actor, change(shoes()), "EUR")).rejects.toMatchObject(refusal);
    expect(await counts(db)).toEqual(before);
    const format = (template: string) => template.replace(/\{(\w+)\}/g, (_m, k: string) => String((refusal.params as Record<string, unknown>)[k]));
    expect(format(enAdmin.errors[refusal.code as keyof typeof enAdmin.errors])).toBe(textEn);
    expect(format(esAdmin.errors[refusal.code as keyof typeof esAdmin.errors])).toBe(textEs);
  });

  it("refuses a negative price", async () => {
    const { db } = database;
    const input = shoes();
    input.variants[0].priceCents = -1;
    await expect(createProduct(db, actor, input, "EUR")).rejects.toMatchObject({ code: "invalidInput" });
  });

  it("refuses an edit that breaks the rules, leaving the product as it was", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, shoes(), "EUR");
    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    const broken = { ...form.input, variants: form.input.variants.map((v) => ({ ...v, optionValues: [0, 0], priceCents: 1 })) };
    await expect(updateProduct(db, actor, id, broken, "EUR")).rejects.toMatchObject({ code: "duplicateCombination", params: { n: 2 } });
    expect((await getProduct(db, id, "en"))!.variants.map((v) => v.price_in_cents)).toEqual([2500, 2500, 3000, 3000]);
  });

  it("loads and saves a product told apart by variant titles as before", async () => {
    const { db } = database;
    const { id } = await createProduct(
      db,
      actor,
      {
        titleEn: "Tote",
        optionTitleEn: "Style",
        optionTitleEs: "Estilo",
        variants: [
          { titleEn: "Sand", titleEs: "Arena", priceCents: 4900, manageInventory: true, stock: 1 },
          { titleEn: "Navy", titleEs: "Marino", priceCents: 5200, manageInventory: true, stock: 2 },
        ],
      },
      "EUR",
    );
    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    expect(form.input.options).toEqual([]);
    expect(form.input.variants.every((v) => v.optionValues === undefined)).toBe(true);
    const before = await getProduct(db, id, "es");
    await updateProduct(db, actor, id, form.input, "EUR");
    const after = await getProduct(db, id, "es");
    const shape = (p: typeof after) => ({
      options: p!.options.map((o) => [o.title, o.values.map((v) => v.value)]),
      variants: p!.variants.map((v) => [v.id, v.title, v.price_in_cents, v.inventory_quantity, v.options.map((o) => o.value)]),
    });
    expect(shape(after)).toEqual(shape(before));
    expect(shape(after).options).toEqual([["Estilo", ["Arena", "Marino"]]]);
  });
});
