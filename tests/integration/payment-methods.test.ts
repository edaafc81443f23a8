import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutForRequest } from "@/features/checkout/request-checkout";
import { guestCheckoutAddress } from "@/features/checkout/guest-address";
import { expireStaleOrders } from "@/features/checkout/service";
import { markPaidByHand, shipOrder } from "@/features/orders/admin-service";
import { OrderError } from "@/features/orders/errors";
import { PaymentMethodError } from "@/features/payments/errors";
import { paymentMethodInputSchema } from "@/features/payments/schemas";
import { cashOnDeliveryServes, checkoutPaymentMethods, listPaymentMethods, savePaymentMethod } from "@/features/payments/service";
import { listZones, saveMethod, saveZone } from "@/features/shipping/admin-service";
import { methodInputSchema, zoneInputSchema } from "@/features/shipping/schemas";
import { setDatabaseForTests } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { invoices } from "@/server/db/schema/invoices";
import { auditLog } from "@/server/db/schema/operations";
import { paymentMethods } from "@/server/db/schema/payment-methods";
import { resetSettingsForTests, settings } from "@/server/env";
import { checkoutInput, confirmationEmailsTo, insertProduct, insertUser, orderById, stockOf } from "./checkout-fixtures";

const admin = { userId: "admin_payments", email: "admin@example.com" };
const spain = { firstName: "Ana", lastName: "García", phone: "+34 600 000 000", address: "Calle Mayor 1", city: "Madrid", state: "M", zipCode: "28013", country: "ES" };
const withAddress = (input: ReturnType<typeof checkoutInput>, country = "ES") => ({ ...input, shippingAddress: { ...spain, country } });
const account = { accountHolder: "Vitrina Talleres SL", account: "ES91 2100 0418 4502 0005 1332", bankName: "CaixaBank", holdDays: 3 };

async function mailsTo(db: TestDatabase["db"], email: string, kind: string) {
  return queryRows<{ subject: string; text: string }>(db, sql`select subject, text from mail_outbox where kind = ${kind} and to_address = ${email}`);
}

