import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { user } from "@/server/db/schema/auth";
import { orders } from "@/server/db/schema/orders";
import { returns } from "@/server/db/schema/returns";
import { customerNotes } from "@/server/db/schema/customers";
import { newsletterSubscribers } from "@/server/db/schema/newsletter";
import { auditLog } from "@/server/db/schema/operations";
import { customerCsvLines, listCustomers } from "@/features/customers/list-service";
import { addCustomerNote, listCustomerNotes } from "@/features/customers/notes-service";
import { loadCustomerPage } from "@/features/customers/customer-page";
import { customerKeyOf, parseCustomerKey } from "@/features/customers/schemas";

/*
 * docs/product.md#admin-customers: accounts and guest addresses in one list, an account's guest orders counted for it,
 * money spent net of refunds in the shop's currency, search, paging, the export; notes audit-logged.
 */

type Db = TestDatabase["db"];
const staff = { userId: "usr_staff", email: "staff@example.com" };
let seq = 0;

async function account(db: Db, email: string, name: string, createdAt = new Date("2026-01-01T00:00:00Z")) {
  const id = `usr_cust_${++seq}`;
  await db.insert(user).values({ id, name, email, createdAt });
  return id;
}

async function order(db: Db, o: { userId?: string | null; email: string; status?: "pending" | "completed" | "shipped" | "cancelled"; totalCents: number; currency?: string; at: string; paid?: boolean }) {
  const status = o.status ?? "completed";
  const [row] = await db
    .insert(orders)
    .values({
      userId: o.userId ?? null,
      email: o.email,
      status,
      currency: o.currency ?? "EUR",
      subtotalCents: o.totalCents,
      totalCents: o.totalCents,
      createdAt: new Date(o.at),
      paidAt: o.paid === false || status === "pending" ? null : new Date(o.at),
    })
    .returning({ id: orders.id });
  return row.id;
}

async function refundedReturn(db: Db, orderId: number, userId: string, linesCents: number, shippingCents = 0, status: "refunded" | "received" = "refunded") {
  await db.insert(returns).values({ orderId, userId, status, reason: "Too small", linesCents, shippingCents });
  // A refunded return adds to the order's refunded total, as the returns service does (docs/product.md#refunds).
  if (status === "refunded") await db.update(orders).set({ refundedCents: sql`${orders.refundedCents} + ${linesCents + shippingCents}` }).where(eq(orders.id, orderId));
}

