import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderLines, orders } from "@/server/db/schema/orders";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { insertCatalogFixtures } from "./catalog-fixtures";
import { insertUser } from "./checkout-fixtures";
import { listFilteredProducts, type FilteredListInput, type ListingScope } from "@/features/catalog/facet-service";

/**
 * docs/product.md#filters-and-sort: Bestselling sorts by units in completed and shipped orders, ties in catalog order
 * (p_tote, p_watch, p_belt, p_strap); the unfiltered listing, a filtered one and pages of both agree.
 */

const store: ListingScope = { kind: "store" };
const ids = (r: { products: Array<{ id: string }> }) => r.products.map((p) => p.id);

describeOnEachDatabase("bestselling and the other sorts of filtered listings", (kind) => {
  let t: TestDatabase;
  const list = async (input: Partial<FilteredListInput>) =>
    ids(await listFilteredProducts(t.db, { locale: "en", scope: store, filters: { options: {} }, ...input }));

  /** An order of `lines` (product, variant, units) that then moves to `status` (the change the facet trigger follows). */
  async function order(status: "completed" | "shipped" | "cancelled", lines: Array<[string, string, number]>) {
    const shopper = await insertUser(t.db);
    const [row] = await t.db
      .insert(orders)
      .values({ userId: shopper.id, email: shopper.email, locale: "en", status: "pending", currency: "EUR", subtotalCents: 0, shippingCents: 0, totalCents: 0 })
      .returning();
    await t.db.insert(orderLines).values(
      lines.map(([productId, variantId, quantity]) => ({ orderId: row.id, productId, variantId, productTitle: productId, variantTitle: variantId, quantity, unitPriceCents: 100, currency: "EUR" })),
    );
    await t.db.update(orders).set({ status }).where(eq(orders.id, row.id));
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
    // Belt and strap tie at 3 units (catalog order: belt first), the watch sold 1, the tote nothing it kept.
    await order("completed", [["p_belt", "v_belt_wide", 2], ["p_strap", "v_strap", 3]]);
    await order("shipped", [["p_belt", "v_belt_thin", 1], ["p_watch", "v_watch", 1]]);
    await order("cancelled", [["p_tote", "v_tote_black", 9]]);
  });
  afterAll(() => t?.close());

  it("puts the products that sold first, by units, and the rest in catalog order", async () => {
    expect(await list({ sort: "bestselling" })).toEqual(["p_belt", "p_strap", "p_watch", "p_tote"]);
    expect(await list({ sort: "bestselling", offset: 1, limit: 2 })).toEqual(["p_strap", "p_watch"]);
    expect(await list({ sort: "bestselling", offset: 3, limit: 2 })).toEqual(["p_tote"]);
  });

  it("keeps that order under filters, in a category and in a search", async () => {
    // The strap cannot be bought, so "in stock" leaves it out.
    const inStock = { options: {}, inStock: true };
    expect(await list({ sort: "bestselling", filters: inStock })).toEqual(["p_belt", "p_watch", "p_tote"]);
    expect(await list({ sort: "bestselling", filters: inStock, offset: 2, limit: 1 })).toEqual(["p_tote"]);
    expect(await list({ sort: "bestselling", scope: { kind: "category", slug: "handbags" }, filters: { options: {} } })).toEqual(
      await list({ scope: { kind: "category", slug: "handbags" }, filters: { options: {} } }),
    );
    expect(await list({ locale: "es", sort: "bestselling", scope: { kind: "search", query: "reloj" }, filters: inStock })).toEqual(["p_watch"]);
  });

  it("sorts filtered pages by catalog order, newest and price like the unfiltered listing", async () => {
    const price = { options: {}, priceMin: 0, priceMax: 1_000_000 };
    for (const sort of [undefined, "newest", "price_asc", "price_desc"] as const) {
      const all = await list({ sort });
      expect(await list({ sort, filters: price })).toEqual(all);
      expect(await list({ sort, filters: price, offset: 1, limit: 2 })).toEqual(all.slice(1, 3));
    }
  });
});
