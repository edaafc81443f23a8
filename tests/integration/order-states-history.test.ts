import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { orderEvents, orderLines, orders, type OrderShippingMethod } from "@/server/db/schema/orders";
import { orderStates } from "@/features/orders/order-state";
import { listOrdersForAdmin } from "@/features/orders/queries";
import { describeOrderEvent, orderEventTypes, orderHistoryLines, type HistoryEvent } from "@/features/orders/order-history";
import { packingSlipOf, renderPackingSlipPdf } from "@/features/orders/packing-slip";
import { formatMoney } from "@/lib/money";
import { insertProduct, insertUser } from "./checkout-fixtures";

const pickupMethod: OrderShippingMethod = {
  kind: "pickup",
  nameEn: "Shop pickup",
  nameEs: "Recogida en tienda",
  pickupAddress: "Calle de Fuencarral 45, Madrid",
  pickupHoursEn: "Mon–Fri",
  pickupHoursEs: "Lun–vie",
} as OrderShippingMethod;
const flatMethod = { kind: "flat", nameEn: "Standard", nameEs: "Estándar", pickupAddress: "", pickupHoursEn: "", pickupHoursEs: "" } as OrderShippingMethod;

type Case = {
  name: string;
  status: "pending" | "completed" | "shipped" | "cancelled";
  paid?: boolean;
  provider?: string;
  method?: OrderShippingMethod;
  ready?: boolean;
  events?: string[];
  /** Given back so far by returns and refunds, of the 1000 paid (docs/product.md#refunds). */
  refunded?: number;
  payment: string;
  fulfilment: string;
  toFulfil: boolean;
};

// docs/product.md#order-status: every combination the code can reach, and what the list's default view does with it.
const cases: Case[] = [
  { name: "unpaid card order", status: "pending", payment: "awaiting_payment", fulfilment: "unfulfilled", toFulfil: false },
  { name: "unpaid bank transfer", status: "pending", provider: "bank_transfer", payment: "awaiting_payment", fulfilment: "unfulfilled", toFulfil: false },
  { name: "cash on delivery not shipped", status: "pending", provider: "cash_on_delivery", payment: "awaiting_payment", fulfilment: "unfulfilled", toFulfil: true },
  { name: "paid, not shipped", status: "completed", paid: true, method: flatMethod, payment: "paid", fulfilment: "unfulfilled", toFulfil: true },
  { name: "paid pickup waiting", status: "completed", paid: true, method: pickupMethod, payment: "paid", fulfilment: "unfulfilled", toFulfil: true },
  { name: "paid pickup ready", status: "completed", paid: true, method: pickupMethod, ready: true, payment: "paid", fulfilment: "ready_for_pickup", toFulfil: false },
  { name: "shipped", status: "shipped", paid: true, method: flatMethod, payment: "paid", fulfilment: "shipped", toFulfil: false },
  { name: "picked up", status: "shipped", paid: true, method: pickupMethod, ready: true, payment: "paid", fulfilment: "picked_up", toFulfil: false },
  { name: "cash on delivery shipped unpaid", status: "shipped", provider: "cash_on_delivery", payment: "awaiting_payment", fulfilment: "shipped", toFulfil: false },
  { name: "cash on delivery collected", status: "shipped", provider: "cash_on_delivery", paid: true, payment: "paid", fulfilment: "shipped", toFulfil: false },
  { name: "return received", status: "shipped", paid: true, events: ["return_requested", "return_approved", "return_received"], payment: "paid", fulfilment: "returned", toFulfil: false },
  { name: "return refunded", status: "shipped", paid: true, events: ["return_requested", "return_approved", "return_received", "return_refunded"], refunded: 400, payment: "partially_refunded", fulfilment: "returned", toFulfil: false },
  { name: "partly refunded, not shipped", status: "completed", paid: true, events: ["refunded"], refunded: 250, payment: "partially_refunded", fulfilment: "unfulfilled", toFulfil: true },
  { name: "refunded in full, shipped", status: "shipped", paid: true, events: ["refunded"], refunded: 1000, payment: "refunded", fulfilment: "shipped", toFulfil: false },
  { name: "return approved, not back yet", status: "shipped", paid: true, events: ["return_requested", "return_approved"], payment: "paid", fulfilment: "shipped", toFulfil: false },
  { name: "cancelled unpaid", status: "cancelled", payment: "cancelled", fulfilment: "unfulfilled", toFulfil: false },
  { name: "cancelled after payment", status: "cancelled", paid: true, payment: "refunded", fulfilment: "unfulfilled", toFulfil: false },
  { name: "paid after cancel (needs refund)", status: "cancelled", events: ["payment_after_cancel"], payment: "cancelled", fulfilment: "unfulfilled", toFulfil: false },
];

