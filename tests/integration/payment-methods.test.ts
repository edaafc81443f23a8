import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutForRequest } from "@/features/checkout/request-checkout";
import { expireStaleOrders } from "@/features/checkout/service";
import { markPaidByHand } from "@/features/orders/admin-service";
import { OrderAdminError } from "@/features/orders/errors";
import { PaymentMethodError } from "@/features/payments/errors";
import { paymentMethodInputSchema } from "@/features/payments/schemas";
import { checkoutPaymentMethods, listPaymentMethods, savePaymentMethod } from "@/features/payments/service";
import { setDatabaseForTests } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { invoices } from "@/server/db/schema/invoices";
import { auditLog } from "@/server/db/schema/operations";
import { paymentMethods } from "@/server/db/schema/payment-methods";
import { resetSettingsForTests, settings } from "@/server/env";
import { checkoutInput, confirmationEmailsTo, insertProduct, insertUser, orderById, stockOf } from "./checkout-fixtures";

const admin = { userId: "admin_payments", email: "admin@example.com" };
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
    const checkout = await checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }], "es"), new Headers(), "bank_transfer");
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
    await expect(markPaidByHand(t.db, admin, checkout.orderId)).rejects.toBeInstanceOf(OrderAdminError);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    expect(await stockOf(t.db, variantId)).toBe(2);
  });

  it("an unpaid transfer is cancelled when its days run out: stock back, and the shopper is told", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 1 });
    const checkout = await checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }]), new Headers(), "bank_transfer");
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
    await expect(checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }]), new Headers(), "stripe")).rejects.toMatchObject({ code: "payment_unavailable" });
    const checkout = await checkoutForRequest(checkoutInput(shopper, [{ variantId, quantity: 1 }]), new Headers());
    expect((await orderById(t.db, checkout.orderId)).paymentProvider).toBe("demo");
  });
});
