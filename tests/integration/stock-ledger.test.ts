import { afterAll, beforeAll, expect, it } from "vitest";
import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { orderLines, orders as ordersTable } from "@/server/db/schema/orders";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree, refusal, stockOf } from "./checkout-fixtures";
import { expectLedgerAddsUp, lastLedgerId, stockByVariant } from "./stock-ledger-fixtures";
import { cancelPendingOrder, createCheckout, expireStaleOrders } from "@/features/checkout/service";
import { CheckoutError } from "@/features/checkout/errors";
import { cancelOrder, confirmPayment, markShipped } from "@/features/orders/service";
import { approveReturn, receiveReturn, requestReturn } from "@/features/returns/service";
import { ReturnError } from "@/features/returns/errors";
import { createProduct, loadProductForAdmin, updateProduct } from "@/features/catalog/product-admin-service";
import type { ProductInput } from "@/features/catalog/product-admin-schemas";
import { CatalogError } from "@/features/catalog/errors";
import { parseCatalogCsv } from "@/features/catalog-csv/parse";
import { planImport } from "@/features/catalog-csv/import-plan";
import { applyImport } from "@/features/catalog-csv/import-apply";
import { loadStockHistory } from "@/features/inventory/stock-history";
import { seeded } from "../helpers/seeded-random";

/*
 * The stock ledger (docs/product.md#stock-history, decision 0350): every change of stock — checkout, cancellation,
 * expiry, received return, the product editor, a catalog import — is recorded where it happens, through the real
 * services, and the stock always equals where it started plus the ledger.
 */

const generous = { maxPendingOrders: 50, maxHeldUnits: 10_000, rate: { account: 10_000, client: 10_000, windowSeconds: 600 } };

let seq = 0;
function product(stocks: number[]): ProductInput {
  seq++;
  return {
    titleEn: `Ledger Tote ${seq}`,
    titleEs: `Bolso ${seq}`,
    images: [],
    variants: stocks.map((stock, i) => ({ titleEn: `V${i}`, titleEs: `V${i}`, sku: `LEDGER-${process.pid}-${seq}-${i}`, priceCents: 4900, manageInventory: true, stock })),
  };
}

/** A catalog file setting these variants' stock (the other columns as they are). */
async function importStock(t: TestDatabase, admin: { userId: string; email: string }, rows: Array<{ productId: string; title: string; sku: string; stock: number }>, fileName: string) {
  const parsed = parseCatalogCsv(new TextEncoder().encode(Papa.unparse(rows.map((r) => ({ handle: r.productId, title_en: r.title, sku: r.sku, price: "49.00", stock: String(r.stock) })))));
  if (!parsed.ok) throw new Error(parsed.error.code);
  const plan = await planImport(t.db, parsed, "EUR");
  expect(plan.errors).toEqual([]);
  return applyImport(t.db, plan, { actor: admin, currency: "EUR", fileName });
}


