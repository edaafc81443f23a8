import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer `{ rows }`. A transaction will do. */
export async function queryRows<T extends Record<string, unknown>>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of strings as ONE bound parameter, read as a set in SQL (a JS array would be spread into a tuple). */
export function textSetSql(values: string[]): SQL {
  return sql`SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)`;
}
