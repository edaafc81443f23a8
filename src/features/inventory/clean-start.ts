import { inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { stockLedger } from "@/server/db/schema/inventory";

/** A clean start (docs/product.md#a-clean-start): the stock history of the products about to be removed. */
export async function removeStockHistoryOf(tx: Executor, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.delete(stockLedger).where(inArray(stockLedger.productId, [...productIds]));
}
