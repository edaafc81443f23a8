import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { queryRows } from "@/server/db/rows";
import { variants } from "@/server/db/schema/catalog";
import { stockLedger, type StockLedgerActor, type StockLedgerReason } from "@/server/db/schema/inventory";
import { notifyBackInStock } from "@/features/stock-alerts/service";
import { lowStockThresholdOfVariant, recordLowStock } from "@/features/stock-alerts/low-stock";
import { lockForStockChange } from "./stock-lock-order";

/*
 * Every change of a variant's stock (docs/product.md#stock-history, decision 0350). `variants.stock` stays on the
 * catalog's table — the listing and filter index read it — but only this module changes it: each change is one
 * statement that moves the stock and writes its ledger rows together, and the back-in-stock and low-stock alerts
 * follow from here, whoever asked for the change. A new variant's row is inserted with its stock by its creator, and
 * recorded here at once as its first entry (recordCreatedStock).
 */

export { lockForStockChange } from "./stock-lock-order";
export type { StockLedgerReason } from "@/server/db/schema/inventory";

/** Units given back to the shelf: they go only to variants that track stock, and are never refused. */
const GIVE_BACK: ReadonlySet<StockLedgerReason> = new Set(["cancellation", "reservation_expired", "return"]);
export type GiveBackReason = "cancellation" | "reservation_expired" | "return";

/**
 * Who asked, and what for: shown as the change's reference on the product's stock history. A shopper is named by
 * their order; only a back-office user's id is kept as who (decision 0350).
 */
export type StockReference = {
  actor: { kind: StockLedgerActor; userId?: string | null };
  orderId?: number | null;
  returnId?: number | null;
  importFile?: string | null;
  /** The clock of the change (tests and checkout pass theirs); the database's otherwise. */
  at?: Date;
};

export type StockChange = { variantId: string; change: number };
export type StockMoved = { before: number; after: number };

/** A change that would take a variant below zero (or names a variant that is gone): nothing of the call was kept. */
export class StockShortError extends Error {
  constructor(
    readonly variantId: string,
    readonly available: number,
  ) {
    super(`Not enough stock of variant ${variantId}: ${available} available.`);
    this.name = "StockShortError";
  }
}

/** The changes summed per variant (one UPDATE can move a row only once), zeros left out. */
function perVariant(changes: readonly StockChange[]): StockChange[] {
  const sums = new Map<string, number>();
  for (const c of changes) sums.set(c.variantId, (sums.get(c.variantId) ?? 0) + c.change);
  return [...sums].filter(([, change]) => change !== 0).map(([variantId, change]) => ({ variantId, change }));
}

const atOf = (ref: StockReference) => (ref.at ? sql`${ref.at.toISOString()}::timestamptz` : sql`now()`);
const actorUserIdOf = (ref: StockReference) => (ref.actor.kind === "admin" ? (ref.actor.userId ?? null) : null);

type MovedRow = { variant_id: string; after: number; change: number; managed: boolean; threshold: number };

/**
 * Moves stock by `changes` for `reason`. Units given back (cancellation, expiry, return) go to tracked variants only;
 * every other change is a conditional one (`stock + change >= 0`, e.g. the checkout's `stock >= q`) and throws
 * StockShortError when any variant cannot take it — the caller's transaction must then roll back. Two or more
 * variants are locked first in the shop's one lock order. The stock, the ledger rows (one multi-row insert) and the
 * before/after of each row (before = after - change, from the UPDATE's own RETURNING) come from ONE statement.
 * Then the alerts: variants whose stock rose tell their waiting shoppers, variants left at or below their low-stock
 * threshold are reported to the admins.
 */
