/** `npm run db:migrate`: applies pending migrations to the configured database (embedded or PostgreSQL). */
import path from "node:path";
import { parseSettings, SettingsError } from "../src/server/env";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock, DataDirBusyError } from "../src/server/db/data-dir-lock";
import { migrateDatabase } from "../src/server/db/migrate";

async function main() {
  const s = parseSettings(process.env);
  if (!s.DATABASE_URL) acquireDataDirLock(path.resolve(s.DATA_DIR));
  const handle = await openDatabase(s.DATABASE_URL ? { databaseUrl: s.DATABASE_URL, poolSize: 1 } : { dataDir: s.DATA_DIR });
  await migrateDatabase(handle.db, handle.kind);
  await handle.close();
  console.log(`vitrina: migrations applied (${handle.kind})`);
}

main().catch((error) => {
  const known = error instanceof SettingsError || error instanceof DataDirBusyError;
  console.error(`vitrina: ${known ? error.message : `migration failed: ${(error as Error).message}`}`);
  process.exit(1);
});