describeOnEachDatabase("stock ledger", (kind) => {
  let t: TestDatabase;
  let admin: { userId: string; email: string };
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
    const user = await insertUser(t.db, `ledger-admin-${kind}@example.com`);
    admin = { userId: user.id, email: user.email };
  });
  afterAll(() => t?.close());

  const pay = (c: { sessionId: string; totalCents: number; currency: string }) =>
    confirmPayment(t.db, { provider: "demo", eventId: `evt_${c.sessionId}`, sessionId: c.sessionId, amountCents: c.totalCents, currency: c.currency }, { enqueueConfirmation: async () => {} });

  it("records each kind of change with its reason, before → after, reference and who, as the product's stock history shows them", async () => {
    const { id: productId } = await createProduct(t.db, admin, product([6]), "EUR");
    const form = (await loadProductForAdmin(t.db, productId, "EUR"))!;
    const variantId = form.input.variants[0].id!;
    const shopper = await insertUser(t.db);
    const now = new Date();

    const sold = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 2 }]), demoProvider(), { now, limits: generous });
    await cancelPendingOrder(t.db, sold.orderId, shopper.id);
    const lapsed = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider(), { now, limits: generous, reservationMs: 60_000 });
    expect(await expireStaleOrders(t.db, new Date(now.getTime() + 120_000))).toEqual([lapsed.orderId]);
    const kept = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 3 }]), demoProvider(), { now, limits: generous });
    await pay(kept);
    await markShipped(t.db, kept.orderId, { userId: admin.userId, kind: "admin" });
    const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, kept.orderId));
    const ret = await requestReturn(t.db, shopper.id, { orderId: kept.orderId, reason: "Too big", lines: [{ orderLineId: line.id, quantity: 1 }] });
    await approveReturn(t.db, admin, ret.id);
    await receiveReturn(t.db, admin, ret.id);
    const edit = (await loadProductForAdmin(t.db, productId, "EUR"))!;
    await updateProduct(t.db, admin, productId, { ...edit.input, variants: [{ ...edit.input.variants[0], stock: Number(edit.input.variants[0].stock) + 5 }] }, "EUR");
    const newSku = `${edit.input.variants[0].sku}-NEW`;
    await importStock(t, admin, [{ productId, title: edit.input.titleEn, sku: edit.input.variants[0].sku!, stock: 2 }, { productId, title: edit.input.titleEn, sku: newSku, stock: 4 }], "spring.csv");

    const { entries, olderThan } = await loadStockHistory(t.db, productId);
    expect(olderThan).toBeNull();
    expect(entries.map((e) => ({ reason: e.reason, before: e.before, after: e.after, orderId: e.orderId, returnId: e.returnId, actor: e.actor, email: e.actorEmail, file: e.importFile }))).toEqual([
      { reason: "import", before: 9, after: 2, orderId: null, returnId: null, actor: "admin", email: admin.email, file: "spring.csv" },
      { reason: "import", before: 0, after: 4, orderId: null, returnId: null, actor: "admin", email: admin.email, file: "spring.csv" },
      { reason: "adjustment", before: 4, after: 9, orderId: null, returnId: null, actor: "admin", email: admin.email, file: null },
      { reason: "return", before: 3, after: 4, orderId: kept.orderId, returnId: ret.id, actor: "admin", email: admin.email, file: null },
      { reason: "sale", before: 6, after: 3, orderId: kept.orderId, returnId: null, actor: "customer", email: null, file: null },
      { reason: "reservation_expired", before: 5, after: 6, orderId: lapsed.orderId, returnId: null, actor: "system", email: null, file: null },
      { reason: "sale", before: 6, after: 5, orderId: lapsed.orderId, returnId: null, actor: "customer", email: null, file: null },
      { reason: "cancellation", before: 4, after: 6, orderId: sold.orderId, returnId: null, actor: "customer", email: null, file: null },
      { reason: "sale", before: 6, after: 4, orderId: sold.orderId, returnId: null, actor: "customer", email: null, file: null },
      { reason: "initial", before: 0, after: 6, orderId: null, returnId: null, actor: "admin", email: admin.email, file: null },
    ]);
    // The file's new variant starts its history at the import; every other entry is the first variant's.
    expect(entries.map((e) => e.sku)).toEqual([edit.input.variants[0].sku, newSku, ...entries.slice(2).map(() => edit.input.variants[0].sku)]);
    expect(entries.filter((e) => e.sku !== newSku).every((e) => e.variantId === variantId)).toBe(true);
    expect(entries.find((e) => e.reason === "sale" && e.orderId === sold.orderId)!.at).toEqual(now);
    expect(await stockOf(t.db, variantId)).toBe(2);
  });

  it("writes nothing for a refused change, nor for stock that is not tracked", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 1 });
    const { variantId: untracked } = await insertProduct(t.db, { manageInventory: false, stock: 0 });
    const shopper = await insertUser(t.db);
    const before = await lastLedgerId(t.db);
    const start = await stockByVariant(t.db);

    const refused = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId: untracked, quantity: 1 }, { variantId, quantity: 2 }]), demoProvider(), { limits: generous }));
    expect(refused.code).toBe("out_of_stock");
    const { id: productId } = await createProduct(t.db, admin, product([1]), "EUR");
    const form = (await loadProductForAdmin(t.db, productId, "EUR"))!;
    const soldMeanwhile = await createCheckout(t.db, checkoutInput(shopper, [{ variantId: form.input.variants[0].id!, quantity: 1 }]), demoProvider(), { limits: generous });
    // The form said 1 and the admin typed 0: one less than what is left now (0), refused naming the variant.
    await expect(updateProduct(t.db, admin, productId, { ...form.input, variants: [{ ...form.input.variants[0], stock: 0 }] }, "EUR")).rejects.toMatchObject({ code: "stockChanged", params: { n: 1, loaded: 1, now: 0 } });
    const untrackedOrder = await createCheckout(t.db, checkoutInput(shopper, [{ variantId: untracked, quantity: 3 }]), demoProvider(), { limits: generous });
    await cancelPendingOrder(t.db, untrackedOrder.orderId, shopper.id);

    const rows = await expectLedgerAddsUp(t.db, start, before);
    // The new product's initial stock and its sale: the refused checkout, the refused edit and the untracked order left no entry.
    expect(rows.map((r) => [r.reason, r.before, r.after])).toEqual([["initial", 0, 1], ["sale", 1, 0]]);
    expect(soldMeanwhile.orderId).toBeGreaterThan(0);
    expect(await stockOf(t.db, variantId)).toBe(1);
  });

  const SEED = Number(process.env.STOCK_LEDGER_SEED ?? 350);
  const STEPS = 70;

  it(`stock = initial + the ledger for every variant after ${STEPS} seeded random checkouts, payments, cancellations, expiries, returns, imports and edits (seed ${SEED})`, { timeout: 300_000 }, async () => {
    const r = seeded(SEED);
    // Counted from here: the variants of the tests before, at their stock now, and the ledger after its last entry.
    const start = await stockByVariant(t.db);
    const afterId = await lastLedgerId(t.db);
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => insertUser(t.db)));
    const created = [await createProduct(t.db, admin, product([5, 3]), "EUR"), await createProduct(t.db, admin, product([2, 4]), "EUR")];
    const forms = async () => Promise.all(created.map(async ({ id }) => (await loadProductForAdmin(t.db, id, "EUR"))!));
    const fixture = await insertProduct(t.db, { stock: 4 });
    const untracked = await insertProduct(t.db, { manageInventory: false, stock: 0 });
    const variantIds = [...(await forms()).flatMap((f) => f.input.variants.map((v) => v.id!)), fixture.variantId, untracked.variantId];
    // The fixture's stock was written around the ledger (as a test may): it counts from its 4. The products created
    // through the editor count from 0, their initial stock being their first entry.
    start.set(fixture.variantId, 4);
    const orders: Array<{ orderId: number; sessionId: string; totalCents: number; currency: string; shopper: { id: string; email: string } }> = [];
    let clock = Date.now();
    const done: Record<string, number> = {};
    const statusOf = async (orderId: number) => (await t.db.select({ status: ordersTable.status }).from(ordersTable).where(eq(ordersTable.id, orderId)))[0].status;
    const orderIn = async (status: string) => {
      const candidates = [];
      for (const o of orders) if ((await statusOf(o.orderId)) === status) candidates.push(o);
      return r.pick(candidates);
    };

    const actions: Record<string, () => Promise<unknown>> = {
      checkout: async () => {
        const shopper = r.pick(shoppers)!;
        const lines = [...new Set([r.pick(variantIds)!, r.pick(variantIds)!])].map((variantId) => ({ variantId, quantity: r.int(1, 3) }));
        try {
          const result = await createCheckout(t.db, checkoutInput(shopper, lines), demoProvider(), { now: new Date(clock), limits: generous, reservationMs: r.int(1, 20) * 60_000, sweepIntervalMs: 0 });
          orders.push({ ...result, shopper });
        } catch (error) {
          if (!(error instanceof CheckoutError && error.code === "out_of_stock")) throw error;
        }
      },
      pay: async () => {
        const o = await orderIn("pending");
        if (o) await pay(o);
      },
      ship: async () => {
        const o = await orderIn("completed");
        if (o) await markShipped(t.db, o.orderId, { userId: admin.userId, kind: "admin" });
      },
      return: async () => {
        const o = await orderIn("shipped");
        if (!o) return;
        const lines = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, o.orderId));
        try {
          const ret = await requestReturn(t.db, o.shopper.id, { orderId: o.orderId, reason: "Changed my mind", lines: [{ orderLineId: r.pick(lines)!.id, quantity: 1 }] });
          await approveReturn(t.db, admin, ret.id);
          await receiveReturn(t.db, admin, ret.id);
        } catch (error) {
          if (!(error instanceof ReturnError && error.code === "tooMany")) throw error;
        }
      },
      shopperCancel: async () => {
        const o = await orderIn("pending");
        if (o) await cancelPendingOrder(t.db, o.orderId, o.shopper.id);
      },
      adminCancel: async () => {
        const o = r.next() < 0.5 ? await orderIn("pending") : await orderIn("completed");
        if (o) await cancelOrder(t.db, o.orderId, { userId: admin.userId, kind: "admin" }, { refund: false, reason: "Out of stock at the warehouse" }, () => demoProvider());
      },
      sweep: () => expireStaleOrders(t.db, new Date(clock)),
      import: async () => {
        const rows = (await forms()).flatMap((f) => [
          ...f.input.variants.filter(() => r.next() < 0.6).map((v) => ({ productId: f.id, title: f.input.titleEn, sku: v.sku!, stock: r.int(0, 6) })),
          // Now and then the file adds a variant: its stock starts its history.
          ...(r.next() < 0.25 ? [{ productId: f.id, title: f.input.titleEn, sku: `${f.input.variants[0].sku}-CSV${clock}`, stock: r.int(0, 6) }] : []),
        ]);
        if (rows.length) await importStock(t, admin, rows, `stock-${clock}.csv`);
      },
      edit: async () => {
        // The form is loaded, a checkout may happen meanwhile, then the admin saves a change relative to what they saw.
        const form = r.pick(await forms())!;
        if (r.next() < 0.4) await actions.checkout();
        const variants = form.input.variants.map((v) => {
          const shown = Number(v.stock);
          return r.next() < 0.6 ? { ...v, stock: shown + r.int(-shown, 4) } : v;
        });
        try {
          await updateProduct(t.db, admin, form.id, { ...form.input, variants }, "EUR");
        } catch (error) {
          if (!(error instanceof CatalogError && error.code === "stockChanged")) throw error;
        }
      },
    };
    const weights: Array<[string, number]> = [["checkout", 30], ["pay", 14], ["ship", 8], ["return", 10], ["shopperCancel", 8], ["adminCancel", 6], ["sweep", 8], ["import", 6], ["edit", 10]];
    const total = weights.reduce((sum, [, w]) => sum + w, 0);
    for (let step = 0; step < STEPS; step++) {
      let roll = r.next() * total;
      const [name] = weights.find(([, w]) => (roll -= w) < 0) ?? weights[0];
      await actions[name]();
      done[name] = (done[name] ?? 0) + 1;
      clock += r.int(1, 6) * 60_000;
    }

    const rows = await expectLedgerAddsUp(t.db, start, afterId);
    // The sequence did reach every kind of change (the seed is fixed, so this guards the test itself).
    expect(new Set(rows.filter((row) => variantIds.includes(row.variant_id)).map((row) => row.reason))).toEqual(
      new Set(["initial", "sale", "cancellation", "reservation_expired", "return", "adjustment", "import"]),
    );
    expect(rows.some((row) => row.variant_id === untracked.variantId)).toBe(false);
    expect(rows.some((row) => row.reason === "import" && row.before === 0 && !variantIds.includes(row.variant_id))).toBe(true);
    expect(Object.keys(done).sort()).toEqual(weights.map(([name]) => name).sort());
  });
});
