import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { insertProduct, insertUser, stockOf } from "./checkout-fixtures";
import { queryRows } from "@/server/db/rows";
import { orderEvents, orderLines, orders } from "@/server/db/schema/orders";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { parseSettings } from "@/server/env";
import { createDemoProvider } from "@/server/payments/demo-provider";
import type { PaymentProvider } from "@/server/payments/provider";
import { cancelOrderAsAdmin, shipOrder } from "../../src/features/orders/admin-service";
import { refundProviderFor } from "../../src/features/orders/refund-provider";

const parcel = { carrier: "seur", trackingNumber: "SEUR123456" };
const actor = { userId: "usr_admin", email: "admin@example.com" };
const address: ShippingAddress = {
  firstName: "Lucía",
  lastName: "Martín",
  phone: "+34 600 000 000",
  address: "Calle Mayor 5",
  city: "Valencia",
  state: "",
  zipCode: "46001",
  country: "ES",
};

async function paidOrder(db: TestDatabase["db"], opts: { locale?: string; provider?: string } = {}) {
  const shopper = await insertUser(db);
  const { productId, variantId } = await insertProduct(db, { stock: 3 });
  const [order] = await db
    .insert(orders)
    .values({
      userId: shopper.id,
      email: shopper.email,
      locale: opts.locale ?? "en",
      status: "completed",
      currency: "EUR",
      subtotalCents: 5000,
      shippingCents: 495,
      totalCents: 5495,
      paymentProvider: opts.provider ?? "demo",
      paymentReference: "pi_test_123",
      shippingAddress: address,
    })
    .returning();
  await db.insert(orderLines).values({ orderId: order.id, productId, variantId, productTitle: "Bolso de cuero", variantTitle: "Negro", quantity: 2, unitPriceCents: 2500, currency: "EUR" });
  return { order, variantId };
}

async function shippedMails(db: TestDatabase["db"], to: string) {
  return queryRows<{ subject: string; text: string; html: string; locale: string }>(
    db,
    sql`select subject, text, html, locale from mail_outbox where kind = 'order-shipped' and to_address = ${to}`,
  );
}

/** A provider that only records refunds: stands for Stripe without the network. */
function recordingProvider(name: "demo" | "stripe") {
  const refunded: number[] = [];
  const provider: PaymentProvider = {
    name,
    createSession: async () => ({ sessionId: "s", url: "http://x" }),
    refund: async (order) => {
      refunded.push(order.id);
      return { refundId: `${name}_fake_refund_${order.id}` };
    },
    parseWebhook: () => ({ kind: "ignored", eventId: "e", rawType: "t" }),
  };
  return { provider, refunded };
}

describeOnEachDatabase("admin order follow-ups: shipped email, refunds through the order's provider", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("marking an order shipped sends one email in the order's language with lines, address and shipping", async () => {
    const { db } = database;
    const { order } = await paidOrder(db, { locale: "es" });
    await shipOrder(db, actor, order.id, parcel);
    const mails = await shippedMails(db, order.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.locale).toBe("es");
    expect(mail.subject).toContain(`n.º ${order.id}`);
    expect(mail.subject).toContain("en camino");
    expect(mail.text).toContain("2 x Bolso de cuero (Negro)");
    expect(mail.text).toContain("Calle Mayor 5");
    expect(mail.text).toContain("46001 Valencia");
    expect(mail.text).toMatch(/Envío: 4,95\s?€/);
    expect(mail.html).toContain("Calle Mayor 5");

    // A second click is refused and sends nothing more.
    await expect(shipOrder(db, actor, order.id, parcel)).rejects.toMatchObject({ code: "illegalTransition" });
    expect(await shippedMails(db, order.email)).toHaveLength(1);
  });

  it("two admins shipping at once: one succeeds, one email", async () => {
    const { db } = database;
    const { order } = await paidOrder(db);
    const results = await Promise.allSettled([shipOrder(db, actor, order.id, parcel), shipOrder(db, actor, order.id, parcel)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const mails = await shippedMails(db, order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].locale).toBe("en");
    expect(mails[0].subject).toContain("is on its way");
  });

  it("a Stripe-paid order is not 'refunded' through the demo provider configured now: refused, order unchanged", async () => {
    const { db } = database;
    const { order, variantId } = await paidOrder(db, { provider: "stripe" });
    const s = parseSettings({ BASE_URL: "http://shop.test", PAYMENT_PROVIDER: "demo" });
    const demo = recordingProvider("demo");
    await expect(cancelOrderAsAdmin(db, actor, order.id, (name) => refundProviderFor(name, s, () => demo.provider))).rejects.toMatchObject({
      code: "refundFailed",
    });
    expect(demo.refunded).toEqual([]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("completed");
    expect(await stockOf(db, variantId)).toBe(3);
  });

  it("an admin's cancel and its audit row commit together: when the audit row cannot be written, nothing is cancelled", async () => {
    const { db } = database;
    const { order, variantId } = await paidOrder(db);
    const auditRows = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(order.id)} and action = 'cancel'`))[0].n;
    // A fault in the database itself: every audit row is refused while the trigger stands.
    await db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`);
    await db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
    try {
      await expect(cancelOrderAsAdmin(db, actor, order.id, () => recordingProvider("demo").provider)).rejects.toThrow();
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(row.status).toBe("completed");
      expect(await stockOf(db, variantId)).toBe(3);
      expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_audit on audit_log`);
      await db.execute(sql`drop function refuse_audit()`);
    }
    await cancelOrderAsAdmin(db, actor, order.id, () => recordingProvider("demo").provider);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("cancelled");
    expect(await auditRows()).toBe(1);
  });

  it("refunds each order through the provider that took its money, whichever is configured", async () => {
    const { db } = database;
    // Configured: Stripe. A demo-era order is refunded by the demo provider, a Stripe order by Stripe.
    const s = parseSettings({ BASE_URL: "http://shop.test", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    const stripe = recordingProvider("stripe");
    const providerFor = (name: string) => refundProviderFor(name, s, () => stripe.provider);

    const demoOrder = await paidOrder(db, { provider: "demo" });
    await cancelOrderAsAdmin(db, actor, demoOrder.order.id, providerFor);
    expect(stripe.refunded).toEqual([]);
    const [demoEvent] = await db.select().from(orderEvents).where(eq(orderEvents.orderId, demoOrder.order.id));
    expect(demoEvent.note).toContain(`demo_refund_${demoOrder.order.id}`);
    expect(await stockOf(db, demoOrder.variantId)).toBe(5);

    const stripeOrder = await paidOrder(db, { provider: "stripe" });
    await cancelOrderAsAdmin(db, actor, stripeOrder.order.id, providerFor);
    expect(stripe.refunded).toEqual([stripeOrder.order.id]);
    const [row] = await db.select().from(orders).where(eq(orders.id, stripeOrder.order.id));
    expect(row.status).toBe("cancelled");
  });

  it("resolves providers by the order's name", () => {
    const demoOnly = parseSettings({ BASE_URL: "http://shop.test" });
    expect(refundProviderFor("demo", demoOnly, () => createDemoProvider({ baseUrl: "http://shop.test" })).name).toBe("demo");
    expect(() => refundProviderFor("stripe", demoOnly)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => refundProviderFor("paypal", demoOnly)).toThrow(/unknown payment provider/);
    const withKey = parseSettings({ BASE_URL: "http://shop.test", STRIPE_SECRET_KEY: "sk_test_x" });
    expect(refundProviderFor("stripe", withKey).name).toBe("stripe");
  });
});
