import { minorToDecimal, parseMoneyInput } from "@/lib/money";
import type { ProductInput } from "../product-admin-schemas";
import { combinationLabel, type OptionForm, type VariantForm } from "./variant-matrix";

export type { VariantForm } from "./variant-matrix";
import type { ProductSeoForm } from "./product-seo-fields";

/*
 * The product editor's form state and its conversions: what the server sends (cents, numbers) becomes text fields,
 * and the text fields become the server action's input, or the message of the first field the admin must fix.
 */

export type InfoForm = { key: string; titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string };

export type ProductEditorInitial = ProductSeoForm & {
  titleEn: string;
  titleEs: string;
  subtitleEn: string;
  subtitleEs: string;
  descriptionEn: string;
  descriptionEs: string;
  ribbonEn: string;
  ribbonEs: string;
  status: "published" | "draft";
  isHidden: boolean;
  purchasable: boolean;
  categoryIds: string[];
  images: string[];
  additionalInfo: Array<{ titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string }>;
  optionTitleEn: string;
  optionTitleEs: string;
  /** Two or more options (docs/product.md#product-options); empty for a product told apart by variant titles. */
  options?: Array<{ titleEn: string; titleEs: string; values: Array<{ valueEn: string; valueEs: string }> }>;
  variants: Array<{
    id?: string;
    titleEn: string;
    titleEs: string;
    sku: string;
    priceCents: number;
    salePriceCents: number | null;
    manageInventory: boolean;
    stock: number;
    loadedStock?: number;
    imageUrl: string | null;
    weightGrams?: number | null;
    optionValues?: number[];
  }>;
};

export const emptyProduct: ProductEditorInitial = {
  titleEn: "",
  titleEs: "",
  subtitleEn: "",
  subtitleEs: "",
  descriptionEn: "",
  descriptionEs: "",
  ribbonEn: "",
  ribbonEs: "",
  status: "published",
  isHidden: false,
  purchasable: true,
  categoryIds: [],
  images: [],
  additionalInfo: [],
  optionTitleEn: "Style",
  optionTitleEs: "Estilo",
  variants: [{ titleEn: "", titleEs: "", sku: "", priceCents: 0, salePriceCents: null, manageInventory: true, stock: 0, imageUrl: null }],
};

let keySeed = 0;
export const nextKey = () => `k${++keySeed}`;

function centsToText(cents: number | null, currency: string): string {
  return cents === null ? "" : minorToDecimal(cents, currency);
}

