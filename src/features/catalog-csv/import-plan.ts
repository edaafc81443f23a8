import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows, textSetSql } from "@/server/db/rows";
import { CATALOG_COLUMNS, centsToDecimal, decimalToCents, LIST_SEPARATOR, type CatalogColumn, type CatalogCsvRow } from "./columns";
import { exportCatalogRows } from "./export-service";
import type { ParsedRow } from "./parse";
import { checkProductRules, type ProductRuleIssue } from "./product-rules";

/**
 * The dry run of a catalog import (docs/product.md#catalog-csv): every row checked against the catalog as it is,
 * with its errors and what it would change. Nothing is written here; import-apply.ts writes a plan without errors.
 * Products are matched by handle (their id), variants by SKU; columns missing from the file keep their values. A
 * product whose rows pass these checks then meets the product editor's own rules (./product-rules.ts).
 */

export type RowErrorCode =
  | "required"
  | "badHandle"
  | "tooLong"
  | "badPrice"
  | "badInteger"
  | "badStatus"
  | "badBoolean"
  | "unknownCategory"
  | "duplicateSku"
  | "skuOtherProduct"
  | "optionNameMissing"
  | "optionMismatch"
  | "deletedProduct";

/** A row's error: one of the file's own checks (catalogCsv messages), or a product editor rule (admin messages). */
export type RowIssue = { row: number; column: CatalogColumn; code: RowErrorCode; params?: Record<string, string | number> } | ProductRuleIssue;
export type RowChange = { row: number; handle: string; sku: string; action: "create" | "update" | "unchanged"; fields: CatalogColumn[] };

/** A product's or variant's whole row after the import (existing values merged with the file's). */
export type ProductWrite = { id: string; create: boolean; changed: CatalogColumn[]; row: CatalogCsvRow };
export type VariantWrite = { productId: string; create: boolean; changed: CatalogColumn[]; row: CatalogCsvRow };

export type ImportSummary = { rows: number; productsCreated: number; productsUpdated: number; variantsCreated: number; variantsUpdated: number; unchanged: number };
export type ImportPlan = {
  summary: ImportSummary;
  errors: RowIssue[];
  changes: RowChange[];
  columns: Set<CatalogColumn>;
  products: ProductWrite[];
  variants: VariantWrite[];
};

const PRODUCT_COLUMNS: CatalogColumn[] = [
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
  "option2_name_en",
  "option2_name_es",
  "option2_type",
];
const VARIANT_COLUMNS = CATALOG_COLUMNS.filter((c) => c !== "handle" && !PRODUCT_COLUMNS.includes(c));
const TYPE_COLUMNS: CatalogColumn[] = ["option1_type", "option2_type"];
const BOOLEAN_COLUMNS: CatalogColumn[] = ["hidden", "manage_inventory"];
const TRUE = ["true", "yes", "1", "sí", "si"];
const FALSE = ["false", "no", "0", ""];
const MAX_LENGTH: Partial<Record<CatalogColumn, number>> = { description_en: 50_000, description_es: 50_000, images: 5_000, categories: 2_000 };
const DEFAULT_MAX_LENGTH = 500;

const emptyRow = (): CatalogCsvRow => Object.fromEntries(CATALOG_COLUMNS.map((c) => [c, ""])) as CatalogCsvRow;
const NEW_PRODUCT_DEFAULTS: Partial<CatalogCsvRow> = { status: "published", hidden: "false", manage_inventory: "false", stock: "0" };

/** The form a value is compared in, so "129.5" equals "129.50" and "yes" equals "true". */
function normalize(column: CatalogColumn, value: string, currency: string): string {
  if (column === "price" || column === "sale_price") {
    const cents = decimalToCents(value, currency);
    return cents === null ? value : centsToDecimal(cents, currency);
  }
  if (BOOLEAN_COLUMNS.includes(column)) return TRUE.includes(value.toLowerCase()) ? "true" : FALSE.includes(value.toLowerCase()) ? "false" : value;
  if (column === "categories" || column === "images") {
    return value
      .split(LIST_SEPARATOR)
      .map((v) => v.trim())
      .filter(Boolean)
      .join(LIST_SEPARATOR);
  }
  if (column === "status") return value.toLowerCase();
  return value;
}

