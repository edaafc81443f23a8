import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, withTestDatabase, type TestDatabase } from "../helpers/test-database";
import { insertProduct, insertUser, stockOf } from "./checkout-fixtures";
import { orderEvents, orderLines, orders } from "@/server/db/schema/orders";
import { profiles } from "@/server/db/schema/auth";
import { createDemoProvider } from "@/server/payments/demo-provider";
import type { PaymentProvider } from "@/server/payments/provider";
import { OrderError } from "@/features/orders/errors";
import { listAuditLog } from "../../src/server/audit";
import { csvCell, toCsv } from "../../src/lib/csv";
import { cancelOrderAsAdmin, shipOrder } from "../../src/features/orders/admin-service";
import { loadDashboard } from "../../src/features/dashboard/service";

const parcel = { carrier: "seur", trackingNumber: "SEUR123456" };
const actor = { userId: "usr_admin", email: "admin@example.com" };
const demo = createDemoProvider({ baseUrl: "http://shop.test" });

/** A paid order of `quantity` units whose stock was taken at checkout (as the checkout does). */
async function paidOrder(db: TestDatabase["db"], opts: { quantity?: number; status?: "completed" | "pending" | "shipped" | "cancelled"; totalCents?: number; currency?: string; createdAt?: Date } = {}) {
  const shopper = await insertUser(db);
  const quantity = opts.quantity ?? 2;
  const { productId, variantId } = await insertProduct(db, { stock: 5 - quantity });
  const total = opts.totalCents ?? 2500 * quantity;
  const [order] = await db
    .insert(orders)
    .values({
      userId: shopper.id,
      email: shopper.email,
      status: opts.status ?? "completed",
      currency: opts.currency ?? "EUR",
      subtotalCents: total,
      totalCents: total,
      paymentProvider: "demo",
      createdAt: opts.createdAt ?? new Date(),
      // Paid as a provider's confirmation marks it (completed and shipped orders were paid; cancelled ones here were not).
      paidAt: opts.status === undefined || opts.status === "completed" || opts.status === "shipped" ? (opts.createdAt ?? new Date()) : null,
    })
    .returning();
  await db.insert(orderLines).values({ orderId: order.id, productId, variantId, productTitle: "Bag", variantTitle: "Black", quantity, unitPriceCents: 2500, currency: "EUR" });
  return { order, variantId, shopper };
}

describeOnEachDatabase("admin order operations and dashboard", (kind) => {
  const database = withTestDatabase(kind);

  it("marks a paid order as shipped, records it in the order history and the audit log", async () => {
    const { db } = database;
    const { order } = await paidOrder(db);
    await shipOrder(db, actor, order.id, parcel);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("shipped");
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => `${e.fromStatus}->${e.toStatus}`)).toContain("completed->shipped");
    expect((await listAuditLog(db)).rows[0]).toMatchObject({ action: "ship", entity: "order", entityId: String(order.id), actorEmail: actor.email });
    // Shipping again is refused in words an admin can act on.
    await expect(shipOrder(db, actor, order.id, parcel)).rejects.toMatchObject({ code: "illegalTransition" });
  });

  it("cancelling a paid order refunds it through its provider and restocks once", async () => {
    const { db } = database;
    const { order, variantId } = await paidOrder(db, { quantity: 2 });
    expect(await stockOf(db, variantId)).toBe(3);
    const refunded: number[] = [];
    const provider: PaymentProvider = { ...demo, refund: async (o) => (refunded.push(o.id), demo.refund(o)) };
    await cancelOrderAsAdmin(db, actor, order.id, () => provider);
    expect(refunded).toEqual([order.id]);
    expect(await stockOf(db, variantId)).toBe(5);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("cancelled");
    await expect(cancelOrderAsAdmin(db, actor, order.id, () => provider)).rejects.toBeInstanceOf(OrderError);
    expect(await stockOf(db, variantId)).toBe(5);
    expect(refunded).toHaveLength(1);
  });

  it("a refused refund leaves the order paid and the stock untouched", async () => {
    const { db } = database;
    const { order, variantId } = await paidOrder(db);
    const failing: PaymentProvider = { ...demo, refund: async () => Promise.reject(new Error("card network down")) };
    const error = await cancelOrderAsAdmin(db, actor, order.id, () => failing).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "refundFailed" });
    expect((error as OrderError).params.detail).toContain("card network down");
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("completed");
    expect(await stockOf(db, variantId)).toBe(3);
  });

  it("dashboard: revenue and sales count only paid orders of the period in the store currency; users count profiles; 30 days of bars", async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const { db } = fresh;
      const now = new Date("2026-03-31T12:00:00Z");
      await paidOrder(db, { totalCents: 1000, createdAt: new Date("2026-03-30T10:00:00Z") });
      await paidOrder(db, { totalCents: 2000, status: "shipped", createdAt: new Date("2026-03-30T11:00:00Z") });
      await paidOrder(db, { totalCents: 9999, status: "pending", createdAt: new Date("2026-03-30T12:00:00Z") });
      await paidOrder(db, { totalCents: 7777, status: "cancelled", createdAt: new Date("2026-03-29T12:00:00Z") });
      await paidOrder(db, { totalCents: 500, createdAt: new Date("2026-01-01T12:00:00Z") }); // before both periods
      const u = await insertUser(db);
      await db.insert(profiles).values({ id: u.id, email: u.email });
      const data = await loadDashboard(db, { currency: "EUR", timeZone: "UTC", now });
      expect(data.netCents).toBe(3000);
      expect(data.salesCount).toBe(2);
      expect(data.userCount).toBe(1);
      expect(data.toFulfil).toBe(2);
      expect(data.points).toHaveLength(30);
      expect(data.points.at(-1)!.start).toBe("2026-03-31");
      expect(data.points.find((d) => d.start === "2026-03-30")).toMatchObject({ start: "2026-03-30", count: 2, cents: 3000 });
      expect(data.points.find((d) => d.start === "2026-03-29")!.count).toBe(0);
      expect(data.latest[0].totalCents).toBe(9999);
    } finally {
      await fresh.close();
    }
  });
});

it("CSV cells are quoted and formula-looking cells are neutralised", () => {
  expect(csvCell('He said "hi", twice')).toBe('"He said ""hi"", twice"');
  expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe('"\'=HYPERLINK(""http://evil"")"');
  expect(csvCell("+1")).toBe("'+1");
  expect(csvCell("-1")).toBe("'-1");
  expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvCell(null)).toBe("");
  expect(toCsv([["a", "b"], [1, "x,y"]])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
});
