import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/server/db/executor";
import { user } from "@/server/db/schema/auth";
import { variants } from "@/server/db/schema/catalog";
import { stockLedger } from "@/server/db/schema/inventory";

/* A product's stock history on its admin page (docs/product.md#stock-history): the ledger, newest first. */

export const STOCK_HISTORY_PAGE_SIZE = 50;

/**
 * `?stockBefore=<entry id>`: the entries older than that one. Keyed by the last entry shown rather than a page number,
 * so a product sold a million times still reaches its oldest entries along its own index, without counting them.
 * Anything else shows the newest.
 */
export const stockHistoryCursorSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export type StockHistoryEntry = Awaited<ReturnType<typeof loadStockHistory>>["entries"][number];

/** One page of a product's ledger; `olderThan` is the cursor of the next page, null on the last. */
export async function loadStockHistory(db: Executor, productId: string, before?: number) {
  const rows = await db
    .select({
      id: stockLedger.id,
      at: stockLedger.createdAt,
      variantId: stockLedger.variantId,
      variantTitleEn: variants.titleEn,
      variantTitleEs: variants.titleEs,
      sku: variants.sku,
      reason: stockLedger.reason,
      before: stockLedger.quantityBefore,
      after: stockLedger.quantityAfter,
      orderId: stockLedger.orderId,
      returnId: stockLedger.returnId,
      actor: stockLedger.actor,
      actorUserId: stockLedger.actorUserId,
      actorEmail: user.email,
      importFile: stockLedger.importFile,
    })
    .from(stockLedger)
    .innerJoin(variants, eq(variants.id, stockLedger.variantId))
    .leftJoin(user, eq(user.id, stockLedger.actorUserId))
    .where(and(eq(stockLedger.productId, productId), before === undefined ? undefined : lt(stockLedger.id, before)))
    .orderBy(desc(stockLedger.id))
    .limit(STOCK_HISTORY_PAGE_SIZE + 1);
  const entries = rows.slice(0, STOCK_HISTORY_PAGE_SIZE);
  return { entries, olderThan: rows.length > STOCK_HISTORY_PAGE_SIZE ? entries.at(-1)!.id : null };
}
