import path from "node:path";
import type { Db } from "./client";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Applies pending migrations; the same SQL files serve PGlite and PostgreSQL. */
export async function migrateDatabase(db: Db, kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db as never, { migrationsFolder });
  }
}