export async function changeStock(tx: Executor, reason: StockLedgerReason, changes: readonly StockChange[], ref: StockReference): Promise<Map<string, StockMoved>> {
  const wanted = perVariant(changes);
  if (wanted.length === 0) return new Map();
  const givesBack = GIVE_BACK.has(reason);
  if (givesBack && wanted.some((c) => c.change < 0)) throw new Error(`A ${reason} only gives units back.`);
  if (wanted.length > 1) await lockForStockChange(tx, [], wanted.map((c) => c.variantId));

  const condition = givesBack ? sql`${variants.manageInventory}` : sql`${variants.stock} + w.change >= 0`;
  const rows = await queryRows<MovedRow>(
    tx,
    sql`with moved as (
        update ${variants} set stock = ${variants.stock} + w.change
        from jsonb_to_recordset(${JSON.stringify(wanted.map((c) => ({ variant_id: c.variantId, change: c.change })))}::jsonb) as w(variant_id text, change integer)
        where ${variants.id} = w.variant_id and ${condition}
        returning ${variants.id} as variant_id, ${variants.productId} as product_id, ${variants.stock} as after, w.change,
          ${variants.manageInventory} as managed, ${lowStockThresholdOfVariant()} as threshold),
      written as (
        insert into ${stockLedger} (variant_id, product_id, reason, quantity_before, quantity_after, order_id, return_id, actor, actor_user_id, import_file, created_at)
        select variant_id, product_id, ${reason}::text, after - change, after, ${ref.orderId ?? null}::integer, ${ref.returnId ?? null}::integer,
          ${ref.actor.kind}::text, ${actorUserIdOf(ref)}::text, ${ref.importFile ?? null}::text, ${atOf(ref)}
        from moved)
      select variant_id, after, change, managed, threshold from moved`,
  );

  if (!givesBack && rows.length < wanted.length) {
    const short = wanted.find((c) => !rows.some((r) => r.variant_id === c.variantId))!;
    const [now] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, short.variantId));
    throw new StockShortError(short.variantId, now?.stock ?? 0);
  }

  const moved = new Map(rows.map((r) => [r.variant_id, { before: Number(r.after) - Number(r.change), after: Number(r.after) }]));
  const low = rows.filter((r) => r.managed && Number(r.after) <= Number(r.threshold)).map((r) => r.variant_id);
  if (low.length > 0) await recordLowStock(tx, low, ref.at);
  const rose = rows.filter((r) => Number(r.change) > 0).map((r) => r.variant_id);
  if (rose.length > 0) await notifyBackInStock(tx, rose);
  return moved;
}

/**
 * Sets variants to absolute figures (a catalog import): their stock is read under the lock order's lock and the
 * difference is recorded as a change, so the ledger still adds up whatever checkouts did before the lock.
 */
export async function setStockTo(tx: Executor, reason: StockLedgerReason, targets: ReadonlyArray<{ variantId: string; stock: number }>, ref: StockReference): Promise<Map<string, StockMoved>> {
  if (targets.length === 0) return new Map();
  const current = await lockForStockChange(tx, [], targets.map((t) => t.variantId));
  return changeStock(tx, reason, targets.map((t) => ({ variantId: t.variantId, change: t.stock - (current.get(t.variantId) ?? 0) })), ref);
}

/**
 * Variants just inserted with their stock (the product editor's new variants, an import's): their creation stock is
 * their first ledger entry, read from the rows themselves, and a tracked one created at or below its threshold is
 * reported. Inserted at 0 and raised here instead, each created product's filter rows would be refreshed twice (the
 * trigger of migration 0042 runs when "can be bought" flips): a 10,000-row import took twice as long (decision 0350).
 */
export async function recordCreatedStock(tx: Executor, reason: "initial" | "import", variantIds: readonly string[], ref: StockReference): Promise<void> {
  if (variantIds.length === 0) return;
  await tx.execute(
    sql`insert into ${stockLedger} (variant_id, product_id, reason, quantity_before, quantity_after, actor, actor_user_id, import_file, created_at)
      select v.id, v.product_id, ${reason}::text, 0, v.stock, ${ref.actor.kind}::text, ${actorUserIdOf(ref)}::text, ${ref.importFile ?? null}::text, ${atOf(ref)}
      from ${variants} v where v.id in (select jsonb_array_elements_text(${JSON.stringify(variantIds)}::jsonb)) and v.stock <> 0
      order by v.id`,
  );
  await recordLowStock(tx, [...variantIds], ref.at);
}

/**
 * A variant began or stopped tracking its stock: its alerts are checked as after a change of
 * stock (an untracked variant can be bought, so its waiting shoppers hear of it; a tracked one at its threshold is
 * reported).
 */
export async function recheckStockAlerts(tx: Executor, variantIds: readonly string[], at?: Date): Promise<void> {
  if (variantIds.length === 0) return;
  await notifyBackInStock(tx, [...variantIds]);
  await recordLowStock(tx, [...variantIds], at);
}
