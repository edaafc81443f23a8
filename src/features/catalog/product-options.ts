import { CatalogError } from "./errors";
import type { ParsedProductInput } from "./product-admin-schemas";

/*
 * The rules of a product's options (docs/product.md#product-options): at most three, each with a title and distinct
 * values, and every variant one combination of them, each combination at most once. A variant's title is its values
 * joined ("White / 43"), so the cart, orders and the commerce API keep naming variants as before.
 */

export const MAX_OPTIONS = 3;

type Options = ParsedProductInput["options"];

/** "White / 43" in English or Spanish (Spanish falls back to English per value). */
export function combinationTitle(options: Options, indexes: number[], lang: "en" | "es"): string {
  return options
    .map((o, i) => {
      const value = o.values[indexes[i]];
      return lang === "es" ? value?.valueEs || value?.valueEn || "" : (value?.valueEn ?? "");
    })
    .join(" / ");
}

/** Checks the options and each variant's combination; answers the variants titled from their values. */
export function checkOptions(data: ParsedProductInput): ParsedProductInput["variants"] {
  const { options } = data;
  if (options.length === 0) return data.variants;
  if (options.length > MAX_OPTIONS) throw new CatalogError("tooManyOptions", { max: MAX_OPTIONS });
  options.forEach((o, index) => {
    const option = o.titleEn || String(index + 1);
    if (!o.titleEn) throw new CatalogError("optionTitleRequired", { n: index + 1 });
    if (o.values.length === 0) throw new CatalogError("optionValuesRequired", { option });
    const seen = new Set<string>();
    o.values.forEach((v, i) => {
      if (!v.valueEn) throw new CatalogError("optionValueRequired", { option, n: i + 1 });
      const key = v.valueEn.toLocaleLowerCase("en");
      if (seen.has(key)) throw new CatalogError("duplicateOptionValue", { option, value: v.valueEn });
      seen.add(key);
    });
  });
  const combinations = new Set<string>();
  return data.variants.map((v, index) => {
    const n = index + 1;
    const indexes = v.optionValues ?? [];
    if (indexes.length !== options.length || indexes.some((at, i) => at >= options[i].values.length)) throw new CatalogError("variantCombinationInvalid", { n });
    const key = indexes.join(",");
    const title = combinationTitle(options, indexes, "en");
    if (combinations.has(key)) throw new CatalogError("duplicateCombination", { n, combination: title });
    combinations.add(key);
    return { ...v, titleEn: title, titleEs: combinationTitle(options, indexes, "es") };
  });
}
