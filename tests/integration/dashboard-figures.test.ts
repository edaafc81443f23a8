import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { orderLines, orders } from "@/server/db/schema/orders";
import { returns } from "@/server/db/schema/returns";
import { checkoutReminders, reminderOptOuts } from "@/server/db/schema/reminders";
import { loadDashboard, periodBuckets } from "@/features/dashboard/service";
import { listUnpaidCheckouts } from "@/features/reminders/service";
import { insertUser } from "./checkout-fixtures";

/*
 * docs/product.md#admin-dashboard: money of kept orders in the shop's currency less refunds, taxes apart, days and
 * weeks on the shop's clock against the period before; docs/product.md#unpaid-checkouts: the unpaid list.
 */

type Db = TestDatabase["db"];

async function order(db: Db, o: { status?: "pending" | "completed" | "shipped" | "cancelled"; totalCents: number; taxCents?: number; currency?: string; at: string; email?: string }) {
  const [row] = await db
    .insert(orders)
    .values({
      email: o.email ?? "shopper@example.com",
      status: o.status ?? "completed",
      currency: o.currency ?? "EUR",
      subtotalCents: o.totalCents,
      totalCents: o.totalCents,
      taxCents: o.taxCents ?? 0,
      createdAt: new Date(o.at),
      // Completed and shipped orders were paid (the provider's confirmation sets it).
      paidAt: (o.status ?? "completed") === "completed" || o.status === "shipped" ? new Date(o.at) : null,
    })
    .returning({ id: orders.id });
  return row.id;
}

async function line(db: Db, orderId: number, productId: string, title: string, quantity: number, totalCents: number, currency = "EUR") {
  await db.insert(orderLines).values({ orderId, productId, variantId: `${productId}_v`, productTitle: title, variantTitle: "-", quantity, unitPriceCents: totalCents / quantity, currency, totalCents });
}

