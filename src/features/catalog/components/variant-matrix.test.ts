import { describe, expect, it } from "vitest";
import { initialForm, emptyProduct, firstOption, toProductInput, type VariantForm } from "./product-editor-form";
import { applyBulk, combinations, keysWithValue, syncMatrix, variantsWithValue, withOptionAdded, withOptionRemoved, type OptionForm } from "./variant-matrix";

const value = (key: string) => ({ key, valueEn: key, valueEs: key });
const option = (key: string, ...values: string[]): OptionForm => ({ key, titleEn: key, titleEs: key, values: values.map(value) });
let seq = 0;
const blank = (combination?: string[]): VariantForm => ({
  key: `new${++seq}`,
  titleEn: "",
  titleEs: "",
  sku: "",
  price: "10.00",
  salePrice: "",
  manageInventory: true,
  stock: "0",
  imageUrl: "",
  weight: "",
  combination,
});
const combos = (variants: VariantForm[]) => variants.map((v) => v.combination?.join("/"));

describe("variant matrix", () => {
  const colour = option("colour", "white", "green");
  const size = option("size", "42", "43", "44");

  it("makes every combination once, the first option varying slowest", () => {
    expect(combinations([colour, size]).map((c) => c.join("/"))).toEqual(["white/42", "white/43", "white/44", "green/42", "green/43", "green/44"]);
    expect(combinations([])).toEqual([]);
  });

  it("keeps the variants of combinations that still exist, adds the new ones and drops the removed ones", () => {
    const start = syncMatrix([colour, size], [], blank);
    start[0] = { ...start[0], price: "25.00", sku: "W42" };
    const withRed = syncMatrix([option("colour", "white", "green", "red"), size], start, blank);
    expect(withRed).toHaveLength(9);
    expect(withRed[0]).toMatchObject({ price: "25.00", sku: "W42", combination: ["white", "42"] });
    expect(combos(withRed).slice(6)).toEqual(["red/42", "red/43", "red/44"]);
    const withoutWhite = syncMatrix([option("colour", "green", "red"), size], withRed, blank);
    expect(combos(withoutWhite)).not.toContain("white/42");
    expect(withoutWhite).toHaveLength(6);
    expect(variantsWithValue(withRed, "white")).toBe(3);
  });

  it("reorders variants with their values", () => {
    const start = syncMatrix([colour], [], blank);
    const reordered = syncMatrix([option("colour", "green", "white")], start, blank);
    expect(reordered.map((v) => v.key)).toEqual([start[1].key, start[0].key]);
  });

  it("gives existing variants the first value of an added option, and merges them when an option is removed", () => {
    const start = syncMatrix([colour], [], blank).map((v, i) => ({ ...v, sku: `C${i}` }));
    const added = withOptionAdded([colour], start, size, blank);
    expect(combos(added.variants)).toEqual(["white/42", "white/43", "white/44", "green/42", "green/43", "green/44"]);
    expect(added.variants.filter((v) => v.sku).map((v) => v.combination?.join("/"))).toEqual(["white/42", "green/42"]);
    const removed = withOptionRemoved(added.options, added.variants, 0, blank);
    expect(combos(removed.variants)).toEqual(["42", "43", "44"]);
    expect(removed.variants[0].sku).toBe("C0");
    const none = withOptionRemoved(removed.options, removed.variants, 0, blank);
    expect(none.options).toEqual([]);
    expect(none.variants).toHaveLength(1);
  });

  it("turns a product told apart by titles into its first option, one value per variant", () => {
    const form = initialForm(
      { ...emptyProduct, variants: ["Sand", "Navy"].map((t) => ({ ...emptyProduct.variants[0], titleEn: t, titleEs: t, priceCents: 4900 })) },
      "EUR",
    );
    const { option: first, variants } = firstOption(form);
    expect(first.values.map((v) => v.valueEn)).toEqual(["Sand", "Navy"]);
    expect(variants.map((v) => v.price)).toEqual(["49.00", "49.00"]);
    const result = toProductInput({ ...form, options: [first], variants }, "EUR");
    expect("input" in result && result.input.variants.map((v) => [v.titleEn, v.optionValues])).toEqual([
      ["Sand", [0]],
      ["Navy", [1]],
    ]);
  });
});

describe("bulk edit", () => {
  const variants = syncMatrix([option("colour", "white", "green"), option("size", "42", "43")], [], blank).map((v, i) => ({ ...v, stock: String(i) }));
  const green = keysWithValue(variants, "green");

  it("selects all variants or those with a value", () => {
    expect(keysWithValue(variants, null).size).toBe(4);
    expect(variants.filter((v) => green.has(v.key)).map((v) => v.combination?.join("/"))).toEqual(["green/42", "green/43"]);
  });

  it.each([
    [{ kind: "price", text: "30.00" } as const, "price", ["10.00", "10.00", "30.00", "30.00"]],
    [{ kind: "salePrice", text: "8.00" } as const, "salePrice", ["", "", "8.00", "8.00"]],
    [{ kind: "salePrice", text: "" } as const, "salePrice", ["", "", "", ""]],
    [{ kind: "addStock", amount: 5 } as const, "stock", ["0", "1", "7", "8"]],
    [{ kind: "addStock", amount: -2 } as const, "stock", ["0", "1", "0", "1"]],
  ])("%o changes only the selected variants", (action, field, expected) => {
    expect(applyBulk(variants, green, action)!.map((v) => v[field as keyof VariantForm])).toEqual(expected);
  });

  it("refuses stock below zero, and leaves variants that do not count stock alone", () => {
    expect(applyBulk(variants, green, { kind: "addStock", amount: -3 })).toBeNull();
    const untracked = variants.map((v) => ({ ...v, manageInventory: false }));
    expect(applyBulk(untracked, green, { kind: "addStock", amount: -3 })!.map((v) => v.stock)).toEqual(["0", "1", "2", "3"]);
  });
});
