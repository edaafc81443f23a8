import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { writeAudit, type AdminActor } from "@/server/audit";
import type { Executor } from "@/server/db/executor";
import type { Db } from "@/server/db/client";
import { variants } from "@/server/db/schema/catalog";
import { lowStockThresholds } from "@/server/db/schema/stock-alerts";
import { StockAlertAdminError } from "./errors";
import { clearLowStock, recordLowStock } from "./low-stock";

/** Per-variant low-stock thresholds of one product (docs/product.md#low-stock); empty means the shop default. */
export const thresholdsInputSchema = z.object({
  productId: z.string().min(1).max(100),
  thresholds: z.array(z.object({ variantId: z.string().min(1).max(100), threshold: z.number().int().min(0).max(100_000).nullable() })).max(500),
});
export type ThresholdsInput = z.infer<typeof thresholdsInputSchema>;

export async function loadThresholds(db: Executor, productId: string) {
  return db
    .select({ variantId: variants.id, title: variants.titleEn, sku: variants.sku, stock: variants.stock, threshold: lowStockThresholds.threshold })
    .from(variants)
    .leftJoin(lowStockThresholds, eq(lowStockThresholds.variantId, variants.id))
    .where(and(eq(variants.productId, productId), eq(variants.manageInventory, true)))
    .orderBy(asc(variants.sortOrder), asc(variants.id));
}

/** Saves the thresholds (audit-logged); a variant now at or below its new threshold is reported like any fall. */
export async function saveThresholds(db: Db, actor: AdminActor, input: ThresholdsInput) {
  await db.transaction((tx) => saveThresholdsIn(tx, actor, input));
}

/** saveThresholds in the caller's transaction (the product editor's one save, catalog/product-whole-save.ts). */
export async function saveThresholdsIn(tx: Executor, actor: AdminActor, input: ThresholdsInput) {
  const data = thresholdsInputSchema.parse(input);
  const before = await loadThresholds(tx, data.productId);
  const own = new Set(before.map((v) => v.variantId));
  const foreign = data.thresholds.find((t) => !own.has(t.variantId));
  if (foreign) throw new StockAlertAdminError("variantNotFound");
  const ids = data.thresholds.map((t) => t.variantId);
  if (ids.length) await tx.delete(lowStockThresholds).where(inArray(lowStockThresholds.variantId, ids));
  const rows = data.thresholds.filter((t): t is { variantId: string; threshold: number } => t.threshold !== null);
  if (rows.length) await tx.insert(lowStockThresholds).values(rows);
  await writeAudit(tx, actor, {
    action: "update-low-stock",
    entity: "product",
    entityId: data.productId,
    before: Object.fromEntries(before.map((v) => [v.sku ?? v.variantId, v.threshold])),
    after: Object.fromEntries(data.thresholds.map((t) => [before.find((v) => v.variantId === t.variantId)?.sku ?? t.variantId, t.threshold])),
  });
  await clearLowStock(tx, ids);
  await recordLowStock(tx, ids);
}
