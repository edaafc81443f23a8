/**
 * The one start of every command-line script (db:migrate, db:seed, db:backup, db:restore, admin:create,
 * admin:revoke, storage:copy, preflight): the settings, then — on the embedded database — the data folder lock (two
 * processes on one PGlite folder lose writes, so a busy folder is refused with a clear message), then the database,
 * reached and migrated to the current schema. Every problem is one line `<script>: <reason>` and exit 1.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { parseSettings, SettingsError, type Settings } from "../src/server/env";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock, DataDirBusyError } from "../src/server/db/data-dir-lock";
import { migrateDatabase } from "../src/server/db/migrate";
import { applyShippingEnvironment } from "../src/features/shipping/environment-zone";

/** A refusal the script explains in one line. Thrown, not exited on the spot, so `finally` blocks still clean up. */
export class ScriptFailure extends Error {}

export function fail(line: string): never {
  throw new ScriptFailure(line);
}

/** Runs `main`; any failure is printed as `<prefix>: <reason>` (unexpected errors through `describe`) and exits 1. */
export function runScript(prefix: string, main: () => Promise<unknown>, describe: (message: string) => string = (m) => m) {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${prefix}: ${error instanceof ScriptFailure ? message : describe(message)}\n`);
    process.exit(1);
  });
}

/** The settings of this process; an invalid one is the script's refusal. */
export function scriptSettings(): Settings {
  try {
    return parseSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) fail(error.message);
    throw error;
  }
}

/** Takes the embedded data folder's lock for this process; a folder held by a running shop is refused. */
export function lockDataDir(dataDir: string): void {
  try {
    acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirBusyError) fail(error.message);
    fail(`Invalid setting DATA_DIR: cannot use ${dataDir} (${(error as Error).message})`);
  }
}

type DatabaseHandle = Awaited<ReturnType<typeof openDatabase>>;

/** The configured database, reached (PostgreSQL) or locked (embedded), with pending migrations applied. */
export async function openScriptDatabase(s: Settings = scriptSettings()): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
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
    lockDataDir(dataDir);
    handle = await openDatabase({ dataDir });
  }
  await migrateDatabase(handle.db, handle.kind);
  // Once, after migration 0063: the zone made from the defaults takes this environment's shipping values (decision 0364).
  await applyShippingEnvironment(handle.db, {
    countries: s.SHIPPING_COUNTRIES.split(","),
    flatRateCents: s.SHIPPING_FLAT_RATE_CENTS,
    freeThresholdCents: s.FREE_SHIPPING_THRESHOLD_CENTS,
  });
  return handle;
}
