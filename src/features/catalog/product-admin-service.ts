import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { changeStock, recheckStockAlerts, recordCreatedStock, StockShortError, type StockChange, type StockReference } from "@/features/inventory/service";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { productCategories, productImages, products, variants } from "@/server/db/schema/catalog";
import { newId } from "@/lib/id";
import { writeAudit, type AdminActor } from "@/server/audit";
import { CatalogError } from "./errors";
import type { ParsedProductInput, ProductInput } from "./product-admin-schemas";
import {
  assertCategoriesExist,
  assertSkusFree,
  auditSummary,
  productValues,
  variantValues,
  withSkuGuard,
  writeChildren,
} from "./product-admin-writes";
import { validateProductInput } from "./product-input";
import { productSeoValues } from "./product-seo-service";
import { queueProductUpdated } from "./product-webhook";

/*
 * Product management of the back-office. Each save is one transaction with its audit row: a refusal anywhere
 * (duplicate SKU, stock changed meanwhile) rolls everything back. Callers (server actions) authorise first and
 * revalidate the catalog after success.
 */

export { loadProductForAdmin, type AdminProductForm } from "./product-admin-load";

export async function createProduct(db: Db, actor: AdminActor, input: ProductInput, currency: string): Promise<{ id: string }> {
  const data = validateProductInput(input);
  return withSkuGuard(data, async () => ({ id: (await db.transaction((tx) => insertCheckedProduct(tx, actor, newId("prod"), data, currency))).id }));
}

/**
 * The catalog's command that creates one product checked by validateProductInput, in the caller's transaction: its
 * rows, its variants' first stock (through inventory), its audit row and its product.updated event.
 */
export async function insertCheckedProduct(
  tx: Executor,
  actor: AdminActor,
  id: string,
  data: ParsedProductInput,
  currency: string,
): Promise<{ id: string; variantIds: string[] }> {
  await assertSkusFree(tx, data.variants.map((v) => v.sku), id);
  const categoryIds = await assertCategoriesExist(tx, data.categoryIds);
  const values = productValues(data);
  await tx.insert(products).values({ id, ...values, ...(await productSeoValues(tx, id, data, "create")) });
  const variantIds = data.variants.map(() => newId("var"));
  await tx.insert(variants).values(
    data.variants.map((v, index) => ({
      id: variantIds[index],
      productId: id,
      ...variantValues(v, index),
      currency: currency.toUpperCase(),
      stock: v.manageInventory ? v.stock : 0,
    })),
  );
  // Their stock is their first entry in the stock history (features/inventory).
  await recordCreatedStock(tx, "initial", variantIds, { actor: { kind: "admin", userId: actor.userId } });
  await writeChildren(tx, id, data, categoryIds, variantIds);
  await writeAudit(tx, actor, {
    action: "create",
    entity: "product",
    entityId: id,
    after: auditSummary(values, { ...data, variants: data.variants.map((v) => ({ ...v, sku: v.sku || null })) }),
  });
  await queueProductUpdated(tx, id, "created"); // docs/product.md#webhooks
  // The variants' ids in the order of the input, for the parts saved with a new product (its low-stock thresholds).
  return { id, variantIds };
}

export async function updateProduct(db: Db, actor: AdminActor, id: string, input: ProductInput, currency: string): Promise<{ id: string }> {
  const data = validateProductInput(input);
  return withSkuGuard(data, () => db.transaction((tx) => updateCheckedProduct(tx, actor, id, data, currency)));
}

/**
 * The catalog's command that saves one product checked by validateProductInput over its stored version, in the
 * caller's transaction: stock moves relative to what the editor loaded (through inventory), the audit row holds
 * before and after, and product.updated is queued.
 */
