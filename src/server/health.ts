import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./db/client";
import { migrationsFolder } from "./db/migrate";
import { queryRows } from "./db/rows";

export type HealthReport = {
  status: "ok" | "error";
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  /** Tags of the migrations this build ships that the database has not applied (e.g. "0003_reviews"). */
  pending?: string[];
  version: string;
};

let cachedVersion: string | undefined;

/** The shop's version from package.json, read once (the file ships with every install and image). */
export function appVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
    cachedVersion = pkg.version ?? "unknown";
  } catch {
    cachedVersion = "unknown";
  }
  return cachedVersion;
}

type ShippedMigration = { tag: string; hash: string };
let shipped: ShippedMigration[] | undefined;

/** The migrations of this build: drizzle/meta/_journal.json in order, with the hash drizzle records once applied. */
function shippedMigrations(folder: string): ShippedMigration[] {
  if (folder === migrationsFolder && shipped) return shipped;
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const files = readMigrationFiles({ migrationsFolder: folder });
  const list = journal.entries.map((entry, i) => ({ tag: entry.tag, hash: files[i].hash }));
  if (folder === migrationsFolder) shipped = list;
  return list;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * What a load balancer or an orchestrator needs to know: does the database answer, and has every migration this
 * build ships been applied (an instance started on an unmigrated database would fail on its first query)?
 * Migrations are compared by the hash drizzle stores, so a renamed or edited migration also shows as pending.
 * `error` carries the cause for the log, never for the public answer.
 */
export async function checkHealth(
  db: () => Promise<Db>,
  options: { folder?: string; timeoutMs?: number } = {},
): Promise<{ report: HealthReport; error?: unknown }> {
  const version = appVersion();
  const timeoutMs = options.timeoutMs ?? 5000;
  let applied: Set<string>;
  try {
    const handle = await withTimeout(db(), timeoutMs);
    await withTimeout(handle.execute(sql`select 1`), timeoutMs);
    // to_regclass is null when drizzle never ran here: then nothing is applied, which is not an outage.
    const [{ present }] = await queryRows<{ present: boolean }>(
      handle,
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    );
    const rows = present ? await queryRows<{ hash: string }>(handle, sql`select hash from drizzle.__drizzle_migrations`) : [];
    applied = new Set(rows.map((r) => r.hash));
  } catch (error) {
    return { report: { status: "error", database: "unreachable", migrations: "unknown", version }, error };
  }
  let expected: ShippedMigration[];
  try {
    expected = shippedMigrations(options.folder ?? migrationsFolder);
  } catch (error) {
    return { report: { status: "error", database: "ok", migrations: "unknown", version }, error };
  }
  const pending = expected.filter((m) => !applied.has(m.hash)).map((m) => m.tag);
  if (pending.length > 0) return { report: { status: "error", database: "ok", migrations: "pending", pending, version } };
  return { report: { status: "ok", database: "ok", migrations: "current", version } };
}
