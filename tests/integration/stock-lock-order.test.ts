import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/server/db/rows";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { cancelPendingOrder, expireStaleOrders } from "@/features/orders/order-release";
import { confirmPayment } from "@/features/orders/service";
import { retriedTransactions } from "@/server/db/client";
import { productOptions, productOptionValues, variantOptionValues } from "@/server/db/schema/catalog";
import { checkoutInput, demoProvider, insertProduct, insertUser, stockOf } from "./checkout-fixtures";
import { expectLedgerAddsUp, lastLedgerId, stockByVariant } from "./stock-ledger-fixtures";

/*
 * The soak's deadlocks (docs/operations.md#soak): checkouts whose carts name the same variants in opposite orders,
 * replacing their earlier order of the same cart (its stock given back in the same transaction), while payments
 * complete other orders and the sweep expires more — on products sharing an option value ("Size: 42"), whose filter
 * label row every stock change used to lock. None may fail. The retry net (src/server/db/transaction-retry.ts) may
 * catch a rare deadlock (0 to 2 per run here after the fix; the soak hit hundreds before it). The stock ledger's
 * entries of all that must still chain and add up to the stock.
 */
describeOnEachDatabase("stock lock order", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  async function productWithSize42(stock: number) {
    const { productId, variantId } = await insertProduct(t.db, { stock, priceCents: 1000 });
    const optionId = `opt_${variantId}`;
    await t.db.insert(productOptions).values({ id: optionId, productId, titleEn: "Size", titleEs: "Talla" });
    await t.db.insert(productOptionValues).values({ id: `val_${variantId}`, optionId, valueEn: "42", valueEs: "42" });
    await t.db.insert(variantOptionValues).values({ variantId, optionValueId: `val_${variantId}` });
    return variantId;
  }

  it("runs opposite-order carts, replacements, payments and expiries at once without an error", { timeout: 120_000 }, async () => {
    const [a, b, c] = [await productWithSize42(1000), await productWithSize42(1000), await productWithSize42(1000)];
    const carts = [[a, b], [b, a], [c, a], [a, c], [b, c], [c, b], [a], [b], [c], [c, b, a]];
    const shoppers = await Promise.all(carts.map(() => insertUser(t.db)));
    const checkout = (i: number) => createCheckout(t.db, checkoutInput(shoppers[i], carts[i].map((variantId) => ({ variantId, quantity: 1 }))), demoProvider());
    const retriesBefore = retriedTransactions();
    const [start, afterId] = [await stockByVariant(t.db), await lastLedgerId(t.db)];

    // Each shopper's first order; half of them are left to expire (reservation already over).
    const first = await Promise.all(carts.map((_, i) => checkout(i)));
    for (const [i, r] of first.entries()) if (i % 2 === 0) await t.db.execute(sql`update orders set reserved_until = now() - interval '1 minute' where id = ${r.orderId}`);

    const pay = (r: (typeof first)[number]) =>
      confirmPayment(t.db, { provider: "demo", eventId: `evt_${r.sessionId}`, sessionId: r.sessionId, amountCents: r.totalCents, currency: r.currency });
    for (let round = 0; round < 3; round++) {
      const again = carts.map((_, i) => checkout(i)); // the same cart again: the earlier order is replaced
      const others = [expireStaleOrders(t.db), cancelPendingOrder(t.db, first[1].orderId, shoppers[1].id), pay(first[3])];
      const results = await Promise.allSettled([...again, ...others]);
      expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const orders = (results.slice(0, carts.length) as PromiseFulfilledResult<(typeof first)[number]>[]).map((r) => r.value);
      // Pay some of the new orders while the next round's checkouts run.
      await Promise.all([pay(orders[5]), pay(orders[6])]);
    }
    // A deadlock still caught by the net is rare and has a known residue (transaction-retry.ts); many would be the bug back.
    expect(retriedTransactions() - retriesBefore).toBeLessThanOrEqual(2);

    // Every unit is either on a live order or back on the shelf.
    const held = new Map<string, number>();
    const rows = await queryRows<{ variant_id: string; q: number }>(
      t.db,
      sql`select l.variant_id, sum(l.quantity)::int as q from order_lines l join orders o on o.id = l.order_id where o.status in ('pending', 'completed') and o.stock_released = false group by 1`,
    );
    for (const row of rows) held.set(row.variant_id, row.q);
    for (const v of [a, b, c]) expect((await stockOf(t.db, v)) + (held.get(v) ?? 0)).toBe(1000);
    // And the stock ledger, written by those racing transactions, adds up entry after entry (decision 0350).
    await expectLedgerAddsUp(t.db, start, afterId);
  });
});
