import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../src/server/db/client";
import { queryRows } from "../src/server/db/rows";

/* What the bench's in-process suites (db-suite.ts, orders-suite.ts) share: timing service calls and explaining SQL. */

export type TimedCall = { name: string; call: (db: Db) => Promise<unknown> };

/** Each call (those whose name contains `only`, when given) 3 times to warm caches and plans, then `runs` timed runs. */
export async function timeCalls(db: Db, calls: TimedCall[], runs: number, only?: string): Promise<Record<string, number[]>> {
  const timings: Record<string, number[]> = {};
  for (const { name, call } of calls.filter((c) => !only || c.name.includes(only))) {
    for (let i = 0; i < 3; i++) await call(db); // warm caches and plans, as a running server would be
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await call(db);
      samples.push(performance.now() - t0);
    }
    timings[name] = samples;
  }
  return timings;
}

/**
 * EXPLAIN (ANALYZE) of each query, as plain text by name; after `settings` (a statement setting them for its
 * transaction only, as the service runs the query with them) when given.
 */
export async function explainAll(db: Db, queries: Array<{ name: string; query: SQL }>, settings?: SQL): Promise<Record<string, string>> {
  const plans: Record<string, string> = {};
  for (const { name, query } of queries) {
    const rows = await db.transaction(async (tx) => {
      if (settings) await tx.execute(settings);
      return queryRows<Record<string, string>>(tx, sql`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${query}`);
    });
    plans[name] = rows.map((r) => Object.values(r)[0]).join("\n");
  }
  return plans;
}
