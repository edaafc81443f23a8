import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./executor";

/** A write drizzle has built but not run: an insert, update or delete builder (they run only when awaited). */
export type PendingWrite = { getSQL(): SQL };

/**
 * Runs independent writes as one statement: each becomes a data-modifying WITH clause of `WITH w0 AS (…), w1 AS (…)
 * SELECT 1`, which PostgreSQL runs to completion whether or not anything reads it. One round trip instead of one per
 * write: on the checkout path every statement costs the server ~0.4 ms of CPU however small it is
 * (docs/performance.md, "Checkout, third pass").
 *
 * The writes share one snapshot and run in no set order, so none may read what another writes (a row one inserts is
 * not there for another's sub-select), and two may not change the same row. A failing write fails them all, as it
 * would fail the transaction anyway.
 */
export async function writeTogether(executor: Executor, writes: PendingWrite[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    await executor.execute(writes[0].getSQL());
    return;
  }
  const clauses = writes.map((write, i) => sql`${sql.identifier(`w${i}`)} as (${write.getSQL()})`);
  await executor.execute(sql`with ${sql.join(clauses, sql`, `)} select 1`);
}
