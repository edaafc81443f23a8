import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { insertProduct, insertUser } from "../integration/checkout-fixtures";
import { actor, recordingProvider } from "../integration/fulfilment-fixtures";
import { resetSettingsForTests } from "@/server/env";
import { invoices } from "@/server/db/schema/invoices";
import { orderLines, orders } from "@/server/db/schema/orders";
import { priceCart, type EngineDiscount, type TaxClass } from "@/features/taxes/pricing-engine";
import { orderLineMoney, orderMoneyColumns } from "@/features/promotions/order-money";
import { issueInvoiceInTx } from "@/features/invoices/service";
import { approveReturn, receiveAndRefundReturn, requestReturn } from "@/features/returns/service";
import type { Db } from "@/server/db/client";

/*
 * docs/product.md#returns: a line given back a few units at a time gives back what it was charged, to the cent —
 * each return takes its share of what earlier returns left of the line, the last unit the remainder — and the credit
 * notes of those refunds add up to the invoice, tax per rate included.
 */

type Case = {
  lines: Array<{ unitCents: number; quantity: number; taxClass: TaxClass }>;
  /** The first line's total as charged, when the case is named after it. */
  lineTotalCents?: number;
  discount?: Pick<EngineDiscount, "kind" | "value">;
  pricesIncludeTax: boolean;
  /** The returns in turn: units of each order line (by index). */
  returns: Array<Array<[line: number, units: number]>>;
};

const cases: Array<[string, Case]> = [
  // 3 × 56.05 less a 0.01 discount: each unit's own half-up share (56.05) three times would give back 168.15.
  ["168.14 € returned one unit at a time", { lineTotalCents: 16814, lines: [{ unitCents: 5605, quantity: 3, taxClass: "standard" }], discount: { kind: "fixed", value: 1 }, pricesIncludeTax: true, returns: [[[0, 1]], [[0, 1]], [[0, 1]]] }],
  ["100.00 € returned one unit at a time", { lineTotalCents: 10000, lines: [{ unitCents: 3334, quantity: 3, taxClass: "standard" }], discount: { kind: "fixed", value: 2 }, pricesIncludeTax: true, returns: [[[0, 1]], [[0, 1]], [[0, 1]]] }],
  ["0.01 € in two units", { lineTotalCents: 1, lines: [{ unitCents: 1, quantity: 2, taxClass: "standard" }], discount: { kind: "fixed", value: 1 }, pricesIncludeTax: true, returns: [[[0, 1]], [[0, 1]]] }],
  [
    "two rates, a 10 % code, tax added on top, mixed returns",
    {
      lines: [
        { unitCents: 5999, quantity: 3, taxClass: "standard" },
        { unitCents: 1999, quantity: 2, taxClass: "reduced" },
      ],
      discount: { kind: "percent", value: 1000 },
      pricesIncludeTax: false,
      returns: [[[0, 1], [1, 1]], [[0, 2]], [[1, 1]]],
    },
  ],
  ["33.33 € × 7 with 15 % off, in groups of 3, 1, 1 and 2", { lines: [{ unitCents: 3333, quantity: 7, taxClass: "reduced" }], discount: { kind: "percent", value: 1500 }, pricesIncludeTax: true, returns: [[[0, 3]], [[0, 1]], [[0, 1]], [[0, 2]]] }],
];

