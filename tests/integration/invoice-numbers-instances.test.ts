import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { openDatabase, type Db } from "@/server/db/client";
import { createCheckout } from "@/features/checkout/service";
import { confirmPayment } from "@/features/orders/service";
import { invoices } from "@/server/db/schema/invoices";
import { checkoutInput, demoProvider, insertProduct, insertUser } from "./checkout-fixtures";

/*
 * Two instances of the shop on one PostgreSQL database (two connection pools, as two processes behind a load balancer
 * have): payments confirmed on both at once still number their invoices 1…N without a gap or a duplicate
 * (docs/decisions/0080-gap-free-invoice-numbers.md). PGlite is one process by nature; its concurrency case is in
 * money.test.ts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("invoice numbers across two instances [postgres]", () => {
  let t: TestDatabase;
  let second: { db: Db; close: () => Promise<void> };
  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    second = await openDatabase({ databaseUrl: t.url!, poolSize: 10 });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("20 payments split over two pools give invoices 1…20 of the year", async () => {
    const checkouts = [];
    for (let i = 0; i < 20; i++) {
      const shopper = await insertUser(t.db);
      const { variantId } = await insertProduct(t.db, { stock: 5 });
      checkouts.push(await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }], "en"), demoProvider(), { sweepIntervalMs: 3_600_000 }));
    }
    const outcomes = await Promise.all(
      checkouts.map((c, i) =>
        confirmPayment(i % 2 === 0 ? t.db : second.db, { provider: "demo", eventId: `evt_instances_${i}`, sessionId: c.sessionId, amountCents: c.totalCents, currency: "EUR" }, { enqueueConfirmation: async () => {} }),
      ),
    );
    expect(outcomes.every((o) => o.outcome === "completed")).toBe(true);
    const rows = await t.db.select().from(invoices).where(eq(invoices.kind, "invoice"));
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const year = new Date().getUTCFullYear();
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    expect(rows.every((r) => r.number.startsWith(`${year}-0000`))).toBe(true);
  });
});
