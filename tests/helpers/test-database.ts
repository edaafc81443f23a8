import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe } from "vitest";
import { Client } from "pg";
import { openDatabase, setDatabaseForTests, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { pgliteTemplate, postgresTemplate } from "./test-database-template";

/** `url`: the PostgreSQL database's address, for a test that opens a second pool on it (another instance). */
export type TestDatabase = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void>; url?: string };

/**
 * A fresh, migrated database: in-memory PGlite, or a new throw-away database on the TEST_DATABASE_URL server. Both
 * start from a copy of one migrated template (./test-database-template.ts) instead of running every migration again.
 */
export async function createTestDatabase(kind: "pglite" | "postgres" = "pglite"): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({ loadDataDir: await pgliteTemplate() });
    // A no-op on the template's copy; it still runs so that a template older than the migrations cannot pass silently.
    await migrateDatabase(handle.db, "pglite");
    return { db: handle.db, kind, close: handle.close };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = await postgresTemplate(serverUrl);
  const name = `vitrina_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  await migrateDatabase(handle.db, "postgres");
  return {
    db: handle.db,
    kind,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The database kinds integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** Runs a suite once per database kind; `setup` gives each run its own fresh database. */
export function describeOnEachDatabase(name: string, suite: (kind: "pglite" | "postgres") => void) {
  for (const kind of databaseKinds) describe(`${name} [${kind}]`, () => suite(kind));
}

/**
 * A fresh database for the enclosing describe block: made before its tests and closed after them. Read `t.db`
 * inside the tests.
 */
export function withTestDatabase(kind: "pglite" | "postgres" = "pglite"): { readonly db: Db } {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get db() {
      return t!.db;
    },
  };
}

/** `withTestDatabase`, and the app's own code (getDb) uses it too while the block runs. */
export function withAppDatabase(kind: "pglite" | "postgres" = "pglite"): { readonly db: Db } {
  const t = withTestDatabase(kind);
  beforeAll(() => setDatabaseForTests(t.db));
  afterAll(() => setDatabaseForTests(undefined));
  return t;
}
