import { decimalToMinor, minorToDecimal } from "@/lib/money";

/**
 * The catalog CSV's columns (docs/product.md#catalog-csv): one row per variant; the product's own columns are
 * repeated on each of its rows and read from its first row on import. Lists inside a cell are separated by "|".
 * `optionN_type` names the shop's option type (English name) the option is linked to (docs/product.md#option-types).
 */
export const CATALOG_COLUMNS = [
  "handle",
  "title_en",
  "title_es",
  "subtitle_en",
  "subtitle_es",
  "description_en",
  "description_es",
  "status",
  "hidden",
  "categories",
  "images",
  "option1_name_en",
  "option1_name_es",
  "option1_type",
  "option1_value_en",
  "option1_value_es",
  "option2_name_en",
  "option2_name_es",
  "option2_type",
  "option2_value_en",
  "option2_value_es",
  "sku",
  "variant_title_en",
  "variant_title_es",
  "price",
  "sale_price",
  "manage_inventory",
  "stock",
  "weight_grams",
] as const;

export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];
export type CatalogCsvRow = Record<CatalogColumn, string>;

/** Without these an import cannot identify or price anything; the others may be left out (kept as they are). */
export const REQUIRED_COLUMNS: CatalogColumn[] = ["handle", "title_en", "sku", "price"];

export const LIST_SEPARATOR = "|";

/**
 * Minor units → "129.00" / "15990" / "12.345": the CSV carries amounts in currency units with the currency's own
 * digits and a dot (docs/product.md#catalog-csv), as a spreadsheet shows them.
 */
export function centsToDecimal(cents: number | null | undefined, currency: string): string {
  return cents === null || cents === undefined ? "" : minorToDecimal(cents, currency);
}

/** "129", "129.5", "129.50" → minor units; anything else (negative, more decimals than the currency has, "1e3", "12,50") → null. */
export function decimalToCents(text: string, currency: string): number | null {
  return decimalToMinor(text, currency);
}
