import { asc, inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { variants } from "@/server/db/schema/catalog";
import { orders } from "@/server/db/schema/orders";

/*
 * The one lock order of every transaction that moves stock (docs/operations.md#soak, decision 0137): the account's
 * row, then the orders it changes (ascending id), then the variants whose stock moves (ascending id), then whatever
 * the catalog triggers write. Every stock change of inventory/service.ts takes its variants here first when there
 * are two or more; the payment, the reservation sweep and the shopper's cancel each change one order and then its
 * variants. A checkout that replaces or expires earlier orders gives their stock back and reserves its own, so it
 * takes all of those locks here, in one sorted pass, before changing anything — otherwise its releases and its
 * reservation would each be sorted, but not together. A checkout that releases nothing takes its variants' locks
 * only at the end of its transaction (decision 0171).
 *
 * Answers the locked variants' stock, read under the lock: what an absolute change (an import) starts from.
 */
export async function lockForStockChange(tx: Executor, orderIds: readonly number[], variantIds: readonly string[]): Promise<Map<string, number>> {
  const orderList = [...new Set(orderIds)].sort((a, b) => a - b);
  // NO KEY UPDATE is what the UPDATEs that follow take anyway. FOR UPDATE would also conflict with the KEY SHARE lock
  // a foreign key check takes (an order event or line being inserted for that order or variant), for nothing.
  if (orderList.length > 0) await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderList)).orderBy(asc(orders.id)).for("no key update");
  const variantList = [...new Set(variantIds)].sort();
  if (variantList.length === 0) return new Map();
  const locked = await tx
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .where(inArray(variants.id, variantList))
    .orderBy(asc(variants.id))
    .for("no key update");
  return new Map(locked.map((v) => [v.id, v.stock]));
}
