import { afterAll, beforeAll, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { payDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { optOutOfReminders, sendDueReminders } from "@/features/reminders/service";
import { emailOfOptOutToken, optOutToken } from "@/features/reminders/opt-out-token";
import { mailOutbox } from "@/server/db/schema/operations";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree } from "./checkout-fixtures";

const secret = "reminder-test-secret-0123456789abcdef";
const hour = 60 * 60_000;

describeOnEachDatabase("unpaid-checkout reminder", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
  });
  afterAll(async () => t?.close());

  const created = new Date("2030-01-01T10:00:00Z");
  const ctx = (now: Date) => ({ afterMinutes: 60, baseUrl: "http://shop.test", storeName: "Vitrina", secret, now });
  const remindersTo = (email: string) =>
    t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "checkout-reminder")));

  /** A pending order made at `created`, holding its stock for three hours. */
  async function pendingOrder(locale = "en") {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }], locale), demoProvider(), {
      now: created,
      reservationMs: 3 * hour,
    });
    return { shopper, checkout };
  }

  it("sends one email with the way back to pay once the order has waited long enough, and never a second", async () => {
    const { shopper, checkout } = await pendingOrder("es");
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 59 * 60_000)))).not.toContain(checkout.orderId);
    expect(await remindersTo(shopper.email)).toHaveLength(0);

    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 61 * 60_000)))).toContain(checkout.orderId);
    const [mail] = await remindersTo(shopper.email);
    expect(mail.subject).toBe(`Tu pedido n.º ${checkout.orderId} en Vitrina espera el pago`);
    expect(mail.text).toContain(checkout.url);
    expect(mail.text).toContain("http://shop.test/es/reminders/opt-out?token=");
    expect(mail.text).toContain("http://shop.test/es/orders/lookup");

    // The next sweeps (and two at once) send nothing more.
    const later = new Date(created.getTime() + 90 * 60_000);
    const [a, b] = await Promise.all([sendDueReminders(t.db, ctx(later)), sendDueReminders(t.db, ctx(later))]);
    expect([...a, ...b]).not.toContain(checkout.orderId);
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 2 * hour)))).not.toContain(checkout.orderId);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it("with a reservation shorter than the delay, the reminder is due when a third of the reservation remains", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider(), {
      now: created,
      reservationMs: 30 * 60_000,
    });
    // 30-minute hold, 60-minute delay: due at +20 min (10 of 30 minutes left), not at +19.
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 19 * 60_000)))).not.toContain(checkout.orderId);
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 20 * 60_000)))).toContain(checkout.orderId);
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 25 * 60_000)))).not.toContain(checkout.orderId);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it("never reminds a paid order or one whose reservation has ended", async () => {
    const paid = await pendingOrder();
    await payDemoSession(t.db, paid.checkout.sessionId, paid.shopper.id, { enqueueConfirmation: async () => {} });
    const unpaid = await pendingOrder();
    await sendDueReminders(t.db, ctx(new Date(created.getTime() + 3 * hour + 1)));
    await sendDueReminders(t.db, ctx(new Date(created.getTime() + 61 * 60_000)));
    expect(await remindersTo(paid.shopper.email)).toHaveLength(0);
    // The second sweep above was at +61 min, inside the reservation: the unpaid one is reminded there, not after it ended.
    expect(await remindersTo(unpaid.shopper.email)).toHaveLength(1);
    const ended = await pendingOrder();
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 3 * hour + 1)))).not.toContain(ended.checkout.orderId);
    expect(await remindersTo(ended.shopper.email)).toHaveLength(0);
  });

  it("an address that opted out through its signed link gets no reminder; a forged link names no one", async () => {
    const { shopper, checkout } = await pendingOrder();
    const token = optOutToken(shopper.email, secret);
    expect(emailOfOptOutToken(token, secret)).toBe(shopper.email.toLowerCase());
    expect(emailOfOptOutToken(token, "another-secret-0123456789abcdefghij")).toBeNull();
    expect(emailOfOptOutToken(`${Buffer.from("victim@example.com").toString("base64url")}.${token.split(".")[1]}`, secret)).toBeNull();
    await optOutOfReminders(t.db, shopper.email.toUpperCase());
    expect(await sendDueReminders(t.db, ctx(new Date(created.getTime() + 61 * 60_000)))).not.toContain(checkout.orderId);
    expect(await remindersTo(shopper.email)).toHaveLength(0);
  });
});
