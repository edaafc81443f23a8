import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { buyAgain } from "@/features/orders/buy-again";
import { loadOrderPage } from "@/features/orders/order-page";
import { markShipped } from "@/features/orders/service";
import { parseTracking, saveShipment } from "@/features/tracking/service";
import { createCheckout } from "@/features/checkout/service";
import { payDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { products, variants } from "@/server/db/schema/catalog";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree } from "./checkout-fixtures";

describeOnEachDatabase("order page and buy again", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
  });
  afterAll(async () => t?.close());

  async function paidOrder(items: { variantId: string; quantity: number }[]) {
    const shopper = await insertUser(t.db);
    const checkout = await createCheckout(t.db, checkoutInput(shopper, items), demoProvider(), {});
    await payDemoSession(t.db, checkout.sessionId, shopper.id, { enqueueConfirmation: async () => {} });
    return { shopper, orderId: checkout.orderId };
  }

  it("shows the owner the status history with times, oldest first, the parcel and the invoice; anyone else gets nothing", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const { shopper, orderId } = await paidOrder([{ variantId, quantity: 2 }]);
    // Paid: the invoice is there, no parcel yet.
    const paid = await loadOrderPage(t.db, orderId, shopper.id);
    expect(paid?.shipment).toBeNull();
    expect(paid?.documents).toEqual({ invoice: expect.stringMatching(/^\d{4}-\d{6}$/), creditNotes: [] });

    const parcel = { carrier: "seur", trackingNumber: "SE123", trackingUrl: "" };
    await markShipped(t.db, orderId, { userId: null, kind: "admin" }, async (tx) => {
      await saveShipment(tx, orderId, parseTracking(parcel));
      return null;
    });
    const page = await loadOrderPage(t.db, orderId, shopper.id);
    expect(page?.order.lines.map((l) => l.quantity)).toEqual([2]);
    expect(page?.events.filter((e) => e.toStatus).map((e) => e.toStatus)).toEqual(["pending", "completed", "shipped"]);
    expect(page?.states).toEqual({ payment: "paid", fulfilment: "shipped" });
    expect(page?.shipment).toMatchObject({ carrier: "seur", trackingNumber: "SE123" });
    expect(page?.documents.invoice).toBe(paid?.documents.invoice);

    const stranger = await insertUser(t.db);
    expect(await loadOrderPage(t.db, orderId, stranger.id)).toBeNull();
    expect(await buyAgain(t.db, orderId, stranger.id, "en")).toBeNull();
  });

  it("buys again at today's prices, caps to stock and names what is no longer available", async () => {
    const kept = await insertProduct(t.db, { stock: 10, priceCents: 2000 });
    const scarce = await insertProduct(t.db, { stock: 10, priceCents: 1500 });
    const hidden = await insertProduct(t.db, { stock: 10 });
    const soldOut = await insertProduct(t.db, { stock: 10 });
    const { shopper, orderId } = await paidOrder([
      { variantId: kept.variantId, quantity: 1 },
      { variantId: scarce.variantId, quantity: 3 },
      { variantId: hidden.variantId, quantity: 1 },
      { variantId: soldOut.variantId, quantity: 1 },
    ]);
    // After the order: a new sale price, stock running low, one product hidden, one sold out.
    await t.db.update(variants).set({ salePriceCents: 1800 }).where(eq(variants.id, kept.variantId));
    await t.db.update(variants).set({ stock: 2 }).where(eq(variants.id, scarce.variantId));
    await t.db.update(products).set({ isHidden: true }).where(eq(products.id, hidden.productId));
    await t.db.update(variants).set({ stock: 0 }).where(eq(variants.id, soldOut.variantId));

    const result = await buyAgain(t.db, orderId, shopper.id, "es");
    // Lines keep the order's own order (checkout stores them by variant id).
    const byVariant = (a: { variantId: string }, b: { variantId: string }) => a.variantId.localeCompare(b.variantId);
    expect(result?.added.map((l) => ({ variantId: l.variantId, quantity: l.quantity, price: l.unitPriceCents, title: l.productTitle }))).toEqual(
      [
        { variantId: kept.variantId, quantity: 1, price: 1800, title: `Bolso de cuero ${kept.productId}` },
        { variantId: scarce.variantId, quantity: 2, price: 1500, title: `Bolso de cuero ${scarce.productId}` },
      ].sort(byVariant),
    );
    // Named as the order recorded them (the shopper ordered in English).
    expect(result?.unavailable.sort()).toEqual([`Leather Bag ${hidden.productId} (Black)`, `Leather Bag ${soldOut.productId} (Black)`].sort());
  });
});
