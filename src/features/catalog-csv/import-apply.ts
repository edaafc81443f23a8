import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { productCategories, productImages, productOptionValues, productOptions, products, variantOptionValues, variants } from "@/server/db/schema/catalog";
import { writeAudit, type AdminActor } from "@/server/audit";
import { domainError } from "@/lib/domain-error";
import { recordCreatedStock, setStockTo } from "@/features/inventory/service";
import { newId } from "@/lib/id";
import { decimalToCents, LIST_SEPARATOR, textSetSql, type CatalogColumn } from "./columns";
import type { ImportPlan, ImportSummary, ProductWrite, VariantWrite } from "./import-plan";

/**
 * Writes a checked import (docs/product.md#catalog-csv) in ONE transaction: all of it or, on any failure, nothing.
 * Rows are written in chunks of multi-row statements (a 10,000-row file is about a hundred statements, not tens of
 * thousands); the facet and listing triggers of drizzle/0003 and 0009 follow each statement.
 */

export class ImportHasErrorsError extends Error {
  constructor() {
    super("The import has row errors; fix them and run the check again.");
  }
}

const CHUNK = 500;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const nullIfEmpty = (v: string) => (v === "" ? null : v);
const list = (v: string) => v.split(LIST_SEPARATOR).filter(Boolean);
const OPTION_COLUMNS: CatalogColumn[] = ["option1_name_en", "option1_name_es", "option1_value_en", "option1_value_es", "option2_name_en", "option2_name_es", "option2_value_en", "option2_value_es"];

async function writeProducts(tx: Tx, rows: ProductWrite[]) {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(products)
      .values(
        chunk.map((p) => ({
          id: p.id,
          titleEn: p.row.title_en,
          titleEs: p.row.title_es,
          subtitleEn: nullIfEmpty(p.row.subtitle_en),
          subtitleEs: nullIfEmpty(p.row.subtitle_es),
          descriptionEn: nullIfEmpty(p.row.description_en),
          descriptionEs: nullIfEmpty(p.row.description_es),
          status: p.row.status === "draft" ? ("draft" as const) : ("published" as const),
          isHidden: p.row.hidden === "true",
        })),
      )
      .onConflictDoUpdate({
        target: products.id,
        set: {
          titleEn: sql`excluded.title_en`,
          titleEs: sql`excluded.title_es`,
          subtitleEn: sql`excluded.subtitle_en`,
          subtitleEs: sql`excluded.subtitle_es`,
          descriptionEn: sql`excluded.description_en`,
          descriptionEs: sql`excluded.description_es`,
          status: sql`excluded.status`,
          isHidden: sql`excluded.is_hidden`,
          updatedAt: sql`now()`,
        },
      });
  }
}

async function writeVariants(tx: Tx, rows: Array<VariantWrite & { id: string; sortOrder: number }>, currency: string) {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(variants)
      .values(
        chunk.map((v) => ({
          id: v.id,
          productId: v.productId,
          titleEn: v.row.variant_title_en,
          titleEs: v.row.variant_title_es,
          sku: v.row.sku,
          priceCents: decimalToCents(v.row.price) ?? 0,
          salePriceCents: v.row.sale_price === "" ? null : decimalToCents(v.row.sale_price),
          currency,
          manageInventory: v.row.manage_inventory === "true",
          stock: Number(v.row.stock || 0),
          weightGrams: v.row.weight_grams === "" ? null : Number(v.row.weight_grams),
          sortOrder: v.sortOrder,
        })),
      )
      .onConflictDoUpdate({
        target: variants.id,
        set: {
          titleEn: sql`excluded.title_en`,
          titleEs: sql`excluded.title_es`,
          priceCents: sql`excluded.price_cents`,
          salePriceCents: sql`excluded.sale_price_cents`,
          manageInventory: sql`excluded.manage_inventory`,
          weightGrams: sql`excluded.weight_grams`,
          updatedAt: sql`now()`,
        },
      });
  }
}

async function writeCategories(tx: Tx, rows: ProductWrite[]) {
  const slugs = await queryRows<{ id: string; slug: string }>(tx as unknown as Db, sql`SELECT id, slug FROM categories`);
  const idOf = new Map(slugs.map((c) => [c.slug, c.id]));
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`DELETE FROM product_categories WHERE product_id IN (${textSetSql(chunk.map((p) => p.id))})`);
    const links = chunk.flatMap((p) => list(p.row.categories).map((slug, i) => ({ productId: p.id, categoryId: idOf.get(slug)!, sortOrder: i })));
    if (links.length) await tx.insert(productCategories).values(links).onConflictDoNothing();
  }
}

