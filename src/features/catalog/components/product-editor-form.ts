import type { ProductInput } from "../product-admin-schemas";

/*
 * The product editor's form state and its conversions: what the server sends (cents, numbers) becomes text fields,
 * and the text fields become the server action's input, or the message of the first field the admin must fix.
 */

export type VariantForm = {
  key: string;
  id?: string;
  titleEn: string;
  titleEs: string;
  sku: string;
  price: string;
  salePrice: string;
  manageInventory: boolean;
  stock: string;
  loadedStock?: number;
  imageUrl: string;
  /** Grams as typed; empty for none. */
  weight: string;
};
export type InfoForm = { key: string; titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string };

export type ProductEditorInitial = {
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

function centsToText(cents: number | null, digits: number): string {
  return cents === null ? "" : (cents / 10 ** digits).toFixed(digits);
}

/** "49.90", "49,90" or "49" → cents; null for anything else (the admin is told which variant is wrong). */
function textToCents(value: string, digits: number): number | null {
  const normalized = value.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 10 ** digits);
}

/** The list with the item at `index` swapped with its neighbour `delta` away (unchanged at either end). */
export function move<T>(list: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

export function initialForm(initial: ProductEditorInitial, currencyDigits: number) {
  return {
    ...initial,
    additionalInfo: initial.additionalInfo.map((b): InfoForm => ({ key: nextKey(), ...b })),
    variants: initial.variants.map(
      (v): VariantForm => ({
        key: nextKey(),
        id: v.id,
        titleEn: v.titleEn,
        titleEs: v.titleEs,
        sku: v.sku,
        price: centsToText(v.priceCents, currencyDigits),
        salePrice: centsToText(v.salePriceCents, currencyDigits),
        manageInventory: v.manageInventory,
        stock: String(v.stock),
        loadedStock: v.loadedStock,
        imageUrl: v.imageUrl ?? "",
        weight: v.weightGrams === null || v.weightGrams === undefined ? "" : String(v.weightGrams),
      }),
    ),
  };
}

export type ProductForm = ReturnType<typeof initialForm>;

/** The form as the server action expects it, or which variant's price or stock the admin must fix. */
export function toProductInput(form: ProductForm, currencyDigits: number): { input: ProductInput } | { error: "invalidPrice" | "invalidStock" | "invalidWeight"; n: number } {
  const variants: ProductInput["variants"] = [];
  for (const [index, v] of form.variants.entries()) {
    const priceCents = textToCents(v.price, currencyDigits);
    const salePriceCents = v.salePrice.trim() === "" ? null : textToCents(v.salePrice, currencyDigits);
    if (priceCents === null || (v.salePrice.trim() !== "" && salePriceCents === null)) return { error: "invalidPrice", n: index + 1 };
    const stock = v.manageInventory ? Number(v.stock.trim() || "0") : (v.loadedStock ?? 0);
    if (!Number.isSafeInteger(stock) || stock < 0) return { error: "invalidStock", n: index + 1 };
    const weightGrams = v.weight.trim() === "" ? null : Number(v.weight.trim());
    if (weightGrams !== null && (!Number.isSafeInteger(weightGrams) || weightGrams < 0 || weightGrams > 1_000_000)) return { error: "invalidWeight", n: index + 1 };
    variants.push({
      id: v.id,
      titleEn: v.titleEn,
      titleEs: v.titleEs,
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
  const { additionalInfo, ...rest } = form;
  return {
    input: {
      ...rest,
      additionalInfo: additionalInfo.map(({ titleEn, titleEs, descriptionEn, descriptionEs }) => ({ titleEn, titleEs, descriptionEn, descriptionEs })),
      variants,
    },
  };
}
