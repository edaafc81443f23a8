import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";

/** Shared by the stock-ledger and stock-lock-order tests: the ledger read straight from the database. */

export type LedgerRow = { id: number; variant_id: string; reason: string; before: number; after: number };

/** Every variant's stock now. */
export async function stockByVariant(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; stock: number }>(db, sql`select id, stock from variants`);
  return new Map(rows.map((r) => [r.id, Number(r.stock)]));
}

/** The ledger's newest id (0 when empty): what a test's own entries come after. */
export async function lastLedgerId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(db, sql`select max(id)::int as id from stock_ledger`);
  return Number(row.id ?? 0);
}

/**
 * The invariant of the stock ledger (decision 0350): for every variant, its stock now is its stock at `start` plus
 * the changes recorded since (entries after `afterId`), and each entry starts where the one before it ended — no
 * change was missed, written twice or written out of turn. A variant created since `start` starts from 0.
 */
export async function expectLedgerAddsUp(db: Db, start: Map<string, number>, afterId: number) {
  const rows = await queryRows<LedgerRow>(
    db,
    sql`select id::int as id, variant_id, reason, quantity_before as before, quantity_after as after from stock_ledger where id > ${afterId} order by id`,
  );
  const now = await stockByVariant(db);
  const mismatches: string[] = [];
  for (const [variantId, stock] of now) {
    const own = rows.filter((r) => r.variant_id === variantId);
    let running = start.get(variantId) ?? 0;
    for (const r of own) {
      if (Number(r.before) !== running) mismatches.push(`${variantId}: entry ${r.id} (${r.reason}) starts at ${r.before}, the stock was ${running}`);
      running = Number(r.after);
    }
    const sum = (start.get(variantId) ?? 0) + own.reduce((total, r) => total + Number(r.after) - Number(r.before), 0);
    if (sum !== stock) mismatches.push(`${variantId}: stock ${stock}, initial + ledger ${sum}`);
  }
  expect(mismatches).toEqual([]);
  return rows;
}
