import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { addAddress } from "@/features/addresses/service";
import { createCheckout } from "@/features/checkout/service";
import { payDemoSessionWithAddress } from "@/features/checkout/demo-payment/demo-payment";
import { subscribe } from "@/features/newsletter/service";
import { submitContactMessage } from "@/features/contact/service";
import { contactMessages } from "@/server/db/schema/contact";
import { DELETED_ACCOUNT, deleteAccount, exportUserData, passwordMatches } from "@/features/privacy/service";
import { account, session, user } from "@/server/db/schema/auth";
import { auditLog, mailOutbox } from "@/server/db/schema/operations";
import { customerAddresses } from "@/server/db/schema/addresses";
import { newsletterSubscribers } from "@/server/db/schema/newsletter";
import { addCustomerNote } from "@/features/customers/notes-service";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree, orderById } from "./checkout-fixtures";

const countries = ["ES"];
const home = { firstName: "Ana", lastName: "García", phone: "+34 600 111 222", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28013", country: "ES" };

describeOnEachDatabase("data rights", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
  });
  afterAll(async () => t?.close());

  /** A customer with a password, a session, an address, a paid order and a newsletter subscription. */
  async function customer() {
    const shopper = await insertUser(t.db);
    await t.db.insert(account).values({ id: `acc_${shopper.id}`, accountId: shopper.id, providerId: "credential", userId: shopper.id, password: await hashPassword("correct-horse-1") });
    await t.db.insert(session).values({ id: `ses_${shopper.id}`, token: `tok_${shopper.id}`, userId: shopper.id, expiresAt: new Date(Date.now() + 3_600_000) });
    await addAddress(t.db, shopper.id, home, countries);
    const { variantId } = await insertProduct(t.db, { stock: 3, priceCents: 4200 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider(), {});
    await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, home, countries, { enqueueConfirmation: async () => {} });
    await subscribe(t.db, { email: shopper.email, locale: "en" }, `198.51.100.${Math.floor(Math.random() * 200)}`, { baseUrl: "http://shop.test", storeName: "Vitrina" });
    const contact = await submitContactMessage(t.db, { name: "Ana", email: shopper.email, message: "Where is my parcel, please?", locale: "en" }, `198.51.100.${Math.floor(Math.random() * 200)}`, { email: "owner@shop.test", storeName: "Vitrina" });
    expect(contact).toEqual({ ok: true });
    return { ...shopper, orderId: checkout.orderId };
  }

  it("exports the account, addresses, orders and subscriptions of the customer only", async () => {
    const shopper = await customer();
    const other = await customer();
    const staff = { userId: "staff_notes", email: "staff@shop.test" };
    await addCustomerNote(t.db, staff, { kind: "account", userId: shopper.id }, "Prefers delivery after 6 pm.");
    await addCustomerNote(t.db, staff, { kind: "account", userId: other.id }, "Someone else's note.");
    const data = await exportUserData(t.db, shopper.id);
    expect(data?.account.email).toBe(shopper.email);
    expect(data?.addresses).toEqual([{ ...home, isDefault: true }]);
    expect(data?.orders.map((o) => [o.id, o.totalCents, o.status, o.shippingAddress?.address])).toEqual([[shopper.orderId, 4200, "completed", "Calle Mayor 1"]]);
    expect(data?.orders[0].lines).toEqual([expect.objectContaining({ quantity: 1, unitPriceCents: 4200 })]);
    expect(data?.subscriptions.newsletter).toEqual([expect.objectContaining({ email: shopper.email, status: "pending" })]);
    expect(data?.contactMessages).toEqual([expect.objectContaining({ email: shopper.email.toLowerCase(), message: "Where is my parcel, please?" })]);
    expect(data?.notesByTheShop).toEqual([{ note: "Prefers delivery after 6 pm.", writtenAt: expect.any(Date) }]);
    expect(JSON.stringify(data)).not.toContain("correct-horse");
    expect(JSON.stringify(data)).not.toContain("staff@shop.test");
  });

  it("checks the password before anything else", async () => {
    const shopper = await customer();
    expect(await passwordMatches(t.db, shopper.id, "wrong-password")).toBe(false);
    expect(await passwordMatches(t.db, shopper.id, "")).toBe(false);
    expect(await passwordMatches(t.db, shopper.id, "correct-horse-1")).toBe(true);
  });

  it("deletes the account: orders kept with the person taken out, sessions and everything else gone, audit when an admin did it", async () => {
    const shopper = await customer();
    const admin = await insertUser(t.db);
    expect(await deleteAccount(t.db, shopper.id, { userId: admin.id, email: admin.email })).toEqual({ email: shopper.email.toLowerCase(), ordersKept: 1 });

    const order = await orderById(t.db, shopper.orderId);
    expect(order.userId).toBe(DELETED_ACCOUNT.id);
    expect(order.email).toBe(DELETED_ACCOUNT.email);
    expect(order.totalCents).toBe(4200);
    expect(order.status).toBe("completed");
    expect(order.shippingAddress).toEqual({ firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zipCode: "", country: "ES" });
    expect(JSON.stringify(order)).not.toContain(shopper.email);

    expect(await t.db.select().from(user).where(eq(user.id, shopper.id))).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, shopper.id))).toEqual([]);
    expect(await t.db.select().from(account).where(eq(account.userId, shopper.id))).toEqual([]);
    expect(await t.db.select().from(customerAddresses).where(eq(customerAddresses.userId, shopper.id))).toEqual([]);
    expect(await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, shopper.email.toLowerCase()))).toEqual([]);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, shopper.email.toLowerCase()))).toEqual([]);
    // Nor the mail that carried their message to the shop (addressed to the shop, not to them).
    expect(JSON.stringify(await t.db.select().from(mailOutbox))).not.toContain(shopper.email);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, shopper.id));
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([["account.delete", admin.email]]);
    expect(JSON.stringify(audit)).not.toContain(shopper.email);

    // A second customer's deletion reuses the same placeholder account; the placeholder itself cannot be deleted.
    const other = await customer();
    expect((await deleteAccount(t.db, other.id))?.ordersKept).toBe(1);
    expect(await deleteAccount(t.db, DELETED_ACCOUNT.id)).toBeNull();
    expect(await deleteAccount(t.db, shopper.id)).toBeNull();
  });
});
