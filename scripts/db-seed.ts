/**
 * `npm run db:seed`: applies pending migrations and writes the demo shop when it is not there yet.
 * Uses the same settings as the server (DATABASE_URL, or embedded PGlite under DATA_DIR).
 */
import path from "node:path";
import { settings, SettingsError } from "../src/server/env";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock, DataDirBusyError } from "../src/server/db/data-dir-lock";
import { migrateDatabase } from "../src/server/db/migrate";
import { seedDatabase } from "../src/server/db/seed";

async function main(): Promise<number> {
  let s;
  try {
    s = settings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  const dataDir = path.resolve(s.DATA_DIR);
  if (!s.DATABASE_URL) {
    // A running server holds the embedded database; opening it twice loses writes silently.
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }

  const started = Date.now();
  const handle = s.DATABASE_URL ? await openDatabase({ databaseUrl: s.DATABASE_URL }) : await openDatabase({ dataDir: s.DATA_DIR });
  try {
    await migrateDatabase(handle.db, handle.kind);
    const { created } = await seedDatabase(handle.db, {
      uploadsDir: path.join(dataDir, "uploads"),
      currency: s.CURRENCY,
      storeName: s.STORE_NAME,
      storeEmail: s.STORE_EMAIL,
    });
    const where = handle.kind === "postgres" ? "PostgreSQL" : `the embedded database in ${dataDir}`;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      created
        ? `Demo shop seeded into ${where} in ${seconds} s.`
        : `Demo shop already present in ${where}; nothing changed (images checked in ${seconds} s).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