describeOnEachDatabase("customers", (kind) => {
  let t: TestDatabase;
  let ana: string;
  let bea: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.db;
    ana = await account(db, "ana@example.com", "Ana García");
    bea = await account(db, "bea@example.com", "Beatriz 100%_Ruiz");
    await account(db, "carla@example.com", "Carla Sin Pedidos");
    // Ana: two kept orders, one refunded in part (lines 1000 + shipping 495), a received-not-refunded return ignored,
    // a pending one and a cancelled one; a guest order with her address in another case counts for her account.
    const a1 = await order(db, { userId: ana, email: "ana@example.com", totalCents: 10_000, at: "2026-03-01T10:00:00Z" });
    const a2 = await order(db, { userId: ana, email: "ana@example.com", status: "shipped", totalCents: 5_000, at: "2026-03-05T10:00:00Z" });
    await refundedReturn(db, a2, ana, 1_000, 495);
    await refundedReturn(db, a1, ana, 700, 0, "received");
    await order(db, { userId: ana, email: "ana@example.com", status: "pending", totalCents: 9_999, at: "2026-03-06T10:00:00Z" });
    await order(db, { userId: ana, email: "ana@example.com", status: "cancelled", totalCents: 7_777, at: "2026-03-02T10:00:00Z" });
    await order(db, { email: "ANA@example.com", totalCents: 2_000, at: "2026-03-07T10:00:00Z" });
    // Bea: one order in another currency (counted, not added).
    await order(db, { userId: bea, email: "bea@example.com", totalCents: 3_000, currency: "USD", at: "2026-02-01T10:00:00Z" });
    // Guests: two orders of one address (mixed case), one whose only order never got paid.
    await order(db, { email: "guest@example.com", totalCents: 1_500, at: "2026-03-03T10:00:00Z" });
    await order(db, { email: "Guest@Example.com", status: "shipped", totalCents: 2_500, at: "2026-03-04T10:00:00Z" });
    await order(db, { email: "=cmd@example.com", status: "cancelled", totalCents: 4_000, at: "2026-02-10T10:00:00Z", paid: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists accounts and guest addresses once each, with paid orders, spent net of refunds in the shop's currency and the last order", async () => {
    const { rows, total, pageCount } = await listCustomers(t.db, { currency: "EUR" });
    expect(total).toBe(5);
    expect(pageCount).toBe(1);
    const view = rows.map((r) => [r.email, r.userId ? "account" : "guest", r.orders, r.spentCents, r.lastOrderAt?.toISOString().slice(0, 10) ?? null]);
    expect(view).toEqual([
      // Ana: 10000 + (5000 − 1495) + 2000 (her address's guest order); paid orders: 2 + the cancelled paid one + the guest one.
      ["ana@example.com", "account", 4, 15_505, "2026-03-07"],
      ["guest@example.com", "guest", 2, 4_000, "2026-03-04"],
      ["=cmd@example.com", "guest", 0, 0, "2026-02-10"],
      ["bea@example.com", "account", 1, 0, "2026-02-01"],
      ["carla@example.com", "account", 0, 0, null],
    ]);
    // In dollars only Bea's order counts.
    const usd = await listCustomers(t.db, { currency: "usd" });
    expect(usd.rows.find((r) => r.email === "bea@example.com")?.spentCents).toBe(3_000);
    expect(usd.rows.find((r) => r.email === "ana@example.com")?.spentCents).toBe(0);
  });

  it("searches names and addresses case-insensitively, with % and _ as plain characters, and pages", async () => {
    expect((await listCustomers(t.db, { currency: "EUR", q: "GARCÍA" })).rows.map((r) => r.email)).toEqual(["ana@example.com"]);
    expect((await listCustomers(t.db, { currency: "EUR", q: "guest@" })).rows.map((r) => r.email)).toEqual(["guest@example.com"]);
    expect((await listCustomers(t.db, { currency: "EUR", q: "100%_" })).rows.map((r) => r.email)).toEqual(["bea@example.com"]);
    expect((await listCustomers(t.db, { currency: "EUR", q: "%" })).rows.map((r) => r.email)).toEqual(["bea@example.com"]);
    expect((await listCustomers(t.db, { currency: "EUR", q: "nobody" })).total).toBe(0);
    const second = await listCustomers(t.db, { currency: "EUR", page: 2, pageSize: 2 });
    expect([second.page, second.pageCount, second.total]).toEqual([2, 3, 5]);
    expect(second.rows.map((r) => r.email)).toEqual(["=cmd@example.com", "bea@example.com"]);
    // A page past the end shows the last one.
    const past = await listCustomers(t.db, { currency: "EUR", page: 9, pageSize: 2 });
    expect([past.page, past.rows.map((r) => r.email)]).toEqual([3, ["carla@example.com"]]);
  });

  it("exports every matching customer as CSV rows, amounts as decimals of the shop's currency", async () => {
    const rows: unknown[][] = [];
    for await (const batch of customerCsvLines(t.db, { currency: "EUR" })) rows.push(...batch);
    expect(rows[0]).toEqual(["email", "name", "type", "orders", "total_spent", "currency", "last_order_at"]);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ["ana@example.com", "Ana García", "account", 4, "155.05", "EUR"],
      ["guest@example.com", "", "guest", 2, "40.00", "EUR"],
      ["=cmd@example.com", "", "guest", 0, "0.00", "EUR"],
      ["bea@example.com", "Beatriz 100%_Ruiz", "account", 1, "0.00", "EUR"],
      ["carla@example.com", "Carla Sin Pedidos", "account", 0, "0.00", "EUR"],
    ]);
  });

  it("a customer page: the account's orders with its address's guest orders, returns, newsletter consent; a guest's own", async () => {
    await t.db.insert(newsletterSubscribers).values({ email: "ana@example.com", status: "confirmed", token: `tok_${kind}_ana` });
    const page = await loadCustomerPage(t.db, { kind: "account", userId: ana }, "EUR");
    expect(page?.figures).toMatchObject({ orders: 4, spentCents: 15_505 });
    expect(page?.orders.map((o) => [o.totalCents, o.guest])).toEqual([[2_000, true], [9_999, false], [5_000, false], [7_777, false], [10_000, false]]);
    expect(page?.returns.map((r) => [r.status, r.cents])).toEqual(expect.arrayContaining([["refunded", 1_495], ["received", 700]]));
    expect(page?.newsletter).toBe("confirmed");
    const guest = await loadCustomerPage(t.db, parseCustomerKey(customerKeyOf({ userId: null, email: "Guest@example.com" }))!, "EUR");
    expect(guest?.figures).toMatchObject({ orders: 2, spentCents: 4_000 });
    expect(guest?.orders).toHaveLength(2);
    expect(guest?.newsletter).toBeNull();
    // No such customer: an unknown account, an address without orders, an address that belongs to an account.
    expect(await loadCustomerPage(t.db, { kind: "account", userId: "usr_nobody" }, "EUR")).toBeNull();
    expect(await loadCustomerPage(t.db, { kind: "guest", email: "nobody@example.com" }, "EUR")).toBeNull();
    expect(await loadCustomerPage(t.db, { kind: "guest", email: "ana@example.com" }, "EUR")).toBeNull();
  });

  it("customer keys round-trip and refuse what is not one", () => {
    expect(parseCustomerKey(customerKeyOf({ userId: "abc_DEF-1", email: "x@example.com" }))).toEqual({ kind: "account", userId: "abc_DEF-1" });
    expect(parseCustomerKey(customerKeyOf({ userId: null, email: "Mixed@Example.com" }))).toEqual({ kind: "guest", email: "mixed@example.com" });
    for (const bad of ["", "x_1", "a_", "a_%E0%A4%A", "a_../etc", `g_${Buffer.from("not an email").toString("base64url")}`, 42]) expect(parseCustomerKey(bad)).toBeNull();
  });

  it("notes: added with an audit row, newest first; an unknown customer is refused and nothing is written", async () => {
    await addCustomerNote(t.db, staff, { kind: "account", userId: ana }, "Prefers delivery after 18:00");
    await addCustomerNote(t.db, staff, { kind: "guest", email: "guest@example.com" }, "Asked for an invoice by phone");
    await addCustomerNote(t.db, staff, { kind: "account", userId: ana }, "VIP");
    expect((await listCustomerNotes(t.db, { kind: "account", userId: ana })).map((n) => [n.body, n.authorEmail])).toEqual([
      ["VIP", "staff@example.com"],
      ["Prefers delivery after 18:00", "staff@example.com"],
    ]);
    expect((await listCustomerNotes(t.db, { kind: "guest", email: "GUEST@example.com" })).map((n) => n.body)).toEqual(["Asked for an invoice by phone"]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "customer-note-added"));
    expect(audit.map((a) => [a.entity, a.entityId, a.actorEmail])).toEqual(
      expect.arrayContaining([["customer", ana, "staff@example.com"], ["customer", "guest@example.com", "staff@example.com"]]),
    );
    const before = (await t.db.select().from(customerNotes)).length;
    await expect(addCustomerNote(t.db, staff, { kind: "account", userId: "usr_nobody" }, "x")).rejects.toMatchObject({ code: "customerNotFound" });
    await expect(addCustomerNote(t.db, staff, { kind: "guest", email: "nobody@example.com" }, "x")).rejects.toMatchObject({ code: "customerNotFound" });
    await expect(addCustomerNote(t.db, staff, null, "x")).rejects.toMatchObject({ code: "customerNotFound" });
    expect(await t.db.select().from(customerNotes)).toHaveLength(before);
  });
});
