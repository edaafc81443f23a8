/**
 * The database of an operator command (admin:create, admin:revoke): the settings, then PostgreSQL, or the embedded
 * folder with its lock taken — two processes on one PGlite folder lose writes, so a busy folder is refused with a
 * clear message — migrated to the current schema. `fail` prints the line and exits.
 */
import path from "node:path";
import { parseSettings, SettingsError } from "../src/server/env";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock, DataDirBusyError } from "../src/server/db/data-dir-lock";
import { migrateDatabase } from "../src/server/db/migrate";

export async function openOperatorDatabase(fail: (line: string) => never) {
  let s;
  try {
    s = parseSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) fail(error.message);
    throw error;
  }
  let handle;
  if (s.DATABASE_URL) {
    handle = await openDatabase({ databaseUrl: s.DATABASE_URL, poolSize: 2 });
  } else {
    const dataDir = path.resolve(s.DATA_DIR);
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      if (error instanceof DataDirBusyError) fail(error.message);
      throw error;
    }
    handle = await openDatabase({ dataDir });
  }
  await migrateDatabase(handle.db, handle.kind);
  return handle;
}
