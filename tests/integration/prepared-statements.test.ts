import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { openDatabase } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { PgDialect } from "drizzle-orm/pg-core";
import { namedStatement, planEachCall } from "@/server/db/prepared-statements";
import { searchWhereSql } from "@/features/catalog/search-sql";

/*
 * Statements kept parsed on each PostgreSQL connection (src/server/db/prepared-statements.ts): the same text gets the
 * same name, a connection keeps at most its limit, statements without parameters stay simple queries, and 0 keeps none.
 */
describe("naming a statement", () => {
  it("names statements with parameters by their text, up to the limit; leaves the rest as they were", () => {
    const names = new Set<string>();
    const a = namedStatement({ text: "select $1::int" }, [1], names, 2) as { name: string };
    expect(a.name).toMatch(/^v_[A-Za-z0-9_-]{32}$/);
    expect((namedStatement({ text: "select $1::int", values: [2] }, undefined, names, 2) as { name: string }).name).toBe(a.name);
    const b = namedStatement({ text: "select $1::text" }, ["x"], names, 2) as { name: string };
    expect(b.name).not.toBe(a.name);
    expect(namedStatement({ text: "select $1::bigint" }, [1], names, 2)).toEqual({ text: "select $1::bigint" });
    expect(namedStatement({ text: "select 1; select 2" }, [], names, 2)).toEqual({ text: "select 1; select 2" });
    expect(namedStatement({ text: "select $1::int", name: "mine" }, [1], names, 2)).toEqual({ text: "select $1::int", name: "mine" });
    expect(namedStatement("select 1", undefined, names, 2)).toBe("select 1");
  });

  it("never names a statement that asks to be planned for each call, such as every search of the catalog", () => {
    const search = new PgDialect().sqlToQuery(sql`select p.id from products p where ${searchWhereSql(["cognac", "tote"], "en")}`);
    expect(search.params.length).toBeGreaterThan(0);
    expect(namedStatement({ text: search.sql }, search.params, new Set(), 10)).toEqual({ text: search.sql });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("statements kept on a PostgreSQL connection [postgres]", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("postgres");
  });
  afterAll(() => t?.close());
  // One connection, so that pg_prepared_statements (per session) shows what this pool's connection holds.
  const kept = async (limit: number, run: (db: TestDatabase["db"]) => Promise<void>) => {
    const handle = await openDatabase({ databaseUrl: t.url, poolSize: 1, preparedStatements: limit });
    try {
      await run(handle.db);
      return (await queryRows<{ statement: string }>(handle.db, sql`select statement from pg_prepared_statements order by statement`)).map((r) => r.statement);
    } finally {
      await handle.close();
    }
  };

  it("parses a statement once per connection and answers as before; keeps no more than the limit", async () => {
    const answers: unknown[] = [];
    const statements = await kept(2, async (db) => {
      for (const n of [1, 2, 3]) answers.push(...(await queryRows(db, sql`select ${n}::int + 1 as next`)));
      answers.push(...(await queryRows(db, sql`select upper(${"es"}) as code`)));
      answers.push(...(await queryRows(db, sql`select lower(${"EN"}) as code`)));
    });
    expect(answers).toEqual([{ next: 2 }, { next: 3 }, { next: 4 }, { code: "ES" }, { code: "en" }]);
    expect(statements).toEqual(["select $1::int + 1 as next", "select upper($1) as code"]);
  });

  it("a statement PostgreSQL refuses leaves the connection usable, and the same statement fixed is kept", async () => {
    const statements = await kept(5, async (db) => {
      await expect(queryRows(db, sql`select ${1}::int + nope`)).rejects.toThrow(/nope/);
      expect(await queryRows(db, sql`select ${1}::int + 1 as next`)).toEqual([{ next: 2 }]);
    });
    expect(statements).toEqual(["select $1::int + 1 as next"]);
  });

  it("keeps no statement that asks to be planned for each call", async () => {
    expect(await kept(5, async (db) => void (await queryRows(db, sql`select ${planEachCall} ${1}::int + 1 as next`)))).toEqual([]);
  });

  it("keeps none with a limit of 0 (a pooler that cannot hold them)", async () => {
    expect(await kept(0, async (db) => void (await queryRows(db, sql`select ${1}::int + 1 as next`)))).toEqual([]);
  });
});
