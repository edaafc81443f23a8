import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout, expireStaleOrders } from "@/features/checkout/service";
import { CheckoutError } from "@/features/checkout/errors";
import { checkoutRefusalText } from "@/features/checkout/refusal-text";
import { cancelOrder, confirmPayment } from "@/features/orders/service";
import { issueCreditNoteInTx, issueInvoiceInTx } from "@/features/invoices/service";
import { promotions } from "@/server/db/schema/promotions";
import { taxSettings } from "@/server/db/schema/taxes";
import { invoices } from "@/server/db/schema/invoices";
import { orderLines } from "@/server/db/schema/orders";
import { products } from "@/server/db/schema/catalog";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById, refusal } from "./checkout-fixtures";

let codeCounter = 0;
async function insertCode(db: TestDatabase["db"], values: Partial<typeof promotions.$inferInsert> = {}) {
  const code = `CODE${process.pid}X${++codeCounter}`;
  const [row] = await db
    .insert(promotions)
    .values({ code, nameEn: "Welcome", nameEs: "Bienvenida", kind: "percent", value: 1000, ...values })
    .returning();
  return row;
}

const options = { sweepIntervalMs: 3_600_000 };

async function checkoutWith(t: TestDatabase, discountCode: string | undefined, extra: { locale?: string; priceCents?: number; quantity?: number } = {}) {
  const shopper = await insertUser(t.db);
  const { variantId, productId } = await insertProduct(t.db, { priceCents: extra.priceCents ?? 2000, stock: 500 });
  const input = { ...checkoutInput(shopper, [{ variantId, quantity: extra.quantity ?? 2 }], extra.locale ?? "es"), discountCode };
  return { shopper, productId, run: () => createCheckout(t.db, input, demoProvider(), options) };
}


async function pay(t: TestDatabase, checkout: { sessionId: string; totalCents: number }, eventId: string) {
  return confirmPayment(t.db, { provider: "demo", eventId, sessionId: checkout.sessionId, amountCents: checkout.totalCents, currency: "EUR" }, { enqueueConfirmation: async () => {} });
}

