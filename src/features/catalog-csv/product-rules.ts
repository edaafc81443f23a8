import { CatalogError } from "@/features/catalog/errors";
import { validateProductInput } from "@/features/catalog/product-input";
import type { ParsedProductInput, ProductInput } from "@/features/catalog/product-admin-schemas";
import { decimalToCents, LIST_SEPARATOR, type CatalogColumn, type CatalogCsvRow } from "./columns";

/*
 * An imported product meets the product editor's rules (docs/product.md#catalog-csv): the import hands the product as
 * it will be after the import — the file's rows merged with what is stored, and the variants the file leaves out — to
 * the editor's own check (catalog/product-input.ts), so both writers refuse and sanitise alike.
 */

/** The file's column that an editor refusal is about (others are shown on the product's first row, by its handle). */
const COLUMN_OF: Partial<Record<CatalogError["code"], CatalogColumn>> = {
  productTitleRequired: "title_en",
  variantRequired: "sku",
  invalidUrl: "images",
  imageUrlNotHttps: "images",
  variantTitleRequired: "variant_title_en",
  salePriceNotLower: "sale_price",
  duplicateSku: "sku",
};

export type ProductRuleIssue = { row: number; column: CatalogColumn; code: "productRule"; rule: CatalogError["code"]; params: Record<string, string | number> };

function variantInput(v: CatalogCsvRow, currency: string): ProductInput["variants"][number] {
  return {
    titleEn: v.variant_title_en,
    titleEs: v.variant_title_es,
    sku: v.sku,
    // Amounts the row check already found readable.
    priceCents: decimalToCents(v.price, currency) ?? 0,
    salePriceCents: v.sale_price === "" ? null : decimalToCents(v.sale_price, currency),
    manageInventory: v.manage_inventory === "true",
    stock: Number(v.stock || 0),
  };
}

/**
 * Checks one product of an import with the editor's rules. `fileVariants` are the file's variants of it in file
 * order (the editor's "Variant {n}" counts them first), `keptVariants` those it keeps without naming them.
 * Answers the product as the editor would store it (descriptions sanitised), or the refusal in the editor's words.
 */
export function checkProductRules(
  product: CatalogCsvRow,
  fileVariants: Array<{ row: number; values: CatalogCsvRow }>,
  keptVariants: CatalogCsvRow[],
  firstRow: number,
  currency: string,
): { ok: true; product: ParsedProductInput } | { ok: false; issue: ProductRuleIssue } {
  try {
    const checked = validateProductInput({
      titleEn: product.title_en,
      titleEs: product.title_es,
      subtitleEn: product.subtitle_en,
      subtitleEs: product.subtitle_es,
      descriptionEn: product.description_en,
      descriptionEs: product.description_es,
      status: product.status === "draft" ? "draft" : "published",
      isHidden: product.hidden === "true",
      images: product.images.split(LIST_SEPARATOR).filter(Boolean),
      variants: [...fileVariants.map((v) => v.values), ...keptVariants].map((v) => variantInput(v, currency)),
    });
    return { ok: true, product: checked };
  } catch (error) {
    if (!(error instanceof CatalogError)) throw error;
    const n = error.params.n;
    const row = typeof n === "number" && n >= 1 && n <= fileVariants.length ? fileVariants[n - 1].row : firstRow;
    return { ok: false, issue: { row, column: COLUMN_OF[error.code] ?? "handle", code: "productRule", rule: error.code, params: plainParams(error.params) } };
  }
}

/** The report keeps words and numbers only; the editor's product rules have no other parameters. */
function plainParams(params: CatalogError["params"]): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === "string" || typeof entry[1] === "number"));
}
