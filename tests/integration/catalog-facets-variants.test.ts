import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { productOptionValues, productOptions, products, variantOptionValues, variants } from "@/server/db/schema/catalog";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutInput, demoProvider, insertProduct, insertUser } from "./checkout-fixtures";
import { actor, recordingProvider, shippedOrder } from "./fulfilment-fixtures";
import { listFacets, listFilteredProducts, type ListingScope } from "@/features/catalog/facet-service";
import { pollFacetIndex } from "@/features/catalog/facet-index";
import type { ListingFilters } from "@/features/catalog/listing-params";
import { loadProductForAdmin, updateProduct } from "@/features/catalog/product-admin-service";
import { cancelOrderAsAdmin } from "@/features/orders/admin-service";
import { cancelPendingOrder, createCheckout } from "@/features/checkout/service";
import { approveReturn, receiveAndRefundReturn, requestReturn } from "@/features/returns/service";
import { payDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { queryRows } from "@/server/db/rows";
import { sql } from "drizzle-orm";

/**
 * docs/product.md#filters-and-sort: a product matches a set of filters when ONE of its variants meets them all, and
 * the counts follow stock as checkouts, cancels, admin edits and returns move it.
 */

const store: ListingScope = { kind: "store" };

type Spec = { id: string; size: string; colour: string; price: number; sale?: number; stock: number };

/** A product with Size and Colour options, one value of each per variant. */
async function insertRunner(db: Db, id: string, specs: Spec[]) {
  await db.insert(products).values({ id, titleEn: `Runner ${id}`, titleEs: `Zapatilla ${id}` });
  await db.insert(productOptions).values([
    { id: `${id}_size`, productId: id, titleEn: "Size", titleEs: "Talla", sortOrder: 0 },
    { id: `${id}_colour`, productId: id, titleEn: "Colour", titleEs: "Color", sortOrder: 1 },
  ]);
  for (const [i, v] of specs.entries()) {
    await db.insert(variants).values({ id: v.id, productId: id, titleEn: `${v.size} ${v.colour}`, priceCents: v.price, salePriceCents: v.sale ?? null, currency: "EUR", manageInventory: true, stock: v.stock, sortOrder: i });
    await db.insert(productOptionValues).values([
      { id: `${v.id}_s`, optionId: `${id}_size`, valueEn: v.size, valueEs: v.size, sortOrder: i },
      { id: `${v.id}_c`, optionId: `${id}_colour`, valueEn: v.colour, valueEs: v.colour === "Black" ? "Negro" : "Blanco", sortOrder: i },
    ]);
    await db.insert(variantOptionValues).values([
      { variantId: v.id, optionValueId: `${v.id}_s` },
      { variantId: v.id, optionValueId: `${v.id}_c` },
    ]);
  }
}

/** Units sold as kept in product_facet_stats, and as recounted from the paid orders' lines. */
async function soldOf(db: Db, productId: string) {
  const rows = await queryRows<{ kept: number; recount: number }>(
    db,
    sql`SELECT (SELECT sold FROM product_facet_stats WHERE product_id = ${productId}) AS kept,
               (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l JOIN orders o ON o.id = l.order_id
                WHERE l.product_id = ${productId} AND o.status IN ('completed', 'shipped')) AS recount`,
  );
  return rows[0];
}

describeOnEachDatabase("filters met by one variant, counts that follow stock", (kind) => {
  let t: TestDatabase;
  const ids = async (filters: ListingFilters) => (await listFilteredProducts(t.db, { scope: store, filters, locale: "en" })).products.map((p) => p.id);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // Size 42 exists only in black and sold out; size 43 only in white, in stock, 120 € on sale at 95 €.
    await insertRunner(t.db, "p_runner", [
      { id: "v_42_black", size: "42", colour: "Black", price: 8000, stock: 0 },
      { id: "v_43_white", size: "43", colour: "White", price: 12000, sale: 9500, stock: 5 },
    ]);
    // Both sizes in stock, in black.
    await insertRunner(t.db, "p_trainer", [
      { id: "v_t42", size: "42", colour: "Black", price: 15000, stock: 2 },
      { id: "v_t43", size: "43", colour: "Black", price: 15000, stock: 2 },
    ]);
  });
  afterAll(() => t?.close());

  it("size 42 + in stock needs a size-42 variant in stock; size + colour and size + price likewise", async () => {
    expect(await ids({ options: { size: ["42"] }, inStock: true })).toEqual(["p_trainer"]);
    expect(await ids({ options: { size: ["43"] }, inStock: true })).toEqual(["p_runner", "p_trainer"]);
    expect(await ids({ options: { size: ["42"], colour: ["white"] } })).toEqual([]);
    expect(await ids({ options: { size: ["43"], colour: ["white"] } })).toEqual(["p_runner"]);
    // The runner's size 43 costs 95 € (its sale price); its size 42 costs 80 € but is not the one chosen.
    expect(await ids({ options: { size: ["43"] }, priceMin: 5000, priceMax: 9999 })).toEqual(["p_runner"]);
    expect(await ids({ options: { size: ["42"] }, priceMin: 10000, priceMax: 19999 })).toEqual(["p_trainer"]);
    expect(await ids({ options: { size: ["42"] }, onSale: true })).toEqual([]);
  });

  it("counts each value by the variants that meet the other filters", async () => {
    const facets = await listFacets(t.db, { scope: store, filters: { options: { size: ["42"] } }, locale: "es" });
    // Size 42: the runner's is black and sold out, the trainer's black and in stock.
    expect(facets.inStock.count).toBe(1);
    expect(facets.onSale.count).toBe(0);
    expect(facets.options.find((o) => o.key === "colour")?.values).toEqual([{ key: "black", label: "Negro", count: 2, selected: false }]);
    // Its own option is left out: 43 would show both products.
    expect(facets.options.find((o) => o.key === "size")?.values.map((v) => [v.key, v.count, v.selected])).toEqual([
      ["42", 2, true],
      ["43", 2, false],
    ]);
    // 50–99 €: the runner's 42 (80 €) and 43 (95 €) are one product; the trainer is 150 €.
    expect(facets.prices.map((p) => p.count)).toEqual([0, 1, 1, 0, 0]);
  });

  it("a checkout taking the last unit, its cancel, an admin edit and a received return each show in the next counts", async () => {
    const { db } = t;
    const inStock = async () => (await listFacets(db, { scope: store, filters: { options: {}, inStock: true }, locale: "en" })).inStock.count;
    const bag = await insertProduct(db, { stock: 1 });
    expect(await pollFacetIndex(db)).toBe(true);
    const before = await inStock();
    // A sale takes the last unit: the product leaves "in stock".
    const shopper = await insertUser(db);
    const checkout = await createCheckout(db, checkoutInput(shopper, [{ variantId: bag.variantId, quantity: 1 }]), demoProvider());
    expect(await pollFacetIndex(db)).toBe(true);
    expect(await inStock()).toBe(before - 1);
    expect(await ids({ options: {}, inStock: true })).not.toContain(bag.productId);
    // Cancelled: the unit is back.
    await cancelPendingOrder(db, checkout.orderId, { userId: shopper.id });
    expect(await pollFacetIndex(db)).toBe(true);
    expect(await inStock()).toBe(before);
    // Nothing moved: nothing to expire.
    expect(await pollFacetIndex(db)).toBe(false);
    // An admin sets the stock to 0.
    const form = (await loadProductForAdmin(db, bag.productId, "EUR"))!;
    await updateProduct(db, actor, bag.productId, { ...form.input, variants: [{ ...form.input.variants[0], stock: 0 }] }, "EUR");
    expect(await pollFacetIndex(db)).toBe(true);
    expect(await inStock()).toBe(before - 1);
    // A return of a sold-out product, received: back in stock.
    const { shopper: buyer, order, lines, variantB } = await shippedOrder(db);
    expect(await pollFacetIndex(db)).toBe(true);
    const withSoldOut = await inStock();
    const created = await requestReturn(db, buyer.id, { orderId: order.id, reason: "Too big", lines: [{ orderLineId: lines[1].id, quantity: 1 }] });
    await approveReturn(db, actor, created.id);
    await receiveAndRefundReturn(db, actor, created.id, () => recordingProvider().provider);
    expect(await pollFacetIndex(db)).toBe(true);
    expect(await inStock()).toBe(withSoldOut + 1);
    expect(variantB).toBeTruthy();
  });

  // Decision 0190: a stock change refreshes its product's filter rows only when "can it be bought" flips.
  it("units taken and paid that leave stock change no filter row; the last unit does, and units sold match a recount", async () => {
    const { db } = t;
    const inStock = async () => (await listFacets(db, { scope: store, filters: { options: {}, inStock: true }, locale: "en" })).inStock.count;
    const tote = await insertProduct(db, { stock: 3 });
    await pollFacetIndex(db);
    const before = await inStock();
    const shopper = await insertUser(db);

    // One of three units, then paid: still in stock, the index has nothing new, and sold follows the payment.
    const first = await createCheckout(db, checkoutInput(shopper, [{ variantId: tote.variantId, quantity: 1 }]), demoProvider());
    await payDemoSession(db, first.sessionId, shopper.id);
    expect(await pollFacetIndex(db)).toBe(false);
    expect(await inStock()).toBe(before);
    expect(await ids({ options: {}, inStock: true })).toContain(tote.productId);
    expect(await soldOf(db, tote.productId)).toEqual({ kept: 1, recount: 1 });

    // The last two: the product leaves "in stock"; paid, sold is 3 by both counts.
    const last = await createCheckout(db, checkoutInput(shopper, [{ variantId: tote.variantId, quantity: 2 }]), demoProvider());
    expect(await pollFacetIndex(db)).toBe(true);
    expect(await inStock()).toBe(before - 1);
    expect(await ids({ options: {}, inStock: true })).not.toContain(tote.productId);
    await payDemoSession(db, last.sessionId, shopper.id);
    expect(await soldOf(db, tote.productId)).toEqual({ kept: 3, recount: 3 });

    // An admin restocks (0 → 5): back in stock; 5 → 4 by an admin moves nothing again.
    const form = (await loadProductForAdmin(db, tote.productId, "EUR"))!;
    await updateProduct(db, actor, tote.productId, { ...form.input, variants: [{ ...form.input.variants[0], stock: 5 }] }, "EUR");
    expect(await pollFacetIndex(db)).toBe(true);
    expect(await inStock()).toBe(before);
    const again = (await loadProductForAdmin(db, tote.productId, "EUR"))!;
    await updateProduct(db, actor, tote.productId, { ...again.input, variants: [{ ...again.input.variants[0], stock: 4 }] }, "EUR");
    expect(await pollFacetIndex(db)).toBe(false);
    expect(await inStock()).toBe(before);
    expect(await soldOf(db, tote.productId)).toEqual({ kept: 3, recount: 3 });
  });

  // Decision 0260: units sold are added at commit (a deferred trigger). A paid order cancelled with its stock given
  // back from 0 refreshes the product in the same transaction; the order is taken off once, not twice.
  it("a paid order cancelled with its last units given back counts off once", async () => {
    const { db } = t;
    const bag = await insertProduct(db, { stock: 3 });
    const shopper = await insertUser(db);
    const some = await createCheckout(db, checkoutInput(shopper, [{ variantId: bag.variantId, quantity: 1 }]), demoProvider());
    await payDemoSession(db, some.sessionId, shopper.id);
    const rest = await createCheckout(db, checkoutInput(shopper, [{ variantId: bag.variantId, quantity: 2 }]), demoProvider());
    await payDemoSession(db, rest.sessionId, shopper.id);
    expect(await soldOf(db, bag.productId)).toEqual({ kept: 3, recount: 3 });

    await cancelOrderAsAdmin(db, actor, rest.orderId, () => recordingProvider().provider);
    // The stock came back from 0: the product is in stock again, and sold dropped by the order's 2 units only.
    await pollFacetIndex(db);
    expect(await ids({ options: {}, inStock: true })).toContain(bag.productId);
    expect(await soldOf(db, bag.productId)).toEqual({ kept: 1, recount: 1 });
  });
});
