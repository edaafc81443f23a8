import type { Db } from "@/server/db/client";
import { writeAudit, type AdminActor } from "@/server/audit";
import { domainError } from "@/lib/domain-error";
import { CatalogError } from "@/features/catalog/errors";
import { writeProductBatch, type BatchProduct, type BatchVariant } from "@/features/catalog/product-batch-writes";
import { decimalToCents, LIST_SEPARATOR, type CatalogColumn, type CatalogCsvRow } from "./columns";
import type { ImportPlan, ImportSummary, ProductWrite, VariantWrite } from "./import-plan";

/**
 * Writes a checked import (docs/product.md#catalog-csv) in ONE transaction: all of it or, on any failure, nothing.
 * The plan's products passed the editor's check (./product-rules.ts); they are written by the catalog's product
 * command for many products (catalog/product-batch-writes.ts), which also queues their product.updated events. The
 * caller revalidates the catalog's caches after it, as the editor's action does.
 */

export class ImportHasErrorsError extends Error {
  constructor() {
    super("The import has row errors; fix them and run the check again.");
  }
}

/** The catalog changed between the check and the apply (a SKU of the file now names another product). */
export const ImportChangedError = domainError("ImportChangedError", { changedSinceCheck: "conflict" });

const nullIfEmpty = (v: string) => (v === "" ? null : v);
const list = (v: string) => v.split(LIST_SEPARATOR).filter(Boolean);
const OPTION_COLUMNS: CatalogColumn[] = [
  ...(["option1_name_en", "option1_name_es", "option1_type", "option1_value_en", "option1_value_es"] as const),
  ...(["option2_name_en", "option2_name_es", "option2_type", "option2_value_en", "option2_value_es"] as const),
];
const touches = (w: { create: boolean; changed: CatalogColumn[] }, columns: CatalogColumn[]) => w.create || w.changed.some((c) => columns.includes(c));

function optionNames(row: CatalogCsvRow) {
  // An empty type column leaves the linking to the shop's rules (drizzle/0067): by the option's name.
  return ([1, 2] as const).map((n) => ({ en: row[`option${n}_name_en`], es: row[`option${n}_name_es`], type: row[`option${n}_type`] || undefined }));
}

function batchProduct(p: ProductWrite, columns: Set<CatalogColumn>, optionsTouched: Set<string>): BatchProduct {
  const written = p.create || p.changed.length > 0;
  const row = p.row;
  return {
    id: p.id,
    create: p.create,
    values: written
      ? {
          titleEn: row.title_en,
          titleEs: row.title_es,
          subtitleEn: nullIfEmpty(row.subtitle_en),
          subtitleEs: nullIfEmpty(row.subtitle_es),
          descriptionEn: nullIfEmpty(row.description_en),
          descriptionEs: nullIfEmpty(row.description_es),
          status: row.status === "draft" ? "draft" : "published",
          isHidden: row.hidden === "true",
        }
      : null,
    categorySlugs: columns.has("categories") && touches(p, ["categories"]) ? list(row.categories) : null,
    images: columns.has("images") && touches(p, ["images"]) ? list(row.images) : null,
    options: optionsTouched.has(p.id) ? optionNames(row) : null,
  };
}

function batchVariant(v: VariantWrite, sortOrder: number, optionsTouched: Set<string>, currency: string): BatchVariant {
  const row = v.row;
  const stock = Number(row.stock || 0);
  return {
    productId: v.productId,
    sku: row.sku,
    sortOrder,
    values:
      v.create || v.changed.some((c) => !OPTION_COLUMNS.includes(c))
        ? {
          titleEn: row.variant_title_en,
          titleEs: row.variant_title_es,
          priceCents: decimalToCents(row.price, currency) ?? 0,
          salePriceCents: row.sale_price === "" ? null : decimalToCents(row.sale_price, currency),
          manageInventory: row.manage_inventory === "true",
          weightGrams: row.weight_grams === "" ? null : Number(row.weight_grams),
          stock,
        }
      : null,
    stock: v.create || v.changed.includes("stock") ? stock : null,
    optionValues: optionsTouched.has(v.productId) ? ([1, 2] as const).map((n) => ({ en: row[`option${n}_value_en`], es: row[`option${n}_value_es`] })) : null,
  };
}

/** Applies a plan without errors; `onProgress` hears how many of the file's rows are written. */
export async function applyImport(
  db: Db,
  plan: ImportPlan,
  options: { actor: AdminActor; currency: string; fileName?: string; onProgress?: (done: number) => void },
): Promise<ImportSummary> {
  if (plan.errors.length > 0) throw new ImportHasErrorsError();
  const { columns } = plan;
  // Options and their links are rewritten for a product whose option columns the file changes, on any of its rows.
  const optionsTouched = new Set(
    OPTION_COLUMNS.some((c) => columns.has(c))
      ? [...plan.products.filter((p) => touches(p, OPTION_COLUMNS)).map((p) => p.id), ...plan.variants.filter((v) => touches(v, OPTION_COLUMNS)).map((v) => v.productId)]
      : [],
  );
  const position = new Map<string, number>();
  const variants = plan.variants.map((v) => {
    const sortOrder = position.get(v.productId) ?? 0;
    position.set(v.productId, sortOrder + 1);
    return batchVariant(v, sortOrder, optionsTouched, options.currency);
  });
  try {
    await db.transaction(async (tx) => {
      await writeProductBatch(tx, {
        products: plan.products.map((p) => batchProduct(p, columns, optionsTouched)),
        variants,
        currency: options.currency,
        stockRef: { actor: { kind: "admin", userId: options.actor.userId }, importFile: options.fileName ?? null },
        onProgress: (share) => options.onProgress?.(Math.round(plan.summary.rows * share)),
      });
      await writeAudit(tx, options.actor, { action: "catalog.import", entity: "catalog", entityId: options.fileName ?? null, after: plan.summary });
    });
  } catch (error) {
    // A SKU another product took after the check, or a variant removed since: the file no longer fits the catalog.
    if (error instanceof CatalogError && (error.code === "duplicateSku" || error.code === "variantNotFound")) throw new ImportChangedError("changedSinceCheck");
    throw error;
  }
  options.onProgress?.(plan.summary.rows);
  return plan.summary;
}
