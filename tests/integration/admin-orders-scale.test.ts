import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutInput, demoProvider, insertProduct, insertUser } from "./checkout-fixtures";
import { orders } from "@/server/db/schema/orders";
import { queryRows } from "@/server/db/rows";
import { createCheckout } from "@/features/checkout/service";
import { cancelOrder, confirmPayment } from "@/features/orders/service";
import { countOrdersForAdmin, listOrdersForAdmin, ordersCsvLines, ordersForExport } from "@/features/orders/admin-order-list";
import { loadDashboard } from "@/features/dashboard/service";
import { csvStream, toCsv } from "@/lib/csv";

/*
 * The admin's order list, export and dashboard as they work at a million orders (docs/performance.md#a-million-orders):
 * counters kept by triggers instead of counts, pages found from either end of the index, the email filter through
 * the distinct addresses, the export in batches after the last row written. Each is checked against the plain
 * answer (a count, a full sorted read) on a small shop.
 */
describeOnEachDatabase("admin orders at scale: counters, paging, filters, export", (kind) => {
  let t: TestDatabase;
  const tag = `scale-${kind}`;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  /** Orders written as an import would (several per statement), on given days, some at the very same instant. */
  async function insertOrders(rows: Array<{ email: string; status: "pending" | "completed" | "shipped" | "cancelled"; at: string; total?: number; currency?: string }>) {
    return t.db
      .insert(orders)
      .values(rows.map((r) => ({ email: r.email, status: r.status, currency: r.currency ?? "EUR", subtotalCents: r.total ?? 1000, totalCents: r.total ?? 1000, createdAt: new Date(r.at) })))
      .returning({ id: orders.id });
  }

  async function countersMatchOrders() {
    const counted = await queryRows<{ status: string; currency: string; day: string; n: number; cents: number }>(
      t.db,
      sql`SELECT status, currency, to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n, sum(total_cents)::int AS cents
          FROM orders GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const kept = await queryRows<{ status: string; currency: string; day: string; n: number; cents: number }>(
      t.db,
      sql`SELECT status, currency, to_char(day, 'YYYY-MM-DD') AS day, sum(orders)::int AS n, sum(total_cents)::int AS cents
          FROM order_counts GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 OR sum(total_cents) <> 0 ORDER BY 1, 2, 3`,
    );
    expect(kept).toEqual(counted);
  }

  it("the counters per status, currency and day follow inserts, payments, cancellations, edits and deletes", async () => {
    await insertOrders([
      { email: `a.${tag}@example.com`, status: "shipped", at: "2025-03-01T23:59:59.999Z", total: 1200 },
      { email: `b.${tag}@example.com`, status: "completed", at: "2025-03-02T00:00:00Z", total: 800, currency: "USD" },
    ]);
    await countersMatchOrders();
    // Through the services: a checkout, its payment, then an admin's cancellation with refund.
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 2 }]), demoProvider());
    await countersMatchOrders();
    await confirmPayment(t.db, { provider: "demo", eventId: `evt_${checkout.sessionId}`, sessionId: checkout.sessionId, amountCents: checkout.totalCents, currency: "EUR" }, { enqueueConfirmation: async () => {} });
    await countersMatchOrders();
    await cancelOrder(t.db, checkout.orderId, { userId: null, kind: "admin" }, { refund: true }, () => demoProvider());
    await countersMatchOrders();
    // A total, a date and a status changed by hand; an order deleted.
    const [edited] = await insertOrders([{ email: `c.${tag}@example.com`, status: "pending", at: "2025-04-01T10:00:00Z" }]);
    await t.db.update(orders).set({ totalCents: 4321, createdAt: new Date("2025-04-03T10:00:00Z"), status: "cancelled" }).where(eq(orders.id, edited.id));
    await countersMatchOrders();
    await t.db.delete(orders).where(eq(orders.id, edited.id));
    await countersMatchOrders();
  });

  it("pages from both ends of the list give every order once, newest first, ties broken by id", async () => {
    const email = `pages.${tag}@example.com`;
    const same = "2025-05-05T05:05:05.123456Z";
    await insertOrders(Array.from({ length: 11 }, (_, i) => ({ email, status: "completed" as const, at: i % 3 === 0 ? same : `2025-05-0${1 + (i % 7)}T12:00:00Z` })));
    const expected = (await t.db.select({ id: orders.id, at: orders.createdAt }).from(orders).where(eq(orders.email, email)))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
      .map((o) => o.id);
    const seen: number[] = [];
    const first = await listOrdersForAdmin(t.db, { email, pageSize: 4 });
    expect(first.total).toBe(11);
    expect(first.pageCount).toBe(3);
    for (let page = 1; page <= first.pageCount; page++) seen.push(...(await listOrdersForAdmin(t.db, { email, pageSize: 4, page })).orders.map((o) => o.id));
    expect(seen).toEqual(expected);
    // Without a filter the count comes from the counters and the late pages are read from the oldest end.
    const all = await listOrdersForAdmin(t.db, { pageSize: 3 });
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(all.total).toBe(n);
    const everything: number[] = [];
    for (let page = 1; page <= all.pageCount; page++) everything.push(...(await listOrdersForAdmin(t.db, { pageSize: 3, page })).orders.map((o) => o.id));
    const sorted = (await t.db.select({ id: orders.id, at: orders.createdAt }).from(orders)).sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);
    expect(everything).toEqual(sorted.map((o) => o.id));
    expect((await listOrdersForAdmin(t.db, { pageSize: 3, page: all.pageCount + 1 })).orders).toEqual([]);
  });

  it("filters by part of the email (case and wildcards as typed), by status and by a range of UTC days", async () => {
    const [mixed, under, other] = await insertOrders([
      { email: `Mixed.Case_${tag}@Example.ES`, status: "completed", at: "2024-12-31T23:30:00Z" },
      { email: `under_${tag}@example.com`, status: "shipped", at: "2025-01-01T00:00:00Z" },
      { email: `underx${tag}@example.com`, status: "shipped", at: "2025-01-02T23:59:59.999Z" },
    ]);
    expect((await listOrdersForAdmin(t.db, { email: `mixed.case_${tag}@example.es` })).orders.map((o) => o.id)).toEqual([mixed.id]);
    // "_" and "%" are letters to look for, not wildcards.
    expect((await listOrdersForAdmin(t.db, { email: `under_${tag}` })).orders.map((o) => o.id)).toEqual([under.id]);
    expect((await listOrdersForAdmin(t.db, { email: `%${tag}` })).total).toBe(0);
    expect((await listOrdersForAdmin(t.db, { email: `under`, status: "shipped" })).orders.map((o) => o.id)).toEqual([other.id, under.id]);
    // Days are UTC and both ends are included; the page count agrees with the rows.
    const january = await listOrdersForAdmin(t.db, { from: "2025-01-01", to: "2025-01-02" });
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE created_at >= '2025-01-01T00:00:00Z' AND created_at < '2025-01-03T00:00:00Z'`);
    expect(january.total).toBe(n);
    expect(january.orders.map((o) => o.id)).toEqual(expect.arrayContaining([under.id, other.id]));
    expect(january.orders.map((o) => o.id)).not.toContain(mixed.id);
    expect((await listOrdersForAdmin(t.db, { from: "2024-12-31", to: "2024-12-31", email: tag })).orders.map((o) => o.id)).toEqual([mixed.id]);
    expect(await countOrdersForAdmin(t.db, { from: "2025-01-02", status: "shipped", email: `underx${tag}` })).toBe(1);
  });

  it("the export walks every matching order once in batches, and its CSV equals the one-piece CSV", async () => {
    const email = `export.${tag}@example.com`;
    const same = "2025-06-06T06:06:06.654321Z";
    await insertOrders(Array.from({ length: 7 }, (_, i) => ({ email, status: "completed" as const, at: i < 4 ? same : `2025-06-0${i}T00:00:00Z` })));
    const batches: number[][] = [];
    for await (const batch of ordersForExport(t.db, { email }, 2)) batches.push(batch.map((o) => o.id));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 2, 1]);
    const listed = (await listOrdersForAdmin(t.db, { email, pageSize: 100 })).orders.map((o) => o.id);
    expect(batches.flat()).toEqual(listed);

    // Decoded keeping the byte-order mark (Response.text() would drop it): the file starts with it, as toCsv's does.
    const text = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    const streamed = await text(csvStream(ordersCsvLines(t.db, { email })));
    const rows: unknown[][] = [];
    for await (const batch of ordersCsvLines(t.db, { email })) rows.push(...batch);
    expect(streamed).toBe(toCsv(rows));
    expect(streamed.trimEnd().split("\r\n")).toHaveLength(8);
    expect(await text(csvStream(ordersCsvLines(t.db, { email: "nobody-at-all" })))).toBe(toCsv([rows[0]]));
  });

  it("the dashboard's figures equal the ones counted from the orders", async () => {
    const now = new Date("2025-06-20T12:00:00Z");
    const data = await loadDashboard(t.db, { currency: "EUR", timeZone: "UTC", now });
    const [paid] = await queryRows<{ n: number; cents: number }>(
      t.db,
      sql`SELECT count(*)::int AS n, coalesce(sum(total_cents) FILTER (WHERE currency = 'EUR'), 0)::int AS cents FROM orders
          WHERE status IN ('completed', 'shipped') AND created_at >= '2025-05-22T00:00:00Z' AND created_at < '2025-06-21T00:00:00Z'`,
    );
    expect(data.salesCount).toBe(paid.n);
    expect(data.netCents).toBe(paid.cents);
    const days = await queryRows<{ day: string; n: number }>(
      t.db,
      sql`SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM orders
          WHERE status IN ('completed', 'shipped') AND created_at >= '2025-05-22T00:00:00Z' AND created_at < '2025-06-21T00:00:00Z' GROUP BY 1`,
    );
    for (const d of days) expect(data.points.find((x) => x.start === d.day)?.count).toBe(d.n);
    expect(data.points.reduce((s, d) => s + d.count, 0)).toBe(days.reduce((s, d) => s + d.n, 0));
  });

  it("units sold follow a payment and a cancellation by the order's own lines, as a full recount gives them", async () => {
    const shopper = await insertUser(t.db);
    const { productId, variantId } = await insertProduct(t.db, { stock: 9 });
    const soldOf = async () => (await queryRows<{ sold: number }>(t.db, sql`SELECT sold FROM product_facet_stats WHERE product_id = ${productId}`))[0]?.sold;
    const recount = async () =>
      (await queryRows<{ n: number }>(t.db, sql`SELECT coalesce(sum(l.quantity), 0)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = ${productId} AND o.status IN ('completed', 'shipped')`))[0].n;
    expect(await soldOf()).toBe(0);
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 3 }]), demoProvider());
    await confirmPayment(t.db, { provider: "demo", eventId: `evt_${checkout.sessionId}`, sessionId: checkout.sessionId, amountCents: checkout.totalCents, currency: "EUR" }, { enqueueConfirmation: async () => {} });
    expect(await soldOf()).toBe(3);
    expect(await recount()).toBe(3);
    await cancelOrder(t.db, checkout.orderId, { userId: null, kind: "admin" }, { refund: true }, () => demoProvider());
    expect(await soldOf()).toBe(0);
    expect(await recount()).toBe(0);
    expect((await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, [checkout.orderId])))[0].status).toBe("cancelled");
  });
});
