import { afterAll, beforeAll, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { seeded } from "../helpers/seeded-random";
import { actor, auditActions, mailsTo, orderEventTypes, recordingProvider, shippedOrder } from "./fulfilment-fixtures";
import { resetSettingsForTests } from "@/server/env";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { invoices } from "@/server/db/schema/invoices";
import { orderLines, orders } from "@/server/db/schema/orders";
import { issueInvoiceInTx } from "@/features/invoices/service";
import { cancelOrderAsAdmin } from "@/features/orders/admin-service";
import { refundOrder } from "@/features/returns/refund-service";
import { approveReturn, receiveAndRefundReturn, rejectReturn, requestReturn } from "@/features/returns/service";
import { orderMoneyBack } from "@/features/returns/order-refunds";

/*
 * docs/product.md#refunds: refunds from the order page by lines, shipping and/or an amount; never more than is left;
 * a credit note, an email and an event each; and, over random sequences with returns and cancellations, the money
 * invariants: Σ refunds asked of the provider = the order's refunded total ≤ what was paid, and its credit notes add
 * up to minus that total, never more than the invoice per tax rate.
 */

async function invoiced(db: Db, opts: Parameters<typeof shippedOrder>[1] = {}) {
  const made = await shippedOrder(db, opts);
  // Taxed lines as checkout stores them (21% inside the prices), so credit notes split tax by rate.
  await db.update(orderLines).set({ totalCents: 5000, taxRateBp: 2100, taxCents: 868 }).where(eq(orderLines.id, made.lines[0].id));
  await db.update(orderLines).set({ totalCents: 3999, taxRateBp: 1000, taxCents: 364 }).where(eq(orderLines.id, made.lines[1].id));
  await db.update(orders).set({ taxCents: 868 + 364 + 86, subtotalCents: 8999, shippingTaxCents: 86, totalCents: 8999 + 495 }).where(eq(orders.id, made.order.id));
  await db.transaction((tx) => issueInvoiceInTx(tx, made.order.id));
  return made;
}

async function refundedCents(db: Db, orderId: number) {
  const [row] = await db.select({ refundedCents: orders.refundedCents }).from(orders).where(eq(orders.id, orderId));
  return row.refundedCents;
}

async function creditNotes(db: Db, orderId: number) {
  return db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note"))).orderBy(asc(invoices.id));
}

describeOnEachDatabase("refunds", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    resetSettingsForTests();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("refunds units of a line, the shipping and an amount: the provider once, a credit note of the same total, the email in the order's language, event and audit", async () => {
    const { db } = database;
    const { order, lines, shopper } = await invoiced(db, { locale: "es" });
    const { provider, refunds } = recordingProvider();
    const row = await refundOrder(db, actor, order.id, { orderId: order.id, lines: [{ orderLineId: lines[1].id, quantity: 1 }], shipping: true, amountCents: 300, reason: "Llegó tarde" }, () => provider);
    // 3999 / 3 = 1333 for one unit; shipping 495; 300 more.
    expect(row).toMatchObject({ linesCents: 1333, shippingCents: 495, amountCents: 300, reason: "Llegó tarde", refundReference: `re_${order.id}_refund-${order.id}-0-2128` });
    expect(refunds).toEqual([{ orderId: order.id, part: { amountCents: 2128, key: `refund-${order.id}-0-2128` } }]);
    expect(await refundedCents(db, order.id)).toBe(2128);
    const [note] = await creditNotes(db, order.id);
    expect(note.amounts.totalCents).toBe(-2128);
    expect(note.lines.map((l) => [l.title, l.quantity, l.totalCents])).toEqual([
      ["Sneaker (42)", 1, -1333],
      ["Reembolso: Llegó tarde", 1, -300],
    ]);
    const [mail] = await mailsTo(db, shopper.email, "refund");
    expect(mail.locale).toBe("es");
    expect(mail.subject).toMatch(/21,28\s?€ reembolsados/);
    expect(mail.text).toContain("Motivo: Llegó tarde");
    expect(mail.text).toContain("1 x Sneaker (42)");
    expect(mail.text).toContain("Envío");
    expect(mail.text).toMatch(/Buscar un pedido: https?:\/\/[^\s]+\/es\/orders\/lookup/);
    expect(await orderEventTypes(db, order.id)).toContain("refunded");
    expect((await auditActions(db, "order", String(order.id))).map((a) => a.action)).toEqual(["refund"]);

    const money = await orderMoneyBack(db, order.id);
    expect(money).toMatchObject({ paidCents: 9494, refundedCents: 2128, netCents: 7366, left: { cents: 7366, shippingCents: 0 } });
    expect(money!.left.lines.map((l) => [l.title, l.units])).toEqual([["Leather Bag (Black)", 2], ["Sneaker (42)", 2]]);
  });

  it("refuses what is not left, and then changes nothing and asks the provider for nothing", async () => {
    const { db } = database;
    const { order, lines } = await invoiced(db);
    const { provider, refunds } = recordingProvider();
    const refund = (input: Partial<Parameters<typeof refundOrder>[3]>) =>
      refundOrder(db, actor, order.id, { orderId: order.id, lines: [], shipping: false, amountCents: 0, reason: "x", ...input }, () => provider);
    await expect(refund({ amountCents: 9495 })).rejects.toMatchObject({ code: "refundOverLeft", params: { left: { cents: 9494, currency: "EUR" } } });
    await expect(refund({ lines: [{ orderLineId: lines[0].id, quantity: 3 }] })).rejects.toMatchObject({ code: "refundTooMany", params: { left: 2 } });
    await expect(refund({})).rejects.toMatchObject({ code: "refundNothing" });
    await expect(refund({ lines: [{ orderLineId: 999_999, quantity: 1 }] })).rejects.toMatchObject({ code: "refundUnknownLine" });
    await refund({ shipping: true });
    await expect(refund({ shipping: true })).rejects.toMatchObject({ code: "refundShippingAgain" });
    await expect(refund({ amountCents: 9494 - 495 + 1 })).rejects.toMatchObject({ code: "refundOverLeft", params: { left: { cents: 8999 } } });
    const failing = recordingProvider();
    failing.state.fail = true;
    await expect(refundOrder(db, actor, order.id, { orderId: order.id, lines: [], shipping: false, amountCents: 100, reason: "x" }, () => failing.provider)).rejects.toMatchObject({ code: "refundProviderFailed" });
    expect(refunds).toHaveLength(1);
    expect(await refundedCents(db, order.id)).toBe(495);
    expect(await creditNotes(db, order.id)).toHaveLength(1);

    const unpaid = await shippedOrder(db, { status: "completed" });
    await db.update(orders).set({ status: "pending", paidAt: null }).where(eq(orders.id, unpaid.order.id));
    await expect(refundOrder(db, actor, unpaid.order.id, { orderId: unpaid.order.id, lines: [], shipping: true, amountCents: 0, reason: "x" }, () => provider)).rejects.toMatchObject({ code: "refundNotPaid" });
  });

  it("cancelling a paid order after a refund gives back only the rest, with a credit note closing the invoice and an email", async () => {
    const { db } = database;
    const { order, shopper } = await invoiced(db, { status: "completed" });
    const { provider, refunds } = recordingProvider();
    await refundOrder(db, actor, order.id, { orderId: order.id, lines: [], shipping: false, amountCents: 1000, reason: "Goodwill" }, () => provider);
    await cancelOrderAsAdmin(db, actor, order.id, () => provider);
    expect(refunds.map((r) => r.part?.amountCents)).toEqual([1000, 9494 - 1000]);
    expect(await refundedCents(db, order.id)).toBe(9494);
    const notes = await creditNotes(db, order.id);
    expect(notes.reduce((sum, n) => sum + n.amounts.totalCents, 0)).toBe(-9494);
    const [mail] = await mailsTo(db, shopper.email, "order-cancelled");
    expect(mail.text).toContain("We refunded €84.94");
    expect(mail.text).toMatch(/\/orders\/lookup/);
  });

  it("a rejected return tells the customer the shop's reason", async () => {
    const { db } = database;
    const { order, lines, shopper } = await invoiced(db);
    const created = await requestReturn(db, shopper.id, { orderId: order.id, reason: "Changed my mind", lines: [{ orderLineId: lines[0].id, quantity: 1 }] });
    await rejectReturn(db, actor, created.id, "The bag was used");
    const [mail] = await mailsTo(db, shopper.email, "return-rejected");
    expect(mail.text).toContain("Reason: The bag was used");
    expect(mail.text).toMatch(/Find an order: https?:\/\/[^\s]+\/orders\/lookup/);
    const money = await orderMoneyBack(db, order.id);
    expect(money!.returns).toEqual([expect.objectContaining({ id: created.id, status: "rejected", decisionNote: "The bag was used" })]);
  });

  it("money invariants over seeded random refunds, returns and cancellations: Σ refunds = refunded total ≤ paid, credit notes sum to minus it, within the invoice per rate", { timeout: 240_000 }, async () => {
    const { db } = database;
    const r = seeded(kind === "pglite" ? 20261128 : 11282026);
    for (let round = 0; round < 8; round++) {
      const { order, lines, shopper } = await invoiced(db, { status: r.pick(["completed", "shipped"] as const) });
      const { provider, refunds } = recordingProvider();
      const steps = r.int(1, 6);
      for (let step = 0; step < steps; step++) {
        const what = r.pick(["lines", "amount", "shipping", "return", "cancel"] as const)!;
        const attempt = async () => {
          if (what === "cancel") return cancelOrderAsAdmin(db, actor, order.id, () => provider);
          if (what === "return") {
            const ret = await requestReturn(db, shopper.id, { orderId: order.id, reason: "r", lines: [{ orderLineId: r.pick(lines)!.id, quantity: r.int(1, 2) }] });
            await approveReturn(db, actor, ret.id);
            return receiveAndRefundReturn(db, actor, ret.id, () => provider);
          }
          return refundOrder(
            db,
            actor,
            order.id,
            {
              orderId: order.id,
              lines: what === "lines" ? [{ orderLineId: r.pick(lines)!.id, quantity: r.int(1, 2) }] : [],
              shipping: what === "shipping",
              amountCents: what === "amount" ? r.int(1, 4000) : 0,
              reason: `step ${step}`,
            },
            () => provider,
          );
        };
        // Refusals (too much, too many, wrong status) are part of the game: they must change nothing.
        await attempt().catch(() => undefined);
      }
      const given = refunds.reduce((sum, x) => sum + (x.part?.amountCents ?? order.totalCents), 0);
      const total = await refundedCents(db, order.id);
      expect(total).toBe(given);
      expect(total).toBeLessThanOrEqual(order.totalCents);
      const notes = await creditNotes(db, order.id);
      expect(notes.reduce((sum, n) => sum + n.amounts.totalCents, total)).toBe(0);
      const [invoice] = await db.select().from(invoices).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
      for (const rate of invoice.amounts.taxLines) {
        const credited = notes.flatMap((n) => n.amounts.taxLines).filter((t) => t.rateBp === rate.rateBp).reduce((sum, t) => sum + t.taxCents, 0);
        expect(-credited).toBeLessThanOrEqual(rate.taxCents);
      }
    }
    const [{ over }] = await queryRows<{ over: number }>(db, sql`select count(*)::int as over from orders where refunded_cents > total_cents`);
    expect(over).toBe(0);
  });
});
