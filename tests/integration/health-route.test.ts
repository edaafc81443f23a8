import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { GET } from "@/app/api/health/route";
import { openDatabase, setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests } from "@/server/env";
import { setLogSinkForTests } from "@/server/log";

const root = path.resolve(import.meta.dirname, "../..");
const journal = JSON.parse(readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
const lastTag = journal.entries.at(-1)!.tag;
const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;

async function health() {
  const response = await GET();
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
}

describeOnEachDatabase("GET /api/health", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("answers 200 ok, uncached, when the database answers and every shipped migration is applied", async () => {
    expect(await health()).toEqual({
      status: 200,
      cache: "no-store, max-age=0",
      body: { status: "ok", database: "ok", migrations: "current", version },
    });
  });

  it("answers 503 naming the migration the database lacks", async () => {
    // Forget the newest migration, as on a database an older release migrated.
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const lines: string[] = [];
    setLogSinkForTests((_level, line) => lines.push(line));
    try {
      expect(await health()).toEqual({
        status: 503,
        cache: "no-store, max-age=0",
        body: { status: "error", database: "ok", migrations: "pending", pending: [lastTag], version },
      });
    } finally {
      setLogSinkForTests(undefined);
    }
    const logged = lines.map((l) => JSON.parse(l));
    expect(logged).toEqual([expect.objectContaining({ level: "error", msg: "health.failed", migrations: "pending", requestId: expect.any(String) })]);
  });
});

describe("GET /api/health without a usable database", () => {
  afterEach(() => {
    setDatabaseForTests(undefined);
    delete process.env.DATABASE_URL;
    resetSettingsForTests();
  });

  it("answers 503 with every migration pending on a database that was never migrated", async () => {
    const fresh = await openDatabase({});
    setDatabaseForTests(fresh.db);
    try {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: "error", database: "ok", migrations: "pending" });
      expect(body.pending).toEqual(journal.entries.map((e) => e.tag));
    } finally {
      await fresh.close();
    }
  });

  it("answers 503 'unreachable' when PostgreSQL does not answer, without leaking the driver's error", async () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/vitrina";
    resetSettingsForTests();
    const lines: string[] = [];
    setLogSinkForTests((_level, line) => lines.push(line));
    try {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body).toEqual({ status: "error", database: "unreachable", migrations: "unknown", version });
      expect(JSON.stringify(body)).not.toContain("ECONNREFUSED");
      // …but the log line keeps the cause for the operator.
      expect(lines.join("\n")).toContain("ECONNREFUSED");
    } finally {
      setLogSinkForTests(undefined);
    }
  });
});
