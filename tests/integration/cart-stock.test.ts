import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { cartLineStocks } from "@/features/catalog/storefront-service";
import { cappedQuantity } from "@/features/cart/line-stock";
import { insertCatalogFixtures } from "./catalog-fixtures";

describeOnEachDatabase("cart stock (the add and quantity entry points' answer)", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
  });
  afterAll(() => t?.close());

  it("answers the units left of tracked variants, none for untracked, and not buyable for hidden, not-for-sale or gone ones", async () => {
    const stocks = await cartLineStocks(t.db, ["v_tote_black", "v_tote_brown", "v_belt_wide", "v_strap", "v_hidden", "v_deleted", "v_nope"]);
    expect(stocks).toEqual({
      v_tote_black: { buyable: true, available: 5 },
      v_tote_brown: { buyable: true, available: 0 },
      v_belt_wide: { buyable: true, available: null },
      v_strap: { buyable: false, available: null },
      v_hidden: { buyable: false, available: null },
      v_deleted: { buyable: false, available: null },
      v_nope: { buyable: false, available: 0 },
    });
  });

  it("holds a wanted quantity to what is left: 7 of 5 → 5, sold out → 0, gone → 0, untracked → as asked", async () => {
    const stocks = await cartLineStocks(t.db, ["v_tote_black", "v_tote_brown", "v_belt_wide", "v_hidden"]);
    expect(cappedQuantity(7, stocks.v_tote_black)).toBe(5);
    expect(cappedQuantity(3, stocks.v_tote_black)).toBe(3);
    expect(cappedQuantity(2, stocks.v_tote_brown)).toBe(0);
    expect(cappedQuantity(2, stocks.v_hidden)).toBe(0);
    expect(cappedQuantity(40, stocks.v_belt_wide)).toBe(40);
  });
});