function checkRow(r: ParsedRow, columns: Set<CatalogColumn>, categorySlugs: Set<string>, firstOfProduct: boolean, productExists: boolean, currency: string): RowIssue[] {
  const v = r.values;
  const issues: RowIssue[] = [];
  const add = (column: CatalogColumn, code: RowErrorCode, params?: RowIssue["params"]) => issues.push({ row: r.row, column, code, params });
  if (v.handle === "") add("handle", "required");
  else if (!/^[A-Za-z0-9_-]{1,64}$/.test(v.handle)) add("handle", "badHandle");
  // A row without SKU cannot name a variant: it may only carry an existing product's columns (see planImport).
  if (v.sku === "" && !productExists) add("sku", "required");
  if (firstOfProduct && v.title_en === "") add("title_en", "required");
  for (const c of columns) {
    const max = MAX_LENGTH[c] ?? DEFAULT_MAX_LENGTH;
    if (v[c].length > max) add(c, "tooLong", { max });
  }
  if (decimalToCents(v.price, currency) === null) add("price", v.price === "" ? "required" : "badPrice");
  if (v.sale_price !== "" && decimalToCents(v.sale_price, currency) === null) add("sale_price", "badPrice");
  for (const c of ["stock", "weight_grams"] as const) {
    if (v[c] !== "" && !/^\d{1,7}$/.test(v[c])) add(c, "badInteger");
  }
  if (firstOfProduct && columns.has("status") && v.status !== "" && !["published", "draft"].includes(v.status.toLowerCase())) add("status", "badStatus");
  for (const c of BOOLEAN_COLUMNS) {
    if (columns.has(c) && (firstOfProduct || c === "manage_inventory") && ![...TRUE, ...FALSE].includes(v[c].toLowerCase())) add(c, "badBoolean");
  }
  if (firstOfProduct) {
    for (const slug of normalize("categories", v.categories, currency).split(LIST_SEPARATOR).filter(Boolean)) {
      if (!categorySlugs.has(slug)) add("categories", "unknownCategory", { slug: slug.slice(0, 60) });
    }
  }
  for (const n of [1, 2] as const) {
    const value = v[`option${n}_value_en`];
    if (value !== "" && v[`option${n}_name_en`] === "" && firstOfProduct) add(`option${n}_name_en`, "optionNameMissing");
  }
  return issues;
}