describeOnEachDatabase("payment methods", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    process.env.PAYMENT_PROVIDER = "demo";
    resetSettingsForTests();
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  const save = (input: Record<string, unknown>) => savePaymentMethod(t.db, admin, paymentMethodInputSchema.parse(input), settings(), "EUR");

  it("before anything is saved, PAYMENT_PROVIDER's method is the one on; methods lacking secrets or details say why", async () => {
    const methods = await listPaymentMethods(t.db, settings());
    expect(methods.filter((m) => m.enabled).map((m) => m.id)).toEqual(["demo"]);
    expect(methods.find((m) => m.id === "stripe")?.unavailable).toEqual({ kind: "env", missing: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] });
    expect(methods.find((m) => m.id === "mercadopago")?.unavailable).toEqual({ kind: "env", missing: ["MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"] });
    expect(methods.find((m) => m.id === "bank_transfer")?.unavailable).toEqual({ kind: "details" });
    expect(methods.find((m) => m.id === "cash_on_delivery")?.unavailable).toBeNull();
  });

  it("refuses to enable what cannot take payment, or to turn the last method off, and changes nothing", async () => {
    await expect(save({ method: "stripe", enabled: true })).rejects.toMatchObject({ code: "paymentMethodUnavailable" });
    await expect(save({ method: "bank_transfer", enabled: true, accountHolder: "", account: "", bankName: "", holdDays: 3 })).rejects.toBeInstanceOf(PaymentMethodError);
    await expect(save({ method: "demo", enabled: false })).rejects.toMatchObject({ code: "paymentMethodLastOne" });
    expect(await t.db.select().from(paymentMethods)).toEqual([]);
    // A malformed account or a hold of 0 days is refused by the schema before any of it is read.
    expect(paymentMethodInputSchema.safeParse({ method: "bank_transfer", enabled: true, ...account, account: "ES91<script>" }).success).toBe(false);
    expect(paymentMethodInputSchema.safeParse({ method: "bank_transfer", enabled: true, ...account, holdDays: 0 }).success).toBe(false);
  });

  it("enabling a transfer keeps the method PAYMENT_PROVIDER had on, and is audit-logged", async () => {
    await save({ method: "bank_transfer", enabled: true, ...account });
    expect((await checkoutPaymentMethods(t.db, settings())).map((m) => m.id)).toEqual(["demo", "bank_transfer"]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "payment_method.update"), eq(auditLog.entityId, "bank_transfer")));
    expect(audit).toMatchObject({ actorEmail: admin.email, before: expect.objectContaining({ enabled: false }), after: expect.objectContaining({ enabled: true, account: account.account }) });
  });

  it("a transfer order waits with its stock held for the configured days, and says how to pay; the admin marks it paid once and the invoice is issued", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 3, priceCents: 4200 });
    const before = Date.now();
    const checkout = await checkoutForRequest(withAddress(checkoutInput(shopper, [{ variantId, quantity: 1 }], "es")), new Headers(), "bank_transfer");
    // No hosted page: straight to the success page, which shows the account.
    expect(checkout.url).toContain(`/success?from=cart&order_id=${checkout.orderId}`);
    const order = await orderById(t.db, checkout.orderId);
    expect(order).toMatchObject({ status: "pending", paymentProvider: "bank_transfer" });
    expect(order.reservedUntil!.getTime() - before).toBeGreaterThanOrEqual(3 * 86_400_000 - 60_000);
    expect(await stockOf(t.db, variantId)).toBe(2);
    const [instructions] = await mailsTo(t.db, shopper.email, "order-awaiting-transfer");
    expect(instructions.text).toContain(account.account);
    expect(instructions.text).toContain(`Referencia: ${checkout.orderId}`);
    expect(instructions.text).toContain("42,00");
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, checkout.orderId))).toEqual([]);

    await markPaidByHand(t.db, admin, checkout.orderId);
    expect(await orderById(t.db, checkout.orderId)).toMatchObject({ status: "completed", reservedUntil: null });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, checkout.orderId))).toHaveLength(1);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "mark_paid"), eq(auditLog.entityId, String(checkout.orderId))));
    expect(audits).toHaveLength(1);
    // A second click (or a second admin) is refused and records nothing more.
    await expect(markPaidByHand(t.db, admin, checkout.orderId)).rejects.toBeInstanceOf(OrderError);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    expect(await stockOf(t.db, variantId)).toBe(2);
  });

  it("marking paid commits with its audit row: when the audit row cannot be written, the order stays unpaid and nothing is issued", async () => {
    // Text with a NUL byte is refused by PostgreSQL (and PGlite): a real failure of the audit insert, nothing stubbed.
    const broken = { userId: admin.userId, email: "admin\u0000@example.com" };
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 2 });
    const transfer = await checkoutForRequest(withAddress(checkoutInput(shopper, [{ variantId, quantity: 1 }])), new Headers(), "bank_transfer");
    await expect(markPaidByHand(t.db, broken, transfer.orderId)).rejects.toThrow();
    expect(await orderById(t.db, transfer.orderId)).toMatchObject({ status: "pending", paidAt: null });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, transfer.orderId))).toEqual([]);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(0);
    // Nothing half-done blocks the next try: it pays the order and writes its one audit row.
    await markPaidByHand(t.db, admin, transfer.orderId);
    expect((await orderById(t.db, transfer.orderId)).status).toBe("completed");
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, "mark_paid"), eq(auditLog.entityId, String(transfer.orderId))))).toHaveLength(1);
  });

  it("an unpaid transfer is cancelled when its days run out: stock back, and the shopper is told", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 1 });
    const checkout = await checkoutForRequest(withAddress(checkoutInput(shopper, [{ variantId, quantity: 1 }])), new Headers(), "bank_transfer");
    // A day before the hold ends nothing happens; after it, the sweeper cancels.
    expect(await expireStaleOrders(t.db, new Date(Date.now() + 2 * 86_400_000))).not.toContain(checkout.orderId);
    expect(await expireStaleOrders(t.db, new Date(Date.now() + 3 * 86_400_000 + 60_000))).toContain(checkout.orderId);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("cancelled");
    expect(await stockOf(t.db, variantId)).toBe(1);
    const [expired] = await mailsTo(t.db, shopper.email, "order-transfer-expired");
    expect(expired.subject).toContain(`#${checkout.orderId}`);
    // A card order marked paid by hand is refused: only money paid outside a provider is marked by an admin.
    const cardShopper = await insertUser(t.db);
    const card = await checkoutForRequest(checkoutInput(cardShopper, [{ variantId: (await insertProduct(t.db)).variantId, quantity: 1 }]), new Headers(), "demo");
    await expect(markPaidByHand(t.db, admin, card.orderId)).rejects.toMatchObject({ code: "transferNotPayable" });
  });

  it("a method the shop does not offer is refused at checkout; none chosen is the first offered", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db);
    await expect(checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }]), new Headers(), "stripe")).rejects.toMatchObject({ code: "payment_method_unavailable" });
    // No hosted page asks a transfer shopper where to ship: without an address from the address book it is refused.
    await expect(checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }]), new Headers(), "bank_transfer")).rejects.toMatchObject({ code: "payment_method_address" });
    const checkout = await checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }]), new Headers());
    expect((await orderById(t.db, checkout.orderId)).paymentProvider).toBe("demo");
  });

  it("cash on delivery adds its fee, is refused outside its zones, never expires, ships unpaid and is invoiced when the cash is collected", async () => {
    // France gets a zone (and a method) of its own; cash on delivery is offered in the home zone only.
    const [home] = await listZones(t.db);
    await saveZone(t.db, admin, zoneInputSchema.parse({ id: home.id, nameEn: home.nameEn, nameEs: home.nameEs, countries: home.countries.filter((c) => c !== "FR").join(","), sortOrder: 0 }));
    const france = await saveZone(t.db, admin, zoneInputSchema.parse({ id: null, nameEn: "France", nameEs: "Francia", countries: "FR", sortOrder: 1 }));
    if (!france.ok) throw new Error(france.code);
    await saveMethod(t.db, admin, methodInputSchema("EUR").parse({ id: null, zoneId: france.id, kind: "flat", nameEn: "Colissimo", nameEs: "Colissimo", deliveryEn: "3 days", deliveryEs: "3 días", rate: "9.90", freeAbove: "", bands: "", pickupAddress: "", pickupHoursEn: "", pickupHoursEs: "", active: true, sortOrder: 0 }));
    await save({ method: "cash_on_delivery", enabled: true, fee: "2.50", zoneIds: [home.id, home.id] });
    expect((await listPaymentMethods(t.db, settings())).find((m) => m.id === "cash_on_delivery")?.cashOnDelivery).toEqual({ feeCents: 250, zoneIds: [home.id] });
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 2, priceCents: 20000 });
    const items = [{ variantId, quantity: 1 }];
    // Outside its zones (France ships, by card): refused, nothing reserved; a country in no zone at all too.
    await expect(checkoutForRequest(withAddress(checkoutInput(shopper, items), "FR"), new Headers(), "cash_on_delivery")).rejects.toMatchObject({ code: "payment_method_country", params: { country: "FR" } });
    await expect(checkoutForRequest(withAddress(checkoutInput(shopper, items), "JP"), new Headers(), "cash_on_delivery")).rejects.toMatchObject({ code: "payment_method_country", params: { country: "JP" } });
    expect(await stockOf(t.db, variantId)).toBe(2);
    // A zone deleted since serves nothing (it does not widen to every zone); none listed serves every zone.
    expect(cashOnDeliveryServes({ feeCents: 0, zoneIds: [2_000_000] }, home.id)).toBe(false);
    expect(cashOnDeliveryServes({ feeCents: 0, zoneIds: [] }, france.id)).toBe(true);
    expect(cashOnDeliveryServes({ feeCents: 0, zoneIds: [] }, null)).toBe(true);
    const card = await checkoutForRequest(withAddress(checkoutInput(await insertUser(t.db), items)), new Headers(), "demo");
    const cash = await checkoutForRequest(withAddress(checkoutInput(shopper, items)), new Headers(), "cash_on_delivery");
    // The fee is charged with shipping (free above the threshold for the card order): exactly 250 more.
    expect(cash.totalCents - card.totalCents).toBe(250);
    const order = await orderById(t.db, cash.orderId);
    expect(order).toMatchObject({ status: "pending", paymentProvider: "cash_on_delivery", reservedUntil: null });
    expect(await expireStaleOrders(t.db, new Date(Date.now() + 365 * 86_400_000))).not.toContain(cash.orderId);

    await shipOrder(t.db, admin, cash.orderId, { carrier: "seur", trackingNumber: "COD1" });
    expect(await orderById(t.db, cash.orderId)).toMatchObject({ status: "shipped", paidAt: null });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, cash.orderId))).toEqual([]);
    // The audit row commits with the collected cash, or neither does.
    await expect(markPaidByHand(t.db, { ...admin, email: "admin\u0000@example.com" }, cash.orderId)).rejects.toThrow();
    expect(await orderById(t.db, cash.orderId)).toMatchObject({ status: "shipped", paidAt: null });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, cash.orderId))).toEqual([]);
    await markPaidByHand(t.db, admin, cash.orderId);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, "mark_paid"), eq(auditLog.entityId, String(cash.orderId))))).toHaveLength(1);
    const paid = await orderById(t.db, cash.orderId);
    expect(paid.status).toBe("shipped");
    expect(paid.paidAt).not.toBeNull();
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, cash.orderId))).toHaveLength(1);
    await expect(markPaidByHand(t.db, admin, cash.orderId)).rejects.toMatchObject({ code: "transferNotPayable" });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, cash.orderId))).toHaveLength(1);
    // A card order still ships only once paid.
    await expect(shipOrder(t.db, admin, card.orderId, { carrier: "seur", trackingNumber: "CARD1" })).rejects.toMatchObject({ code: "illegalTransition" });
  });

  it("a guest pays by transfer with the address typed under 'Continue as guest'; a bad one is named on its field", async () => {
    process.env.GUEST_CHECKOUT = "true";
    resetSettingsForTests();
    await save({ method: "bank_transfer", enabled: true, ...account });
    try {
      expect(await guestCheckoutAddress(t.db, { ...spain, country: "MX", phone: "llámame" })).toEqual({ ok: false, fieldErrors: { phone: "phoneInvalid" } });
      expect(await guestCheckoutAddress(t.db, { ...spain, country: "JP" })).toEqual({ ok: false, fieldErrors: { country: "countryNotShipped" } });
      expect(await guestCheckoutAddress(t.db, "not an address")).toMatchObject({ ok: false, fieldErrors: { firstName: "required", country: "required" } });
      const typed = await guestCheckoutAddress(t.db, { ...spain, country: "mx", city: "Ciudad de México", zipCode: "03100" });
      if (!typed.ok) throw new Error("the address was refused");
      const { variantId } = await insertProduct(t.db, { stock: 3, priceCents: 1500 });
      const guest = { ...checkoutInput({ id: "", email: "guest-mx@example.com" }, [{ variantId, quantity: 1 }], "es"), userId: null };
      // Without the address a transfer is refused, as for an account with none saved.
      await expect(checkoutForRequest(guest, new Headers(), "bank_transfer")).rejects.toMatchObject({ code: "payment_method_address" });
      const result = await checkoutForRequest({ ...guest, shippingAddress: typed.address }, new Headers(), "bank_transfer");
      expect(result.url).toMatch(/token=/);
      const order = await orderById(t.db, result.orderId);
      expect(order).toMatchObject({ userId: null, email: "guest-mx@example.com", status: "pending", paymentProvider: "bank_transfer" });
      expect(order.shippingAddress).toMatchObject({ country: "MX", city: "Ciudad de México", zipCode: "03100" });
      expect(await stockOf(t.db, variantId)).toBe(2);
      // Paid by hand: the invoice's buyer is the typed address, its country named in the order's language.
      await markPaidByHand(t.db, admin, result.orderId);
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, result.orderId));
      expect(invoice.buyer).toMatchObject({ name: "Ana García", address: "Calle Mayor 1, 03100 Ciudad de México, M, México" });
    } finally {
      delete process.env.GUEST_CHECKOUT;
      resetSettingsForTests();
    }
  });
});

