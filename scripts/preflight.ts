/**
 * Runs before the server starts (npm start, e2e, bench): checks every setting, reaches the database, applies
 * pending migrations and seeds an empty database with the demo shop. Any problem is one clear line and exit 1.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { parseSettings, SettingsError } from "../src/server/env";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock, DataDirBusyError } from "../src/server/db/data-dir-lock";
import { migrateDatabase } from "../src/server/db/migrate";

function fail(line: string): never {
  console.error(`vitrina: ${line}`);
  process.exit(1);
}

async function main() {
  let s;
  try {
    s = parseSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) fail(error.message);
    throw error;
  }

  let handle;
  if (s.DATABASE_URL) {
    const url = new URL(s.DATABASE_URL);
    try {
      handle = await openDatabase({ databaseUrl: s.DATABASE_URL, poolSize: 2 });
      await handle.db.execute(sql`select 1`);
    } catch (error) {
      // Drizzle wraps the driver's error: the useful code (ECONNREFUSED, 3D000…) is on its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message.split("\n")[0];
      fail(`Invalid setting DATABASE_URL: cannot connect to PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname} (${reason})`);
    }
  } else {
    const dataDir = path.resolve(s.DATA_DIR);
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      if (error instanceof DataDirBusyError) fail(error.message);
      fail(`Invalid setting DATA_DIR: cannot use ${dataDir} (${(error as Error).message})`);
    }
    handle = await openDatabase({ dataDir });
  }

  await migrateDatabase(handle.db, handle.kind);
  const { seedDatabase, isDatabaseEmpty, imageJobs } = await import("../src/server/db/seed");
  const { renderImages } = await import("../src/server/db/seed/images");
  const uploadsDir = path.resolve(s.DATA_DIR, "uploads");
  const empty = await isDatabaseEmpty(handle.db);
  if (process.env.VITRINA_SKIP_SEED !== "true" && empty) {
    await seedDatabase(handle.db, {
      uploadsDir,
      currency: s.CURRENCY,
      storeName: s.STORE_NAME,
      storeEmail: s.STORE_EMAIL,
    });
    console.log(`vitrina: demo shop created (${handle.kind === "pglite" ? `embedded database in ${path.resolve(s.DATA_DIR)}` : "PostgreSQL"})`);
  } else if (!empty) {
    // Another instance seeded the shared database: this one's DATA_DIR still needs the demo art (/uploads/demo/…),
    // made only where missing.
    await renderImages(path.join(uploadsDir, "demo"), imageJobs());
  }
  // ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_NAME) create or promote an administrator at start-up.
  const { bootstrapAdminFromEnv } = await import("../src/features/accounts/bootstrap-admin");
  const admin = await bootstrapAdminFromEnv(handle.db);
  if (admin) console.log(`vitrina: admin account ${admin.outcome}`);
  await handle.close();
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