/** Checks every row and works out what an import would create and change; prices are read in `currency` (the store's). */
export async function planImport(
  db: Db,
  parsed: { columns: Set<CatalogColumn>; rows: ParsedRow[] },
  currency: string,
  onProgress?: (done: number) => void,
): Promise<ImportPlan> {
  const { columns, rows } = parsed;
  const handles = [...new Set(rows.map((r) => r.values.handle).filter(Boolean))];
  const skus = [...new Set(rows.map((r) => r.values.sku).filter(Boolean))];
  const [current, categoryRows, deletedRows] = await Promise.all([
    exportCatalogRows(db, { handles, skus }),
    queryRows<{ slug: string }>(db, sql`SELECT slug FROM categories`),
    queryRows<{ id: string }>(db, sql`SELECT id FROM products WHERE deleted_at IS NOT NULL AND id IN (${textSetSql(handles)})`),
  ]);
  const categorySlugs = new Set(categoryRows.map((c) => c.slug));
  const deleted = new Set(deletedRows.map((d) => d.id));
  const bySku = new Map(current.filter((c) => c.sku !== "").map((c) => [c.sku, c]));
  const productNow = new Map<string, CatalogCsvRow>();
  const variantsNow = new Map<string, CatalogCsvRow[]>();
  for (const c of current) {
    if (!productNow.has(c.handle)) productNow.set(c.handle, c);
    if (!variantsNow.has(c.handle)) variantsNow.set(c.handle, []);
    variantsNow.get(c.handle)!.push(c);
  }

  const errors: RowIssue[] = [];
  const changes: RowChange[] = [];
  const products = new Map<string, ProductWrite>();
  const variants: VariantWrite[] = [];
  const skuRow = new Map<string, number>();
  const handleOfRow = new Map<number, string>();
  const firstRowOf = new Map<string, number>();
  const fileVariants = new Map<string, Array<{ row: number; values: CatalogCsvRow }>>();
  const summary: ImportSummary = { rows: rows.length, productsCreated: 0, productsUpdated: 0, variantsCreated: 0, variantsUpdated: 0, unchanged: 0 };

  for (const [index, r] of rows.entries()) {
    // Every 500 rows the progress goes out and the event loop turns, so a stream flushes it to the admin's bar.
    if (index > 0 && index % 500 === 0) {
      onProgress?.(index);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const v = r.values;
    handleOfRow.set(r.row, v.handle);
    const first = !products.has(v.handle);
    if (first) firstRowOf.set(v.handle, r.row);
    const issues = checkRow(r, columns, categorySlugs, first, productNow.has(v.handle), currency);
    if (deleted.has(v.handle)) issues.push({ row: r.row, column: "handle", code: "deletedProduct" });
    const seen = skuRow.get(v.sku);
    if (v.sku !== "" && seen !== undefined) issues.push({ row: r.row, column: "sku", code: "duplicateSku", params: { row: seen } });
    else if (v.sku !== "") skuRow.set(v.sku, r.row);
    const existingVariant = bySku.get(v.sku);
    if (existingVariant && existingVariant.handle !== v.handle) issues.push({ row: r.row, column: "sku", code: "skuOtherProduct", params: { handle: existingVariant.handle } });
    const product = products.get(v.handle);
    for (const n of [1, 2] as const) {
      const name = v[`option${n}_name_en`];
      if (!first && product && name !== "" && name !== product.row[`option${n}_name_en`]) {
        issues.push({ row: r.row, column: `option${n}_name_en`, code: "optionMismatch", params: { expected: product.row[`option${n}_name_en`] } });
      }
    }
    errors.push(...issues);

    const fields: CatalogColumn[] = [];
    const before = productNow.get(v.handle);
    if (first) {
      const merged: CatalogCsvRow = { ...emptyRow(), ...(before ?? NEW_PRODUCT_DEFAULTS), handle: v.handle };
      for (const c of PRODUCT_COLUMNS) {
        if (!columns.has(c)) continue;
        // An empty option type keeps the option's link (docs/product.md#option-types): it is not a change.
        if (TYPE_COLUMNS.includes(c) && v[c].trim() === "" && before !== undefined) continue;
        const next = normalize(c, v[c], currency);
        if (before === undefined || normalize(c, before[c], currency) !== next) fields.push(c);
        merged[c] = next;
      }
      products.set(v.handle, { id: v.handle, create: before === undefined, changed: fields, row: merged });
      if (before === undefined) summary.productsCreated++;
      else if (fields.length) summary.productsUpdated++;
    }
    if (v.sku === "") {
      // The product's columns only (an exported variant without SKU round-trips as "unchanged").
      changes.push({ row: r.row, handle: v.handle, sku: "", action: fields.length ? "update" : "unchanged", fields });
      if (!fields.length) summary.unchanged++;
      continue;
    }
    const variantBefore = existingVariant?.handle === v.handle ? existingVariant : undefined;
    const mergedVariant: CatalogCsvRow = { ...emptyRow(), ...(variantBefore ?? NEW_PRODUCT_DEFAULTS), handle: v.handle };
    const variantFields: CatalogColumn[] = [];
    for (const c of VARIANT_COLUMNS) {
      if (!columns.has(c)) continue;
      const next = normalize(c, v[c], currency);
      if (variantBefore === undefined || normalize(c, variantBefore[c], currency) !== next) variantFields.push(c);
      mergedVariant[c] = next;
    }
    if (mergedVariant.variant_title_en === "") {
      mergedVariant.variant_title_en = [mergedVariant.option1_value_en, mergedVariant.option2_value_en].filter(Boolean).join(" / ") || "Default";
    }
    variants.push({ productId: v.handle, create: !variantBefore, changed: variantFields, row: mergedVariant });
    if (!fileVariants.has(v.handle)) fileVariants.set(v.handle, []);
    fileVariants.get(v.handle)!.push({ row: r.row, values: mergedVariant });
    if (!variantBefore) summary.variantsCreated++;
    else if (variantFields.length) summary.variantsUpdated++;
    const allFields = [...fields, ...variantFields];
    const action = !variantBefore || (first && !before) ? "create" : allFields.length ? "update" : "unchanged";
    if (action === "unchanged") summary.unchanged++;
    changes.push({ row: r.row, handle: v.handle, sku: v.sku, action, fields: allFields });
  }

  // The editor's rules, on each product the import writes whose rows passed the file's checks; its descriptions are
  // written sanitised. Like the rows, a turn of the event loop every 500 products.
  const failed = new Set(errors.map((e) => handleOfRow.get(e.row)));
  const variantWritten = new Set(variants.filter((w) => w.create || w.changed.length > 0).map((w) => w.productId));
  let checkedCount = 0;
  for (const product of products.values()) {
    if (failed.has(product.id) || !(product.create || product.changed.length > 0 || variantWritten.has(product.id))) continue;
    if (++checkedCount % 500 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const inFile = fileVariants.get(product.id) ?? [];
    const named = new Set(inFile.map((f) => f.values.sku));
    const kept = (variantsNow.get(product.id) ?? []).filter((c) => !(c.sku !== "" && named.has(c.sku)));
    const checked = checkProductRules(product.row, inFile, kept, firstRowOf.get(product.id)!, currency);
    if (!checked.ok) {
      errors.push(checked.issue);
      continue;
    }
    product.row.description_en = checked.product.descriptionEn;
    product.row.description_es = checked.product.descriptionEs;
  }
  errors.sort((a, b) => a.row - b.row);
  onProgress?.(rows.length);
  return { summary, errors, changes, columns, products: [...products.values()], variants };
}
