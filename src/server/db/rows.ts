import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer `{ rows }`. A transaction will do. */
export async function queryRows<T extends Record<string, unknown>>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