describeOnEachDatabase("taxes, discount codes and invoices", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  it("stores the engine's amounts on the order: Spanish shopper, 10 % code, VAT 21 % included", async () => {
    const promo = await insertCode(t.db);
    const { run } = await checkoutWith(t, promo.code!.toLowerCase());
    const result = await run();
    const order = await orderById(t.db, result.orderId);
    // 4000 − 400 = 3600 (tax 625) + shipping 495 (tax 86)
    expect(order).toMatchObject({ subtotalCents: 4000, discountCents: 400, shippingCents: 495, totalCents: 4095, taxCents: 711, taxCountry: "ES", discountCode: promo.code });
    expect(order.taxLines).toEqual([{ rateBp: 2100, taxCents: 711 }]);
    expect(order.discountLines).toMatchObject([{ promotionId: promo.id, nameEs: "Bienvenida", amountCents: 400 }]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
    expect(line).toMatchObject({ discountCents: 400, taxRateBp: 2100, taxCents: 625, totalCents: 3600 });
    expect(result.totalCents).toBe(4095);
  });

  it("adds tax on top when prices exclude it, with the reduced rate of the product's class", async () => {
    await t.db.update(taxSettings).set({ pricesIncludeTax: false }).where(eq(taxSettings.id, 1));
    try {
      const { run, productId } = await checkoutWith(t, undefined, { priceCents: 1000, quantity: 1 });
      await t.db.update(products).set({ taxClass: "reduced" }).where(eq(products.id, productId));
      const order = await orderById(t.db, (await run()).orderId);
      // 1000 × 10 % = 100; shipping 495 × 21 % = 103.95 → 104
      expect(order).toMatchObject({ subtotalCents: 1000, shippingCents: 495, taxCents: 204, totalCents: 1699, pricesIncludeTax: false });
      expect(order.taxLines).toEqual([{ rateBp: 2100, taxCents: 104 }, { rateBp: 1000, taxCents: 100 }]);
    } finally {
      await t.db.update(taxSettings).set({ pricesIncludeTax: true }).where(eq(taxSettings.id, 1));
    }
  });

  it("applies a running automatic promotion to the products it names, and not one that has not started", async () => {
    const { run, productId } = await checkoutWith(t, undefined, { priceCents: 10000, quantity: 1 });
    const day = 86_400_000;
    await t.db.insert(promotions).values({ code: null, nameEn: "Autumn", kind: "percent", value: 1000, productIds: [productId] });
    await t.db.insert(promotions).values({ code: null, nameEn: "Later", kind: "percent", value: 5000, productIds: [productId], startsAt: new Date(Date.now() + day) });
    const order = await orderById(t.db, (await run()).orderId);
    // 10000 − 10 % = 9000, free shipping from 100.00 (threshold on the subtotal before discounts)
    expect(order).toMatchObject({ subtotalCents: 10000, discountCents: 1000, shippingCents: 0, totalCents: 9000, discountCode: null });
    expect(order.discountLines).toMatchObject([{ nameEn: "Autumn", code: null, amountCents: 1000 }]);
  });

  it("refuses unusable codes with the reason", async () => {
    const day = 86_400_000;
    const future = await insertCode(t.db, { startsAt: new Date(Date.now() + day) });
    const past = await insertCode(t.db, { endsAt: new Date(Date.now() - day) });
    const minimum = await insertCode(t.db, { minSubtotalCents: 100_000 });
    const off = await insertCode(t.db, { active: false });
    const usedUp = await insertCode(t.db, { usageLimit: 1, usedCount: 1 });
    const cases: [string, RegExp][] = [
      ["NOPE-NOT-A-CODE", /no existe/],
      [off.code!, /no existe/],
      [future.code!, /todavía no es válido/],
      [past.code!, /caducó/],
      [minimum.code!, /subtotal de al menos 1000,00/],
      [usedUp.code!, /agotado/],
    ];
    for (const [code, message] of cases) {
      const { run } = await checkoutWith(t, code);
      const error = await refusal(run(), "es");
      expect(error.status).toBe(400);
      expect(error.code).toBe("discount_code");
      expect(error.message).toMatch(message);
    }
  });

  it("50 parallel checkouts on a code limited to 5 uses give exactly 5 orders; cancelled and expired orders give their use back", async () => {
    const promo = await insertCode(t.db, { usageLimit: 5 });
    const attempts = await Promise.all(Array.from({ length: 50 }, () => checkoutWith(t, promo.code!)));
    const results = await Promise.allSettled(attempts.map((a) => a.run()));
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(5);
    for (const r of results) {
      if (r.status === "rejected") expect(checkoutRefusalText("es", r.reason as CheckoutError)).toMatch(/agotado/);
    }
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, promo.id));
    expect(row.usedCount).toBe(5);
    const withCode = await t.db.execute(sql`select count(*)::int as n from orders where discount_code = ${promo.code}`);
    expect(Number((withCode as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(5);

    // An admin cancels one (pending) order; another reservation expires: two uses come back, two new orders get them.
    const [first, second] = ok.map((r) => (r as PromiseFulfilledResult<{ orderId: number }>).value.orderId);
    await cancelOrder(t.db, first, { userId: null, kind: "admin" }, { refund: false }, () => demoProvider());
    await expireStaleOrders(t.db, new Date(Date.now() + 3 * 3_600_000)); // past every reservation of this test
    expect((await orderById(t.db, second)).status).toBe("cancelled");
    const [after] = await t.db.select().from(promotions).where(eq(promotions.id, promo.id));
    expect(after.usedCount).toBe(0);
    const again = await Promise.allSettled((await Promise.all(Array.from({ length: 8 }, () => checkoutWith(t, promo.code!)))).map((a) => a.run()));
    expect(again.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("once per customer: the same account cannot use a code twice while its first order stands", async () => {
    const promo = await insertCode(t.db, { oncePerCustomer: true });
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 50 });
    const input = { ...checkoutInput(shopper, [{ variantId, quantity: 1 }], "en"), discountCode: promo.code! };
    await createCheckout(t.db, input, demoProvider(), options);
    // Another cart: a second checkout of the same cart would release the first order (docs/product.md#checkout-limits).
    const other = await insertProduct(t.db, { stock: 50 });
    const secondInput = { ...checkoutInput(shopper, [{ variantId: other.variantId, quantity: 1 }], "en"), discountCode: promo.code! };
    const error = await refusal(createCheckout(t.db, secondInput, demoProvider(), options));
    expect(error.message).toMatch(/already used/);
  });

  it("numbers invoices without gaps under concurrent payments, and credit notes from their own sequence", async () => {
    const checkouts: Awaited<ReturnType<typeof createCheckout>>[] = [];
    for (let i = 0; i < 12; i++) checkouts.push(await (await checkoutWith(t, undefined)).run());
    const year = new Date().getUTCFullYear();
    const before = await t.db.select().from(invoices).where(eq(invoices.kind, "invoice"));
    const outcomes = await Promise.all(checkouts.map((c, i) => pay(t, c, `evt_money_${kind}_${i}`)));
    expect(outcomes.every((o) => o.outcome === "completed")).toBe(true);
    const rows = await t.db.select().from(invoices).where(eq(invoices.kind, "invoice"));
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: before.length + 12 }, (_, i) => i + 1));
    expect(rows.every((r) => r.number === `${year}-${String(r.sequence).padStart(6, "0")}`)).toBe(true);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);

    // A transaction that takes a number and then fails gives it back: the next invoice gets it. The number is taken
    // at commit; SET CONSTRAINTS … IMMEDIATE takes it now, as a commit that fails after numbering would.
    const lastBefore = Math.max(...sequences);
    const extra = await (await checkoutWith(t, undefined)).run();
    await expect(
      t.db.transaction(async (tx) => {
        const unnumbered = await issueInvoiceInTx(tx, extra.orderId);
        expect(unnumbered.number).toBeNull();
        await tx.execute(sql`SET CONSTRAINTS invoices_number_at_commit IMMEDIATE`);
        const [numbered] = await tx.select().from(invoices).where(eq(invoices.id, unnumbered.id));
        expect(numbered).toMatchObject({ sequence: lastBefore + 1, number: `${year}-${String(lastBefore + 1).padStart(6, "0")}` });
        throw new Error("payment rolled back");
      }),
    ).rejects.toThrow("payment rolled back");
    await pay(t, extra, `evt_money_${kind}_extra`);
    const [extraInvoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, extra.orderId));
    expect(extraInvoice.sequence).toBe(lastBefore + 1);
    // Once per order: asked again, the invoice already issued is the answer and no row or number is added.
    const again = await t.db.transaction((tx) => issueInvoiceInTx(tx, extra.orderId));
    expect(again).toMatchObject({ id: extraInvoice.id, number: extraInvoice.number });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, extra.orderId))).toHaveLength(1);

    // Refund (cancel a paid order) → a credit note R{year}-000001 with the negated total.
    await cancelOrder(t.db, checkouts[0].orderId, { userId: null, kind: "admin" }, { refund: true }, () => demoProvider());
    const notes = await t.db.select().from(invoices).where(eq(invoices.kind, "credit_note"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ number: `R${year}-000001`, orderId: checkouts[0].orderId });
    expect(notes[0].amounts.totalCents).toBe(-checkouts[0].totalCents);

    // A partial refund (one of two units, no shipping) through the function other domains call.
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, checkouts[1].orderId));
    const issued = await t.db.transaction((tx) => issueCreditNoteInTx(tx, { orderId: checkouts[1].orderId, reason: "Returned one", lines: [{ orderLineId: line.id, quantity: 1 }] }));
    const [partial] = await t.db.select().from(invoices).where(eq(invoices.id, issued!.id));
    expect(partial).toMatchObject({ number: `R${year}-000002`, sequence: 2 });
    // 2 × 2000 incl. 21 %: one unit is 2000, its tax 347 (half of 694)
    expect(partial!.amounts).toMatchObject({ totalCents: -2000, taxCents: -347, shippingCents: 0 });
  });
});
