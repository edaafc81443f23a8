/*
 * The editor's variant matrix (docs/product.md#product-options): the variants are the combinations of the options'
 * values. Each variant carries the keys of its values (`combination`, one per option), so renaming or reordering a
 * value keeps its variants, adding a value adds its combinations and removing one removes them.
 */

/** One variant as the editor holds it: amounts as typed text. */
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
  /** With options: the keys of the variant's values, one per option (variant-matrix.ts). */
  combination?: string[];
};
export type OptionValueForm = { key: string; valueEn: string; valueEs: string };
export type OptionForm = { key: string; titleEn: string; titleEs: string; values: OptionValueForm[] };

/** Every combination of the options' value keys, the first option varying slowest (White/41, White/42, Green/41…). */
export function combinations(options: OptionForm[]): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v.key])), options.length ? [[]] : []);
}

const comboKey = (combination: string[] | undefined) => (combination ?? []).join("|");

/**
 * The variants for the options, in combination order: a variant whose combination still exists is kept as it is, a
 * new combination gets `blank(combination)`, and a variant whose combination no longer exists is left out.
 */
export function syncMatrix(options: OptionForm[], variants: VariantForm[], blank: (combination: string[]) => VariantForm): VariantForm[] {
  const byCombination = new Map<string, VariantForm>();
  for (const v of variants) if (!byCombination.has(comboKey(v.combination))) byCombination.set(comboKey(v.combination), v);
  return combinations(options).map((combination) => byCombination.get(comboKey(combination)) ?? blank(combination));
}

/** The variants once `option` is added: each existing variant takes the new option's first value. */
export function withOptionAdded(options: OptionForm[], variants: VariantForm[], option: OptionForm, blank: (combination: string[]) => VariantForm) {
  const next = [...options, option];
  const first = option.values[0]?.key;
  const extended = first ? variants.map((v) => ({ ...v, combination: [...(v.combination ?? []), first] })) : variants;
  return { options: next, variants: syncMatrix(next, extended, blank) };
}

/** The variants once the option at `index` is removed: combinations that become the same keep their first variant. */
export function withOptionRemoved(options: OptionForm[], variants: VariantForm[], index: number, blank: (combination: string[]) => VariantForm) {
  const next = options.filter((_, i) => i !== index);
  const shortened = variants.map((v) => ({ ...v, combination: (v.combination ?? []).filter((_, i) => i !== index) }));
  return { options: next, variants: next.length ? syncMatrix(next, shortened, blank) : shortened.slice(0, 1).map((v) => ({ ...v, combination: undefined })) };
}

/** How many variants a value's removal would remove (the editor asks before removing them). */
export function variantsWithValue(variants: VariantForm[], valueKey: string): number {
  return variants.filter((v) => v.combination?.includes(valueKey)).length;
}

/** "White / 43" of a variant, in the editor's language (falling back to English). */
export function combinationLabel(options: OptionForm[], combination: string[] | undefined, lang: string): string {
  return options
    .map((o, i) => {
      const value = o.values.find((v) => v.key === combination?.[i]);
      return (lang === "es" ? value?.valueEs || value?.valueEn : value?.valueEn) || "…";
    })
    .join(" / ");
}

export type BulkAction = { kind: "price" | "salePrice"; text: string } | { kind: "addStock"; amount: number };

/**
 * A bulk edit over the selected variants: set the price or sale price (text already checked), or add stock (a
 * negative amount removes it). Variants that do not count stock are left out of "add stock". Answers null when
 * the stock of a selected variant would go below zero, changing nothing.
 */
export function applyBulk(variants: VariantForm[], selected: ReadonlySet<string>, action: BulkAction): VariantForm[] | null {
  const next = variants.map((v) => {
    if (!selected.has(v.key)) return v;
    if (action.kind !== "addStock") return { ...v, [action.kind]: action.text };
    if (!v.manageInventory) return v;
    const stock = Number(v.stock.trim() || "0") + action.amount;
    return { ...v, stock: String(stock) };
  });
  return next.some((v) => Number(v.stock) < 0) ? null : next;
}

/** The keys of the variants with a value (or all of them for null), for the bulk edit's selection. */
export function keysWithValue(variants: VariantForm[], valueKey: string | null): Set<string> {
  return new Set(variants.filter((v) => valueKey === null || v.combination?.includes(valueKey)).map((v) => v.key));
}