describeOnEachDatabase("payment and delivery status, history in words, packing slip", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.close());

  it("derives both statuses for every case; the list's default view is paid (or cash on delivery) and not shipped yet", async () => {
    const email = `states-${kind}@example.com`;
    const ids = new Map<string, number>();
    for (const c of cases) {
      const [order] = await t.db
        .insert(orders)
        .values({
          email,
          status: c.status,
          currency: "EUR",
          subtotalCents: 1000,
          totalCents: 1000,
          paymentProvider: c.provider ?? "demo",
          paidAt: c.paid ? new Date() : null,
          shippingMethod: c.method ?? null,
          readyForPickupAt: c.ready ? new Date() : null,
          refundedCents: c.refunded ?? 0,
        })
        .returning();
      for (const type of c.events ?? []) await t.db.insert(orderEvents).values({ orderId: order.id, type, note: `Return #1: ${type}` });
      ids.set(c.name, order.id);
    }
    const states = await orderStates(t.db, [...ids.values()]);
    expect(cases.map((c) => [c.name, states.get(ids.get(c.name)!)])).toEqual(cases.map((c) => [c.name, { payment: c.payment, fulfilment: c.fulfilment }]));

    const listed = async (filter: Parameters<typeof listOrdersForAdmin>[1]) =>
      new Set((await listOrdersForAdmin(t.db, { email, pageSize: 100, ...filter })).orders.map((o) => o.id));
    const named = (pick: (c: Case) => boolean) => new Set(cases.filter(pick).map((c) => ids.get(c.name)!));
    expect(await listed({ fulfilment: "to_fulfil" })).toEqual(named((c) => c.toFulfil));
    expect(await listed({ fulfilment: "all" })).toEqual(named(() => true));
    expect(await listed({})).toEqual(named(() => true));
    for (const status of ["shipped", "picked_up", "ready_for_pickup", "returned", "unfulfilled"] as const) {
      expect(await listed({ fulfilment: status }), status).toEqual(named((c) => c.fulfilment === status));
    }
    for (const payment of ["awaiting_payment", "paid", "partially_refunded", "refunded", "cancelled"] as const) {
      expect(await listed({ payment }), payment).toEqual(named((c) => c.payment === payment));
    }
    // Each row of the page carries both statuses; without an email the count comes from the matching rows.
    const page = await listOrdersForAdmin(t.db, { fulfilment: "to_fulfil", pageSize: 100 });
    expect(page.total).toBe(page.orders.length);
    for (const row of page.orders) expect(row.fulfilment).toBe("unfulfilled");
  });

  it("puts a packing slip in the order's language with the items, their options and the address, and no prices", async () => {
    const shopper = await insertUser(t.db);
    const { productId, variantId } = await insertProduct(t.db, { stock: 5 });
    const address = { firstName: "Marta", lastName: "Ruiz", address: "Calle Mayor 1", city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES", phone: "+34 600 000 000" };
    const slipOf = async (locale: string, method: OrderShippingMethod) => {
      const [order] = await t.db
        .insert(orders)
        .values({ userId: shopper.id, email: shopper.email, status: "completed", currency: "EUR", subtotalCents: 123456, totalCents: 128899, shippingCents: 5443, paymentProvider: "demo", paidAt: new Date(), locale, shippingAddress: address as never, shippingMethod: method })
        .returning();
      await t.db.insert(orderLines).values({ orderId: order.id, productId, variantId, productTitle: "Leather bag", variantTitle: "Black / Large", quantity: 3, unitPriceCents: 41152, currency: "EUR" });
      const slip = await packingSlipOf(t.db, order.id);
      const dir = mkdtempSync(join(tmpdir(), "slip-"));
      writeFileSync(join(dir, "slip.pdf"), await renderPackingSlipPdf(slip!));
      return { id: order.id, text: execFileSync("pdftotext", ["-layout", join(dir, "slip.pdf"), "-"], { encoding: "utf8" }) };
    };
    const en = await slipOf("en", flatMethod);
    expect(en.text).toContain(`Packing slip · Order #${en.id}`);
    expect(en.text).toMatch(/Leather bag\s+Black \/ Large\s+3/);
    expect(en.text).toContain("Ship to");
    expect(en.text).toContain("Calle Mayor 1");
    expect(en.text).toContain("Spain");
    const es = await slipOf("es", pickupMethod);
    expect(es.text).toContain(`Albarán · Pedido #${es.id}`);
    expect(es.text).toContain("Recogida en tienda");
    expect(es.text).toContain("Calle de Fuencarral 45");
    expect(es.text).toContain("Artículos en total: 3");
    for (const { text } of [en, es]) {
      expect(text).not.toMatch(/€|EUR/);
      for (const cents of [41152, 123456, 128899, 5443]) {
        expect(text).not.toContain(formatMoney(cents, "EUR", "en").replace("€", ""));
        expect(text).not.toContain(formatMoney(cents, "EUR", "es").replace(/\s*€/, ""));
      }
    }
    expect(await packingSlipOf(t.db, 2_000_000_000)).toBeNull();
  });
});