/** A shipped order whose money the pricing engine decided, stored as checkout stores it, with its invoice. */
async function pricedShippedOrder(db: Db, c: Case) {
  const shopper = await insertUser(db);
  const variants: Array<Awaited<ReturnType<typeof insertProduct>>> = [];
  for (const l of c.lines) variants.push(await insertProduct(db, { priceCents: l.unitCents, stock: 0 }));
  const pricing = priceCart({
    lines: c.lines.map((l, i) => ({ key: variants[i].variantId, unitCents: l.unitCents, quantity: l.quantity, taxClass: l.taxClass, productId: variants[i].productId, categoryIds: [] })),
    shippingCents: 495,
    country: "ES",
    tax: { pricesIncludeTax: c.pricesIncludeTax, defaultRates: { standardBp: 2100, reducedBp: 1000 }, countryRates: {} },
    discounts: c.discount ? [{ id: 1, code: "SAVE", name: "Save", minSubtotalCents: 0, productIds: [], categoryIds: [], ...c.discount }] : [],
  });
  const priced = { pricing, currency: "EUR", promotionsUsed: [], code: null };
  const shippedAt = new Date(Date.now() - 86_400_000);
  const [order] = await db
    .insert(orders)
    .values({ userId: shopper.id, email: shopper.email, locale: "en", status: "shipped", currency: "EUR", ...orderMoneyColumns(priced), paymentProvider: "demo", paymentReference: "pi_caps", paidAt: shippedAt, shippedAt })
    .returning();
  const lines = await db
    .insert(orderLines)
    .values(
      c.lines.map((l, i) => ({
        orderId: order.id,
        productId: variants[i].productId,
        variantId: variants[i].variantId,
        productTitle: `Item ${i + 1}`,
        variantTitle: "",
        quantity: l.quantity,
        unitPriceCents: l.unitCents,
        currency: "EUR",
        ...orderLineMoney(priced, variants[i].variantId),
      })),
    )
    .returning();
  await issueInvoiceInTx(db, order.id);
  return { shopper, order, lines: lines.sort((a, b) => a.id - b.id) };
}

const taxByRate = (lines: Array<{ rateBp: number; taxCents: number }>) => {
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.rateBp, (sums.get(l.rateBp) ?? 0) + l.taxCents);
  return Object.fromEntries([...sums].filter(([, c]) => c !== 0).sort((a, b) => a[0] - b[0]));
};

describeOnEachDatabase("refunds of returns never pass what was paid", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.RETURN_SHIPPING_REFUND;
    resetSettingsForTests();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(cases)("attack: refunds past what was paid — every unit returned a few at a time gives back exactly what was paid, and the credit notes add up to the invoice per tax rate: %s", async (_name, c) => {
    const { db } = database;
    const { shopper, order, lines } = await pricedShippedOrder(db, c);
    if (c.lineTotalCents !== undefined) expect(lines[0].totalCents).toBe(c.lineTotalCents);
    const { provider, refunds } = recordingProvider();
    for (const units of c.returns) {
      const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "x", lines: units.map(([line, quantity]) => ({ orderLineId: lines[line].id, quantity })) });
      await approveReturn(db, actor, created.id);
      await receiveAndRefundReturn(db, actor, created.id, () => provider);
    }
    const given = refunds.map((r) => r.part?.amountCents ?? 0);
    expect(given.every((cents) => cents >= 0)).toBe(true);
    // Every unit and the shipping are back: the refunds are the order's total, to the cent.
    expect(given.reduce((sum, cents) => sum + cents, 0)).toBe(order.totalCents);
    // Line by line too: each line's refunds add up to what it was charged.
    const documents = await db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id));
    const [invoice, ...notes] = documents;
    expect(invoice.kind).toBe("invoice");
    expect(notes.map((n) => n.kind)).toEqual(c.returns.map(() => "credit_note"));
    for (const [i, line] of lines.entries()) {
      const credited = notes.flatMap((n) => n.lines).filter((l) => l.orderLineId === line.id);
      expect(credited.reduce((sum, l) => sum - l.totalCents, 0), `line ${i + 1} total`).toBe(line.totalCents);
      expect(credited.reduce((sum, l) => sum - l.taxCents, 0), `line ${i + 1} tax`).toBe(line.taxCents);
      expect(credited.reduce((sum, l) => sum - l.discountCents, 0), `line ${i + 1} discount`).toBe(line.discountCents);
    }
    // Each credit note is its refund, and its tax lines add up to its tax.
    expect(notes.map((n) => -n.amounts.totalCents)).toEqual(given);
    for (const n of notes) expect(n.amounts.taxLines.reduce((sum, t) => sum + t.taxCents, 0)).toBe(n.amounts.taxCents);
    // Together the notes undo the invoice: its total, its tax and each rate's tax, never more.
    expect(notes.reduce((sum, n) => sum - n.amounts.totalCents, 0)).toBe(invoice.amounts.totalCents);
    expect(notes.reduce((sum, n) => sum - n.amounts.taxCents, 0)).toBe(invoice.amounts.taxCents);
    const negated = notes.flatMap((n) => n.amounts.taxLines.map((t) => ({ rateBp: t.rateBp, taxCents: -t.taxCents })));
    expect(taxByRate(negated)).toEqual(taxByRate(invoice.amounts.taxLines));
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.totalCents).toBe(invoice.amounts.totalCents);
  });
});