async function writeImages(tx: Tx, rows: ProductWrite[]) {
  for (const chunk of chunks(rows)) {
    const ids = chunk.map((p) => p.id);
    // Alt texts and sizes of images that stay are kept.
    const existing = await queryRows<{ product_id: string; url: string; alt_en: string | null; alt_es: string | null; width: number | null; height: number | null }>(
      tx as unknown as Db,
      sql`SELECT product_id, url, alt_en, alt_es, width, height FROM product_images WHERE product_id IN (${textSetSql(ids)})`,
    );
    const kept = new Map(existing.map((e) => [`${e.product_id} ${e.url}`, e]));
    await tx.execute(sql`DELETE FROM product_images WHERE product_id IN (${textSetSql(ids)})`);
    const images = chunk.flatMap((p) =>
      list(p.row.images).map((url, i) => {
        const old = kept.get(`${p.id} ${url}`);
        return { id: newId("img"), productId: p.id, url, altEn: old?.alt_en ?? null, altEs: old?.alt_es ?? null, width: old?.width ?? null, height: old?.height ?? null, sortOrder: i };
      }),
    );
    if (images.length) await tx.insert(productImages).values(images);
  }
}

/** Options by English name, values by English value (case-insensitive); the file's variants are relinked. */
async function writeOptions(tx: Tx, productRows: ProductWrite[], variantRows: Array<VariantWrite & { id: string }>) {
  const productIds = productRows.map((p) => p.id);
  if (productIds.length === 0) return;
  const options = await queryRows<{ id: string; product_id: string; title_en: string }>(
    tx as unknown as Db,
    sql`SELECT id, product_id, title_en FROM product_options WHERE product_id IN (${textSetSql(productIds)})`,
  );
  const values = await queryRows<{ id: string; option_id: string; value_en: string }>(
    tx as unknown as Db,
    sql`SELECT ov.id, ov.option_id, ov.value_en FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id
        WHERE o.product_id IN (${textSetSql(productIds)})`,
  );
  const optionId = new Map(options.map((o) => [`${o.product_id} ${o.title_en.toLowerCase()}`, o.id]));
  const valueId = new Map(values.map((v) => [`${v.option_id} ${v.value_en.toLowerCase()}`, v.id]));
  const optionRows: Array<typeof productOptions.$inferInsert> = [];
  const valueRows = new Map<string, typeof productOptionValues.$inferInsert>();
  const links: Array<{ variantId: string; optionValueId: string }> = [];
  const productById = new Map(productRows.map((p) => [p.id, p]));
  for (const p of productRows) {
    for (const n of [1, 2] as const) {
      const name = p.row[`option${n}_name_en`];
      if (!name) continue;
      const key = `${p.id} ${name.toLowerCase()}`;
      const id = optionId.get(key) ?? newId("opt");
      optionId.set(key, id);
      optionRows.push({ id, productId: p.id, titleEn: name, titleEs: p.row[`option${n}_name_es`], sortOrder: n - 1 });
    }
  }
  for (const v of variantRows) {
    const p = productById.get(v.productId);
    if (!p) continue;
    for (const n of [1, 2] as const) {
      const name = p.row[`option${n}_name_en`];
      const value = v.row[`option${n}_value_en`];
      if (!name || !value) continue;
      const oid = optionId.get(`${p.id} ${name.toLowerCase()}`)!;
      const key = `${oid} ${value.toLowerCase()}`;
      const id = valueId.get(key) ?? newId("optv");
      valueId.set(key, id);
      if (!valueRows.has(id)) valueRows.set(id, { id, optionId: oid, valueEn: value, valueEs: v.row[`option${n}_value_es`], sortOrder: valueRows.size });
      links.push({ variantId: v.id, optionValueId: id });
    }
  }
  for (const chunk of chunks(optionRows)) {
    await tx.insert(productOptions).values(chunk).onConflictDoUpdate({ target: productOptions.id, set: { titleEs: sql`excluded.title_es`, sortOrder: sql`excluded.sort_order` } });
  }
  for (const chunk of chunks([...valueRows.values()])) {
    await tx.insert(productOptionValues).values(chunk).onConflictDoUpdate({ target: productOptionValues.id, set: { valueEs: sql`excluded.value_es` } });
  }
  for (const chunk of chunks(variantRows)) {
    await tx.execute(sql`DELETE FROM variant_option_values WHERE variant_id IN (${textSetSql(chunk.map((v) => v.id))})`);
  }
  for (const chunk of chunks(links)) await tx.insert(variantOptionValues).values(chunk).onConflictDoNothing();
}