// The notes exactly as their writers record them (checkout, payments, cancellations, repricing, pickup, returns).
const at = new Date("2026-11-27T20:57:39.421Z");
const ev = (type: string, note: string | null, fromStatus: string | null = null, toStatus: string | null = null): HistoryEvent => ({ id: 1, type, note, fromStatus, toStatus, createdAt: at });
const phrases: Array<[HistoryEvent, string, string]> = [
  [ev("created", "Stock reserved until 2026-11-27T20:57:39.421Z", null, "pending"), "Order placed; items reserved until Nov 27, 2026, 9:57 PM", "Pedido realizado; artículos reservados hasta el 27 nov 2026, 21:57"],
  [ev("created", "Stock reserved until paid or cancelled", null, "pending"), "Order placed; items reserved until it is paid or cancelled", "Pedido realizado; artículos reservados hasta que se pague o se cancele"],
  [ev("status_changed", "Paid through demo (event pay_demo_1001_abc)", "pending", "completed"), "Payment received (Demo payment)", "Pago recibido (Pago de demostración)"],
  [ev("status_changed", "Paid through bank_transfer (event offline_1001)", "pending", "completed"), "Payment received (Bank transfer)", "Pago recibido (Transferencia bancaria)"],
  [ev("status_changed", null, "completed", "shipped"), "Shipped", "Enviado"],
  [ev("status_changed", "Reservation expired without payment", "pending", "cancelled"), "Order cancelled: the reservation ended without payment", "Pedido cancelado: la reserva terminó sin pago"],
  [ev("status_changed", "Payment session expired", "pending", "cancelled"), "Order cancelled: the payment session expired", "Pedido cancelado: la sesión de pago caducó"],
  [ev("status_changed", "Payment failed", "pending", "cancelled"), "Order cancelled: the payment failed", "Pedido cancelado: el pago falló"],
  [ev("status_changed", "Payment cancelled by the shopper", "pending", "cancelled"), "Order cancelled: the payment was cancelled", "Pedido cancelado: se canceló el pago"],
  [ev("status_changed", "Payment provider stripe could not open a session", "pending", "cancelled"), "Order cancelled: the payment could not be started", "Pedido cancelado: no se pudo iniciar el pago"],
  [ev("status_changed", "Replaced by a new checkout of the same cart", "pending", "cancelled"), "Order cancelled: a new checkout of the same cart replaced it", "Pedido cancelado: lo sustituyó un nuevo pago del mismo carrito"],
  [ev("status_changed", "Cancelled by admin@example.com.", "pending", "cancelled"), "Order cancelled by the shop", "Pedido cancelado por la tienda"],
  [ev("status_changed", "Cancelled by admin@example.com. Refund re_123.", "completed", "cancelled"), "Order cancelled and the payment refunded", "Pedido cancelado y pago reembolsado"],
  [ev("status_changed", "Cancelled. Not refunded through the provider.", "completed", "cancelled"), "Order cancelled; the payment was not refunded through the payment provider", "Pedido cancelado; el pago no se reembolsó a través del proveedor de pago"],
  [ev("payment_received", "Cash collected, marked by admin@example.com"), "Cash collected on delivery", "Cobro contra reembolso recibido"],
  [ev("payment_mismatch", "Paid 36000 EUR, order total is 36270 EUR; not completed (event pay_1)"), "A payment of €360.00 arrived, but the order total is €362.70: the order was not marked as paid", "Llegó un pago de 360,00\u00a0€, pero el total del pedido es 362,70\u00a0€: el pedido no se marcó como pagado"],
  [ev("payment_after_cancel", "Payment pay_1 received for a cancelled order; needs refund"), "A payment arrived after the order was cancelled: it must be refunded", "Llegó un pago después de cancelar el pedido: hay que reembolsarlo"],
  [ev("repriced", "Taxed for ES (was default rates), shipping Standard 500: total 36270 → 36770 EUR"), "Taxes and shipping recalculated for Spain: total €362.70 → €367.70", "Impuestos y envío recalculados para España: total 362,70\u00a0€ → 367,70\u00a0€"],
  [ev("ready_for_pickup", null), "Ready for pickup", "Listo para recoger"],
  [ev("return_requested", "Return #7: Too small"), "Return #7 requested: “Too small”", "Devolución n.º 7 solicitada: «Too small»"],
  [ev("return_approved", "Return #7: requested → approved"), "Return #7 approved", "Devolución n.º 7 aprobada"],
  [ev("return_rejected", "Return #7: requested → rejected"), "Return #7 declined", "Devolución n.º 7 rechazada"],
  [ev("return_received", "Return #7: approved → received"), "Return #7: items received back", "Devolución n.º 7: artículos recibidos"],
  [ev("return_refunded", "Return #7: received → refunded (refund re_9)"), "Return #7 refunded", "Devolución n.º 7 reembolsada"],
  [ev("refunded", "Refund #3 of 1250 EUR: Arrived late (re_1001_refund)"), "Refund #3: €12.50 given back, “Arrived late”", "Reembolso n.º 3: 12,50\u00a0€ devueltos, «Arrived late»"],
];

