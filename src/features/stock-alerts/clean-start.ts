import { inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { lowStockNotices, lowStockThresholds, stockAlerts } from "@/server/db/schema/stock-alerts";

/**
 * A clean start (docs/product.md#a-clean-start): every shopper's back-in-stock request goes; the merchant's
 * thresholds and the low-stock notices stay except those of the variants about to be removed. Runs before orders
 * give their reserved units back, so that restocking mails nobody. Returns the alerts' addresses, for the outbox.
 */
export async function removeAllStockAlerts(tx: Executor, removedVariantIds: readonly string[]): Promise<string[]> {
  const removed = await tx.delete(stockAlerts).returning({ email: stockAlerts.email });
  if (removedVariantIds.length > 0) {
    await tx.delete(lowStockNotices).where(inArray(lowStockNotices.variantId, [...removedVariantIds]));
    await tx.delete(lowStockThresholds).where(inArray(lowStockThresholds.variantId, [...removedVariantIds]));
  }
  return removed.map((r) => r.email);
}