describeOnEachDatabase("dashboard figures and unpaid checkouts", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.db;
    const shopper = await insertUser(db);
    // 02:00 UTC on the 31st is still the 30th in New York (UTC−4 since 8 March).
    const o1 = await order(db, { totalCents: 10_000, taxCents: 1_736, at: "2026-03-31T02:00:00Z" });
    await line(db, o1, "prod_bag", "Leather Bag", 2, 10_000);
    await db.insert(returns).values({ orderId: o1, userId: shopper.id, status: "refunded", reason: "x", linesCents: 2_000, shippingCents: 0 });
    // What the returns service does with it: the order's refunded total (docs/product.md#refunds).
    await db.update(orders).set({ refundedCents: 2_000 }).where(eq(orders.id, o1));
    await db.insert(returns).values({ orderId: o1, userId: shopper.id, status: "requested", reason: "y", linesCents: 5_000, shippingCents: 0 });
    const o2 = await order(db, { status: "shipped", totalCents: 5_000, taxCents: 868, at: "2026-03-31T10:00:00Z" });
    await line(db, o2, "prod_shoe", "Sneaker", 1, 5_000);
    const o3 = await order(db, { totalCents: 9_000, currency: "USD", at: "2026-03-31T11:00:00Z" });
    await line(db, o3, "prod_usd", "Dollar Thing", 9, 9_000, "USD");
    await order(db, { status: "pending", totalCents: 3_000, at: "2026-03-31T11:00:00Z" });
    await order(db, { status: "cancelled", totalCents: 6_000, at: "2026-03-31T11:00:00Z" });
    await order(db, { totalCents: 4_000, at: "2026-02-20T12:00:00Z" }); // the previous 30 days
    await order(db, { totalCents: 700, at: "2026-01-10T12:00:00Z" }); // the previous 12 weeks
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = new Date("2026-03-31T12:00:00Z");

  it("by day: net of refunds, taxes apart, other currencies counted but not added, days on the shop's clock, the previous 30 days beside", async () => {
    const data = await loadDashboard(t.db, { currency: "EUR", timeZone: "America/New_York", now });
    expect(data).toMatchObject({ netCents: 13_000, refundedCents: 2_000, taxCents: 2_604, salesCount: 3, previousNetCents: 4_000, toFulfil: 4 });
    expect(data.points).toHaveLength(30);
    expect(data.points[0].start).toBe("2026-03-02");
    expect(data.points.at(-1)).toMatchObject({ start: "2026-03-31", count: 2, cents: 5_000, previousStart: "2026-03-01" });
    expect(data.points.find((p) => p.start === "2026-03-30")).toMatchObject({ count: 1, cents: 8_000 });
    expect(data.points.find((p) => p.previousStart === "2026-02-20")).toMatchObject({ start: "2026-03-22", previousCount: 1, previousCents: 4_000 });
    expect(data.topProducts).toEqual([
      { productId: "prod_bag", title: "Leather Bag", units: 2, cents: 10_000 },
      { productId: "prod_shoe", title: "Sneaker", units: 1, cents: 5_000 },
    ]);
    // On UTC's clock the early order falls on the 31st.
    const utc = await loadDashboard(t.db, { currency: "EUR", timeZone: "UTC", now });
    expect(utc.points.at(-1)).toMatchObject({ count: 3, cents: 13_000 });
  });

  it("by week: 12 weeks from Monday against the 12 before", async () => {
    const data = await loadDashboard(t.db, { currency: "EUR", timeZone: "America/New_York", now, period: "week" });
    expect(data.points).toHaveLength(12);
    expect(data.points.at(-1)).toMatchObject({ start: "2026-03-30", count: 3, cents: 13_000, previousStart: "2026-01-05", previousCents: 700 });
    expect(data).toMatchObject({ netCents: 17_000, previousNetCents: 700 });
  });

  it.each([
    ["2026-03-31", "day", "2026-03-02", "2026-03-31", "2026-01-31"],
    ["2026-03-01", "day", "2026-01-31", "2026-03-01", "2026-01-01"],
    ["2026-03-29", "week", "2026-01-05", "2026-03-23", "2025-10-13"],
    ["2026-03-30", "week", "2026-01-12", "2026-03-30", "2025-10-20"],
  ] as const)("periods: today %s by %s runs %s–%s, the previous from %s", (today, period, first, last, previousFirst) => {
    const { current, previous } = periodBuckets(today, period);
    expect([current[0], current.at(-1), previous[0]]).toEqual([first, last, previousFirst]);
  });

  it("unpaid checkouts: pending longer than the delay, oldest first, with the reminder sent or not", async () => {
    const db = t.db;
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    const old = await order(db, { status: "pending", totalCents: 1_000, at: at(180), email: "Opted@Example.com" });
    const reminded = await order(db, { status: "pending", totalCents: 2_000, at: at(120), email: "late@example.com" });
    await order(db, { status: "pending", totalCents: 3_000, at: at(30), email: "recent@example.com" });
    await order(db, { status: "completed", totalCents: 4_000, at: at(300), email: "paid@example.com" });
    await db.insert(checkoutReminders).values({ orderId: reminded, sentAt: new Date(at(60)) });
    await db.insert(reminderOptOuts).values({ email: "opted@example.com" });
    const list = await listUnpaidCheckouts(db, { afterMinutes: 60, now });
    // The pending order made in the first test (11:00 UTC, an hour before `now`) is due too, and older ones first.
    const mine = list.rows.filter((r) => [old, reminded].includes(r.id));
    expect(mine.map((r) => [r.id, r.reminderSentAt?.toISOString() ?? null, r.optedOut])).toEqual([
      [old, null, true],
      [reminded, at(60), false],
    ]);
    expect(list.rows.map((r) => r.email)).not.toContain("recent@example.com");
    expect(list.rows.map((r) => r.email)).not.toContain("paid@example.com");
    expect(list.rows.map((r) => r.createdAt.getTime())).toEqual([...list.rows.map((r) => r.createdAt.getTime())].sort((a, b) => a - b));
    const later = await listUnpaidCheckouts(db, { afterMinutes: 150, now });
    expect(later.rows.map((r) => r.id)).toEqual([old]);
  });
});