/** The catalog changed between the check and the apply (a SKU of the file now names another product). */
export const ImportChangedError = domainError("ImportChangedError", { changedSinceCheck: "conflict" });

/** Applies a plan without errors; `onProgress` hears how many of the file's rows are written. */
export async function applyImport(
  db: Db,
  plan: ImportPlan,
  options: { actor: AdminActor; currency: string; fileName?: string; onProgress?: (done: number) => void },
): Promise<ImportSummary> {
  if (plan.errors.length > 0) throw new ImportHasErrorsError();
  const { columns } = plan;
  const changedProducts = plan.products.filter((p) => p.create || p.changed.length > 0);
  const optionsTouched = OPTION_COLUMNS.some((c) => columns.has(c));
  await db.transaction(async (tx) => {
    await writeProducts(tx, changedProducts);
    options.onProgress?.(Math.round(plan.summary.rows * 0.2));

    const skus = plan.variants.map((v) => v.row.sku);
    const existing = await queryRows<{ id: string; sku: string; product_id: string }>(
      tx as unknown as Db,
      sql`SELECT id, sku, product_id FROM variants WHERE sku IN (${textSetSql(skus)})`,
    );
    // A SKU another product took after the check: never move or overwrite its variant; the whole import fails.
    const productOf = new Map(plan.variants.map((v) => [v.row.sku, v.productId]));
    if (existing.some((e) => productOf.get(e.sku) !== e.product_id)) throw new ImportChangedError("changedSinceCheck");
    const idBySku = new Map(existing.map((e) => [e.sku, e.id]));
    const position = new Map<string, number>();
    const withIds = plan.variants.map((v) => {
      const sortOrder = position.get(v.productId) ?? 0;
      position.set(v.productId, sortOrder + 1);
      return { ...v, id: idBySku.get(v.row.sku) ?? newId("var"), sortOrder };
    });
    await writeVariants(
      tx,
      withIds.filter((v) => v.create || v.changed.some((c) => !OPTION_COLUMNS.includes(c))),
      options.currency,
    );
    // Stock through inventory, a stock-history entry each: a new variant's as created, an existing one's only when the
    // file changes it (an unchanged column must not put back units sold since the check).
    const stockRef = { actor: { kind: "admin" as const, userId: options.actor.userId }, importFile: options.fileName ?? null };
    await recordCreatedStock(tx, "import", withIds.filter((v) => !idBySku.has(v.row.sku)).map((v) => v.id), stockRef);
    const restocked = withIds.filter((v) => idBySku.has(v.row.sku) && (v.create || v.changed.includes("stock")));
    await setStockTo(tx, "import", restocked.map((v) => ({ variantId: v.id, stock: Number(v.row.stock || 0) })), stockRef);
    options.onProgress?.(Math.round(plan.summary.rows * 0.6));

    if (columns.has("categories")) await writeCategories(tx, changedProducts.filter((p) => p.create || p.changed.includes("categories")));
    if (columns.has("images")) await writeImages(tx, changedProducts.filter((p) => p.create || p.changed.includes("images")));
    if (optionsTouched) {
      const touched = new Set([
        ...changedProducts.filter((p) => p.create || p.changed.some((c) => OPTION_COLUMNS.includes(c))).map((p) => p.id),
        ...withIds.filter((v) => v.create || v.changed.some((c) => OPTION_COLUMNS.includes(c))).map((v) => v.productId),
      ]);
      await writeOptions(
        tx,
        plan.products.filter((p) => touched.has(p.id)),
        withIds.filter((v) => touched.has(v.productId)),
      );
    }
    await writeAudit(tx, options.actor, { action: "catalog.import", entity: "catalog", entityId: options.fileName ?? null, after: plan.summary });
    options.onProgress?.(plan.summary.rows);
  });
  return plan.summary;
}