/** The list with the item at `index` swapped with its neighbour `delta` away (unchanged at either end). */
export function move<T>(list: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

export function initialForm(initial: ProductEditorInitial, currency: string) {
  const options = (initial.options ?? []).map(
    (o): OptionForm => ({ key: nextKey(), titleEn: o.titleEn, titleEs: o.titleEs, values: o.values.map((v) => ({ key: nextKey(), ...v })) }),
  );
  return {
    ...initial,
    options,
    additionalInfo: initial.additionalInfo.map((b): InfoForm => ({ key: nextKey(), ...b })),
    variants: initial.variants.map(
      (v): VariantForm => ({
        key: nextKey(),
        id: v.id,
        titleEn: v.titleEn,
        titleEs: v.titleEs,
        sku: v.sku,
        price: centsToText(v.priceCents, currency),
        salePrice: centsToText(v.salePriceCents, currency),
        manageInventory: v.manageInventory,
        stock: String(v.stock),
        loadedStock: v.loadedStock,
        imageUrl: v.imageUrl ?? "",
        weight: v.weightGrams === null || v.weightGrams === undefined ? "" : String(v.weightGrams),
        combination: options.length ? v.optionValues?.map((at, i) => options[i]?.values[at]?.key ?? "") : undefined,
      }),
    ),
  };
}

export type ProductForm = ReturnType<typeof initialForm>;

/**
 * The first option of a product told apart by variant titles: the Style option, one value per variant (each variant
 * keeps its fields). Further options then multiply the variants (variant-matrix.ts).
 */
export function firstOption(form: ProductForm): { option: OptionForm; variants: VariantForm[] } {
  const values = form.variants.map((v) => ({ key: nextKey(), valueEn: v.titleEn, valueEs: v.titleEs }));
  return {
    option: { key: nextKey(), titleEn: form.optionTitleEn, titleEs: form.optionTitleEs, values },
    variants: form.variants.map((v, i) => ({ ...v, combination: [values[i].key] })),
  };
}

/** `field`: the refused input's place in the saved input ("variants.0.priceCents"), to mark it. */
export type ProductFormError = { field: string } & (
  | { error: "invalidPrice"; n: number; digits: number }
  | { error: "priceDecimals"; n: number; currency: string; digits: number }
  | { error: "invalidStock"; n: number }
  | { error: "invalidWeight"; n: number }
);

/**
 * The form as the server action expects it, or which variant's price or stock the admin must fix. Prices are read
 * in the product's currency (docs/product.md#prices): "49,90" or "49.90" in euros, "15.990" in pesos.
 */
export function toProductInput(form: ProductForm, currency: string): { input: ProductInput } | ProductFormError {
  const variants: ProductInput["variants"] = [];
  for (const [index, v] of form.variants.entries()) {
    const n = index + 1;
    const price = parseMoneyInput(v.price, currency);
    const sale = v.salePrice.trim() === "" ? null : parseMoneyInput(v.salePrice, currency);
    const refused = [price, sale].find((p) => p !== null && !p.ok);
    if (refused && !refused.ok) {
      const field = `variants.${index}.${refused === price ? "priceCents" : "salePriceCents"}`;
      return refused.reason === "tooManyDecimals"
        ? { field, error: "priceDecimals", n, currency: currency.toUpperCase(), digits: refused.digits }
        : { field, error: "invalidPrice", n, digits: refused.digits };
    }
    const priceCents = price.ok ? price.cents : 0;
    const salePriceCents = sale?.ok ? sale.cents : null;
    const stock = v.manageInventory ? Number(v.stock.trim() || "0") : (v.loadedStock ?? 0);
    if (!Number.isSafeInteger(stock) || stock < 0) return { field: `variants.${index}.stock`, error: "invalidStock", n };
    const weightGrams = v.weight.trim() === "" ? null : Number(v.weight.trim());
    if (weightGrams !== null && (!Number.isSafeInteger(weightGrams) || weightGrams < 0 || weightGrams > 1_000_000)) return { field: `variants.${index}.weightGrams`, error: "invalidWeight", n };
    const matrix = form.options.length > 0;
    variants.push({
      id: v.id,
      // With options the server titles the variant from its values (docs/product.md#product-options).
      titleEn: matrix ? combinationLabel(form.options, v.combination, "en") : v.titleEn,
      titleEs: matrix ? combinationLabel(form.options, v.combination, "es") : v.titleEs,
      ...(matrix ? { optionValues: form.options.map((o, i) => o.values.findIndex((value) => value.key === v.combination?.[i])) } : {}),
      sku: v.sku,
      priceCents,
      salePriceCents,
      manageInventory: v.manageInventory,
      stock,
      loadedStock: v.loadedStock,
      imageUrl: v.imageUrl || null,
      weightGrams,
    });
  }
  const { additionalInfo, options, ...rest } = form;
  return {
    input: {
      ...rest,
      options: options.map((o) => ({ titleEn: o.titleEn, titleEs: o.titleEs, values: o.values.map(({ valueEn, valueEs }) => ({ valueEn, valueEs })) })),
      additionalInfo: additionalInfo.map(({ titleEn, titleEs, descriptionEn, descriptionEs }) => ({ titleEn, titleEs, descriptionEn, descriptionEs })),
      variants,
    },
  };
}
