import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { countProducts, listProducts } from "@/features/catalog/service";
import { queryRows } from "@/server/db/rows";
import { insertCatalogFixtures } from "./catalog-fixtures";

/**
 * The store and category counts come from rows that triggers keep (drizzle/0003). Whatever SQL changes the catalog,
 * they must equal a count of what a shopper can see, defined here from the base columns as the storefront defines it.
 */
describeOnEachDatabase("catalog listing counts", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
    await t.db.execute(sql`INSERT INTO categories (id, slug, name_en) VALUES ('cat_bulk_bags', 'bulk-bags', 'Bags'), ('cat_bulk_sale', 'bulk-sale', 'Sale')`);
  });
  afterAll(() => t?.close());

  const visible = sql`p.deleted_at IS NULL AND p.is_hidden = false AND p.status = 'published'
    AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id)`;

  async function expectCountsRight() {
    const [store] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM products p WHERE ${visible}`);
    expect(await countProducts(t.db, {})).toBe(store.n);
    const categories = await queryRows<{ id: string; slug: string; n: number }>(
      t.db,
      sql`SELECT c.id, c.slug, (SELECT count(*)::int FROM products p JOIN product_categories pc ON pc.product_id = p.id
                                WHERE pc.category_id = c.id AND ${visible}) AS n
          FROM categories c ORDER BY c.id`,
    );
    for (const c of categories) {
      expect(await countProducts(t.db, { category: c.slug }), c.slug).toBe(c.n);
      expect(await countProducts(t.db, { category: c.id }), c.id).toBe(c.n);
    }
    const counts: Record<string, number> = { store: store.n };
    for (const c of categories) counts[c.slug] = c.n;
    return counts;
  }

  it("starts right on the fixtures", async () => {
    const counts = await expectCountsRight();
    expect(counts.store).toBe(4);
    expect((await listProducts(t.db, { locale: "en", category: "handbags" })).count).toBe(counts.handbags);
  });

  it("follows products written in bulk, with their variants and links", async () => {
    await t.db.execute(sql`INSERT INTO products (id, title_en, is_hidden) SELECT 'p_bulk_' || i, 'Bulk ' || i, i % 5 = 0 FROM generate_series(1, 20) i`);
    expect(await countProducts(t.db, {})).toBe(4); // no variant yet: not sellable
    await t.db.execute(sql`INSERT INTO variants (id, product_id, title_en, price_cents) SELECT 'v_bulk_' || i, 'p_bulk_' || i, 'One', 100 FROM generate_series(1, 20) i`);
    await t.db.execute(sql`INSERT INTO product_categories (product_id, category_id) SELECT 'p_bulk_' || i, 'cat_bulk_bags' FROM generate_series(1, 20) i`);
    await t.db.execute(sql`INSERT INTO product_categories (product_id, category_id) SELECT 'p_bulk_' || i, 'cat_bulk_sale' FROM generate_series(1, 20, 2) i`);
    const counts = await expectCountsRight();
    expect(counts).toMatchObject({ store: 20, "bulk-bags": 16, "bulk-sale": 8 });
  });

  it("follows hiding, drafting, soft and hard deletion, and losing or moving the last variant", async () => {
    await t.db.execute(sql`UPDATE products SET is_hidden = true WHERE id IN ('p_bulk_1', 'p_bulk_2')`);
    await t.db.execute(sql`UPDATE products SET status = 'draft' WHERE id = 'p_bulk_3'`);
    await t.db.execute(sql`UPDATE products SET deleted_at = now() WHERE id = 'p_bulk_4'`);
    await t.db.execute(sql`DELETE FROM products WHERE id IN ('p_bulk_6', 'p_bulk_7')`);
    await t.db.execute(sql`DELETE FROM variants WHERE product_id = 'p_bulk_8'`);
    await t.db.execute(sql`UPDATE variants SET product_id = 'p_bulk_9' WHERE product_id = 'p_bulk_11'`);
    expect(await expectCountsRight()).toMatchObject({ store: 12, "bulk-bags": 8, "bulk-sale": 4 });
    await t.db.execute(sql`UPDATE products SET is_hidden = false WHERE id = 'p_bulk_1'`);
    await t.db.execute(sql`INSERT INTO variants (id, product_id, title_en, price_cents) VALUES ('v_back', 'p_bulk_8', 'Back', 100)`);
    expect(await expectCountsRight()).toMatchObject({ store: 14, "bulk-bags": 10, "bulk-sale": 5 });
  });

  it("follows links removed, re-added and moved, and categories deleted", async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM product_categories WHERE product_id = 'p_bulk_13'`);
      await tx.execute(sql`INSERT INTO product_categories (product_id, category_id) VALUES ('p_bulk_13', 'cat_bulk_sale')`);
    });
    await t.db.execute(sql`UPDATE product_categories SET product_id = 'p_tote' WHERE product_id = 'p_bulk_14' AND category_id = 'cat_bulk_bags'`);
    await expectCountsRight();
    await t.db.execute(sql`DELETE FROM categories WHERE id = 'cat_bulk_sale'`);
    await expectCountsRight();
  });

  it("starts again from nothing after TRUNCATE", async () => {
    await t.db.execute(sql`TRUNCATE products CASCADE`);
    expect(await expectCountsRight()).toMatchObject({ store: 0, "bulk-bags": 0 });
  });
});
