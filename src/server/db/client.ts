import path from "node:path";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { settings } from "../env";
import { log } from "../log";
import { acquireDataDirLock } from "./data-dir-lock";
import { clientKeepingStatements } from "./prepared-statements";
import { CATALOG_CHANGES_CHANNEL, CATALOG_NOTIFY_SETTING, countCatalogChanges } from "./catalog-changes";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
// Services run their contended transactions through it (a deadlock is rolled back and run again).
export { retriedTransactions, withTransactionRetry } from "./transaction-retry";
type Handle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres"; dump?: () => Promise<Blob> };

/**
 * Opens a database: PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or in memory when
 * dataDir is "memory://"). Used directly by tests and scripts; the app goes through `getDb()`.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL only: statements each connection keeps parsed (./prepared-statements.ts); DATABASE_PREPARED_STATEMENTS by default. */
  preparedStatements?: number;
  /** PGlite only: start from this data folder (a `dumpDataDir` tarball) instead of a new cluster — tests' template. */
  loadDataDir?: Blob;
}): Promise<Handle> {
  if (options.databaseUrl) {
    const { Client, Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      Client: clientKeepingStatements(Client, options.preparedStatements ?? settings().DATABASE_PREPARED_STATEMENTS),
    });
    // An idle connection that the server closes (restart, failover, a dropped database) is reported here; without a
    // listener node-postgres would crash the whole process. The pool opens a fresh connection on the next query.
    pool.on("error", (error) => log.warn("db.idle_connection_lost", { code: (error as Error & { code?: string }).code, error: error.message }));
    // A connection cut while checked out (between two statements of a transaction) emits "error" on the client
    // itself, which the pool does not listen to then: the next statement fails, the transaction is lost in the
    // database, and the pool discards the client on release. Listening here keeps that from being an uncaught exception.
    pool.on("connect", (client) =>
      client.on("error", (error) => log.debug("db.connection_lost", { code: (error as Error & { code?: string }).code, error: error.message })),
    );
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = options.dataDir ?? "memory://";
  let dataDir: string | undefined;
  if (dir !== "memory://") {
    dataDir = path.resolve(dir, "pglite");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent }, loadDataDir: options.loadDataDir });
  const db = drizzle(client, { schema }) as unknown as Db;
  // The catalog's change feed announces itself here (one session, this process): readers skip their change check
  // while nothing was written (catalog-changes.ts, drizzle/0051).
  await client.exec(CATALOG_NOTIFY_SETTING);
  await client.listen(CATALOG_CHANGES_CHANNEL, countCatalogChanges(db));
  return { db, kind: "pglite", close: () => client.close(), dump: () => client.dumpDataDir("none") };
}

type GlobalWithDb = typeof globalThis & { __vitrinaDb?: Promise<Handle>; __vitrinaTestDb?: Db };
const holder = globalThis as GlobalWithDb;

/**
 * The process-wide database, opened lazily on first use (so `next build` never opens DATA_DIR). Kept on
 * globalThis because Next evaluates server modules more than once, and two PGlite instances on one folder
 * silently lose writes.
 */
export function getDatabaseHandle(): Promise<Handle> {
  holder.__vitrinaDb ??= (async () => {
    const s = settings();
    if (s.DATABASE_URL) return openDatabase({ databaseUrl: s.DATABASE_URL });
    acquireDataDirLock(path.resolve(s.DATA_DIR));
    return openDatabase({ dataDir: s.DATA_DIR });
  })().catch((error) => {
    holder.__vitrinaDb = undefined;
    throw error;
  });
  return holder.__vitrinaDb;
}

export async function getDb(): Promise<Db> {
  if (holder.__vitrinaTestDb) return holder.__vitrinaTestDb;
  return (await getDatabaseHandle()).db;
}

/** Tests of route handlers point `getDb()` at their own database (undefined restores the normal one). */
export function setDatabaseForTests(db: Db | undefined) {
  holder.__vitrinaTestDb = db;
}

/** True while a test database is injected: there is no Next.js incremental cache then, so reads skip it. */
export function isDatabaseOverriddenForTests(): boolean {
  return holder.__vitrinaTestDb !== undefined;
}
