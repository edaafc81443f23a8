import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { confirmPayment } from "@/features/orders/service";
import { paymentEvents } from "@/server/db/schema/orders";
import { mailOutbox } from "@/server/db/schema/operations";
import { checkoutInput, confirmationEmailsTo, demoProvider, insertProduct, insertUser, orderById } from "./checkout-fixtures";

/*
 * The confirmation email is part of the payment's transaction (docs/product.md#mail-delivery): both commit or
 * neither does, so no paid order exists without its queued confirmation.
 */
describeOnEachDatabase("mail written with the change that causes it", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  it("a paid order and its confirmation commit together: a failing outbox write leaves the order pending and the event unrecorded", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 3, priceCents: 2000 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), demoProvider());
    const input = { provider: "demo", eventId: "evt_tx", sessionId: checkout.sessionId, amountCents: checkout.totalCents, currency: "EUR" };

    await expect(
      confirmPayment(t.db, input, {
        enqueueConfirmation: async () => {
          throw new Error("disk full");
        },
      }),
    ).rejects.toThrow("disk full");
    expect((await orderById(t.db, checkout.orderId)).status).toBe("pending");
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_tx"))).toEqual([]);
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(0);

    // The provider's redelivery of the same event then completes it, with exactly one queued confirmation.
    expect((await confirmPayment(t.db, input)).outcome).toBe("completed");
    expect(await confirmationEmailsTo(t.db, shopper.email)).toBe(1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, shopper.email));
    expect(mail).toMatchObject({ kind: "order-confirmation", status: "pending", attempts: 0 });
  });
});
