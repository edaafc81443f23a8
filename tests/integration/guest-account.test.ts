import { authOnEachDatabase } from "../helpers/auth-on-each-database";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { registerOrderEmail } from "@/features/accounts/order-email-account";
import { createCheckout } from "@/features/checkout/service";
import { listOrdersForUser } from "@/features/orders/queries";
import { mailOutbox } from "@/server/db/schema/operations";
import { settings } from "@/server/env";
import { checkoutInput, demoProvider, insertProduct, insertUser, orderById, shipFree } from "./checkout-fixtures";

/*
 * docs/product.md#success-page: "Create an account with this email" on a guest order. The account is the order's
 * email; the verification link is mailed even when the shop does not require verification, and only following it joins
 * the orders: those of that email that belong to no one, never another person's.
 */
authOnEachDatabase("an account for a guest order's email", (t, kind) => {
  beforeAll(async () => {
    await shipFree(t.database.db);
  });

  const guestOrder = async (email: string) => {
    const { variantId } = await insertProduct(t.database.db, { stock: 5 });
    return createCheckout(t.database.db, { ...checkoutInput({ id: "x", email }, [{ variantId, quantity: 1 }]), userId: null }, demoProvider(), { guestCheckout: true });
  };

  it("joins only the verified email's guest orders, after the link is followed", async () => {
    const { auth } = t;
    const origin = settings().baseUrl!;
    const headers = new Headers({ origin, "x-forwarded-for": "203.0.113.90" });
    const email = `joining-${kind}@example.com`;
    const mine = await guestOrder(email);
    const mineAgain = await guestOrder(email.toUpperCase());
    const someoneElses = await guestOrder(`other-${kind}@example.com`);
    // An account's order placed with this address stays that account's.
    const owner = await insertUser(t.database.db);
    const { variantId } = await insertProduct(t.database.db, { stock: 5 });
    const owned = await createCheckout(t.database.db, { ...checkoutInput(owner, [{ variantId, quantity: 1 }]), email }, demoProvider(), {});

    expect(await registerOrderEmail({ name: "Ana Pérez", email, password: "correct-horse-1", locale: "es" }, headers, auth)).toEqual({ ok: true });
    // Registered, not verified: nothing joined yet.
    expect((await orderById(t.database.db, mine.orderId)).userId).toBeNull();

    const [mail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "verify-email")));
    expect(mail.locale).toBe("es");
    const link = /https?:\/\/\S+?verify-email\?[^\s"<]+/.exec(mail.text)?.[0];
    expect((await auth.handler(new Request(link!, { headers: { origin } }))).status).toBe(302);

    const joinedTo = (await orderById(t.database.db, mine.orderId)).userId;
    expect(joinedTo).not.toBeNull();
    expect((await orderById(t.database.db, mineAgain.orderId)).userId).toBe(joinedTo);
    expect((await orderById(t.database.db, someoneElses.orderId)).userId).toBeNull();
    expect((await orderById(t.database.db, owned.orderId)).userId).toBe(owner.id);
    // The joined orders are the new account's (what its profile lists), and only those.
    expect((await listOrdersForUser(t.database.db, joinedTo!)).map((o) => o.id).sort()).toEqual([mine.orderId, mineAgain.orderId].sort());
  });

  it("refuses an email that already has an account, and a short password, creating nothing", async () => {
    const { auth } = t;
    const headers = new Headers({ origin: settings().baseUrl!, "x-forwarded-for": "203.0.113.91" });
    const existing = await insertUser(t.database.db);
    expect(await registerOrderEmail({ name: "Luis", email: existing.email, password: "correct-horse-1", locale: "en" }, headers, auth)).toEqual({ ok: false, error: "userExists" });
    const email = `short-${kind}@example.com`;
    expect(await registerOrderEmail({ name: "Luis", email, password: "short", locale: "en" }, headers, auth)).toEqual({ ok: false, error: "passwordTooShort" });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
  });
});
