import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/server/db/executor";
import { variants } from "@/server/db/schema/catalog";
import { stockLedger } from "@/server/db/schema/inventory";
import { emailsOfUsers } from "@/features/accounts/service";

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
      importFile: stockLedger.importFile,
    })
    .from(stockLedger)
    .innerJoin(variants, eq(variants.id, stockLedger.variantId))
    .where(and(eq(stockLedger.productId, productId), before === undefined ? undefined : lt(stockLedger.id, before)))
    .orderBy(desc(stockLedger.id))
    .limit(STOCK_HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, STOCK_HISTORY_PAGE_SIZE);
  const emails = await emailsOfUsers(db, page.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])));
  const entries = page.map((r) => ({ ...r, actorEmail: r.actorUserId ? (emails.get(r.actorUserId) ?? null) : null }));
  return { entries, olderThan: rows.length > STOCK_HISTORY_PAGE_SIZE ? entries.at(-1)!.id : null };
}
