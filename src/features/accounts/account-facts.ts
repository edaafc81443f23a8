import { eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { user } from "@/server/db/schema/auth";

/**
 * The accounts as the customer list reads them (docs/product.md#admin-customers): a SELECT of id, email (stored
 * lower-case by sign-up), name and created_at for its one grouped statement.
 */
export function accountFactsSql(): SQL {
  return sql`SELECT ${user.id} AS id, ${user.email} AS email, ${user.name} AS name, ${user.createdAt} AS created_at FROM ${user}`;
}

/** One account's address, name and sign-up date, or null. */
export async function accountById(db: Executor, id: string) {
  const [row] = await db.select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt }).from(user).where(eq(user.id, id)).limit(1);
  return row ?? null;
}