describe("order history in words", () => {
  const ctx = (locale: "en" | "es") => ({ locale, currency: "EUR", timeZone: "Europe/Madrid", pickup: false });

  it.each(phrases)("%# %o reads in both languages", (event, en, es) => {
    expect(describeOrderEvent(event, ctx("en")).text).toBe(en);
    expect(describeOrderEvent(event, ctx("es")).text).toBe(es);
  });

  it("a pickup order's handover reads as picked up", () => {
    expect(describeOrderEvent(ev("status_changed", null, "completed", "shipped"), { ...ctx("es"), pickup: true }).text).toBe("Recogido en el punto de recogida");
  });

  it("covers every event type the code writes", () => {
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.includes(".test.")) {
          const source = readFileSync(path, "utf8");
          if (!/recordOrderEvent|orderEventInsert|insertPendingOrder|type: "created"/.test(source)) continue;
          for (const m of source.matchAll(/type: "([a-z_]+)"/g)) written.add(m[1]);
          // The returns' steps write `return_${to}` for each status a return moves to.
          if (source.includes("type: `return_${to}`")) for (const to of ["approved", "rejected", "received", "refunded"]) written.add(`return_${to}`);
        }
      }
    };
    walk(join(process.cwd(), "src"));
    // Other records those files write (a payment event's type, a document's): not order history.
    const notOrderEvents = new Set(["cash_collected"]);
    const eventTypes = [...written].filter((type) => !notOrderEvents.has(type));
    expect(eventTypes.length).toBeGreaterThan(8);
    expect(eventTypes.filter((type) => !(orderEventTypes as readonly string[]).includes(type))).toEqual([]);
    for (const type of orderEventTypes) expect(phrases.some(([e]) => e.type === type), type).toBe(true);
  });

  it("admins get the record behind Details; customers neither the record nor the shop's payment checks", () => {
    const events = phrases.map(([e], i) => ({ ...e, id: i + 1 }));
    const admin = orderHistoryLines(events, ctx("en"), "admin");
    expect(admin).toHaveLength(events.length);
    expect(admin.find((l) => l.text === "Payment received (Demo payment)")?.details).toEqual(["Paid through demo (event pay_demo_1001_abc)"]);
    const customer = orderHistoryLines(events, ctx("en"), "customer");
    expect(customer.every((l) => l.details.length === 0)).toBe(true);
    expect(customer.map((l) => l.text).join("\n")).not.toMatch(/A payment|recalculated|pay_demo|re_123/);
  });
});