describeOnEachDatabase("cash on delivery's countries become zones (migration 0066)", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.close());

  const migration = readFileSync(join(process.cwd(), "drizzle/0066_cash_on_delivery_zones.sql"), "utf8").split("--> statement-breakpoint");
  async function migrateFrom(settings: Record<string, unknown>, enabled = true) {
    await t.db.execute(sql`delete from payment_methods`);
    await t.db.execute(sql`insert into payment_methods (method, enabled, settings) values ('cash_on_delivery', ${enabled}, ${JSON.stringify(settings)}::jsonb)`);
    for (const statement of migration) await t.db.execute(sql.raw(statement));
    const [row] = await t.db.select().from(paymentMethods);
    return { enabled: row.enabled, settings: row.settings };
  }

  it("maps listed countries to the zones holding them, keeps 'every' as every, and turns off a list no zone serves", async () => {
    // The migrations' own zone 1 holds ES, PT, MX…; a second zone holds JP here.
    await t.db.execute(sql`insert into shipping_zones (id, name_en, name_es, sort_order) values (50, 'Japan', 'Japón', 5)`);
    await t.db.execute(sql`insert into shipping_zone_countries (country, zone_id) values ('JP', 50)`);
    expect(await migrateFrom({ feeCents: 250, countries: ["ES", "PT", "JP"] })).toEqual({ enabled: true, settings: { feeCents: 250, zoneIds: [1, 50] } });
    expect(await migrateFrom({ feeCents: 250, countries: ["ES"] })).toEqual({ enabled: true, settings: { feeCents: 250, zoneIds: [1] } });
    expect(await migrateFrom({ feeCents: 0, countries: [] })).toEqual({ enabled: true, settings: { feeCents: 0, zoneIds: [] } });
    expect(await migrateFrom({ feeCents: 0, countries: ["KR"] })).toEqual({ enabled: false, settings: { feeCents: 0, zoneIds: [] } });
    // A row already in the new shape is left as it is.
    expect(await migrateFrom({ feeCents: 100, zoneIds: [50] })).toEqual({ enabled: true, settings: { feeCents: 100, zoneIds: [50] } });
  });
});
