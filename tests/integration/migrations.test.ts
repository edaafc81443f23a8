import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { migrateDatabase } from "@/server/db/migrate";
import { queryRows } from "@/server/db/rows";

describeOnEachDatabase("migrations", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  it("creates every table of the schema", async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of ["products", "variants", "categories", "pages", "homepage_content", "footer_content", "profiles", "orders", "order_lines", "user", "session"]) {
      expect(tables).toContain(table);
    }
  });

  it("applies a second time without changes", async () => {
    await migrateDatabase(t.db, kind);
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it("enforces non-negative stock", async () => {
    await t.db.execute(sql`insert into products (id, title_en) values ('p_check', 'Check')`);
    await expect(
      t.db.execute(sql`insert into variants (id, product_id, title_en, price_cents, stock) values ('v_check', 'p_check', 'x', 100, -1)`),
    ).rejects.toThrow();
  });

  it("has the accent-insensitive search extensions", async () => {
    const rows = await queryRows<{ x: string }>(t.db, sql`select unaccent('Cinturón') as x`);
    expect(rows[0].x).toBe("Cinturon");
  });
});