export async function updateCheckedProduct(tx: Executor, actor: AdminActor, id: string, data: ParsedProductInput, currency: string): Promise<{ id: string }> {
  const [current] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for("update");
  if (!current) throw new CatalogError("productNotFound");
  const existing = await tx.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sortOrder), asc(variants.id));
  const existingById = new Map(existing.map((v) => [v.id, v]));
  for (const v of data.variants) if (v.id && !existingById.has(v.id)) throw new CatalogError("variantNotFound");
  const [currentImages, currentCategories] = await Promise.all([
    tx.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sortOrder)),
    tx.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id)),
  ]);
  const before = auditSummary(
    {
      titleEn: current.titleEn,
      titleEs: current.titleEs,
      subtitleEn: current.subtitleEn,
      subtitleEs: current.subtitleEs,
      descriptionEn: current.descriptionEn,
      descriptionEs: current.descriptionEs,
      ribbonTextEn: current.ribbonTextEn,
      ribbonTextEs: current.ribbonTextEs,
      status: current.status,
      isHidden: current.isHidden,
      purchasable: current.purchasable,
    },
    { images: currentImages.map((i) => i.url), categoryIds: currentCategories.map((c) => c.id), variants: existing },
  );

  await assertSkusFree(tx, data.variants.map((v) => v.sku), id);
  const categoryIds = await assertCategoriesExist(tx, data.categoryIds);

  // Variants left out of the form are removed (orders keep their own copy of what was sold).
  const kept = new Set(data.variants.map((v) => v.id).filter((v): v is string => Boolean(v)));
  const removed = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (removed.length) await tx.delete(variants).where(inArray(variants.id, removed));

  const variantIds: string[] = [];
  const savedVariants: Array<{ sku: string | null; priceCents: number; salePriceCents: number | null; stock: number; manageInventory: boolean }> = [];
  const created: string[] = [];
  const adjusted: Array<StockChange & { index: number; title: string; loaded: number }> = [];
  const trackingChanged: string[] = [];
  for (const [index, v] of data.variants.entries()) {
    const values = variantValues(v, index);
    if (!v.id) {
      const variantId = newId("var");
      const stock = v.manageInventory ? v.stock : 0;
      await tx.insert(variants).values({ id: variantId, productId: id, ...values, currency: currency.toUpperCase(), stock });
      created.push(variantId);
      variantIds.push(variantId);
      savedVariants.push({ ...values, stock });
      continue;
    }
    await tx.update(variants).set({ ...values, updatedAt: new Date() }).where(eq(variants.id, v.id));
    const before = existingById.get(v.id)!;
    if (before.manageInventory !== v.manageInventory) trackingChanged.push(v.id);
    // Relative to what the editor showed: a checkout that reserved units since then keeps its reservation.
    const change = v.stock - (v.loadedStock ?? v.stock);
    if (change !== 0) adjusted.push({ variantId: v.id, change, index, title: v.titleEn, loaded: v.loadedStock ?? 0 });
    variantIds.push(v.id);
    savedVariants.push({ ...values, stock: before.stock });
  }
  const ref: StockReference = { actor: { kind: "admin", userId: actor.userId } };
  try {
    for (const [variantId, moved] of await changeStock(tx, "adjustment", adjusted, ref)) savedVariants[variantIds.indexOf(variantId)].stock = moved.after;
  } catch (error) {
    // Refused (whole save rolled back) when a change would take the stock below zero.
    const refused = error instanceof StockShortError && adjusted.find((a) => a.variantId === error.variantId);
    if (!refused) throw error;
    throw new CatalogError("stockChanged", { n: refused.index + 1, title: refused.title, loaded: refused.loaded, now: (error as StockShortError).available });
  }
  await recordCreatedStock(tx, "initial", created, ref);
  // Stock that stops or starts being tracked changes what can be bought (docs/product.md#stock-alerts).
  await recheckStockAlerts(tx, trackingChanged);

  await writeChildren(tx, id, data, categoryIds, variantIds);
  const values = productValues(data);
  await tx.update(products).set({ ...values, ...(await productSeoValues(tx, id, data, "update")), updatedAt: new Date() }).where(eq(products.id, id));
  await writeAudit(tx, actor, {
    action: "update",
    entity: "product",
    entityId: id,
    before,
    after: auditSummary(values, { images: data.images, categoryIds, variants: savedVariants }),
  });
  await queueProductUpdated(tx, id, "updated"); // docs/product.md#webhooks
  return { id };
}

/** Soft delete: the row stays (orders and the audit log refer to it) but the catalog never shows it again. */
export async function softDeleteProduct(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(products)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ titleEn: products.titleEn });
    if (!deleted) throw new CatalogError("productNotFound");
    await writeAudit(tx, actor, { action: "delete", entity: "product", entityId: id, before: { titleEn: deleted.titleEn }, after: { deleted: true } });
  });
}
