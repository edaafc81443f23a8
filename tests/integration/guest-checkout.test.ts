import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
// A fixed secret and base URL, set before the settings are first read; nothing touches ./data.
import "../helpers/auth-test-env";

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createAuth } from "@/features/accounts/auth";
import { createCheckout } from "@/features/checkout/service";
import { cancelDemoSession, payDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { loadGuestOrderPage } from "@/features/orders/guest-order";
import { requestOrderLink } from "@/features/orders/order-lookup";
import { documentForViewer } from "@/features/invoices/queries";
import { sendDueReminders } from "@/features/reminders/service";
import { mailOutbox } from "@/server/db/schema/operations";
import { orders } from "@/server/db/schema/orders";
import { settings } from "@/server/env";
import { checkOrderLinkToken, orderLinkToken } from "@/server/order-link-token";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree, orderById, refusal } from "./checkout-fixtures";

const guestInput = (email: string, variantId: string, locale = "en") => ({ ...checkoutInput({ id: "", email }, [{ variantId, quantity: 1 }], locale), userId: null });
const guestOn = { guestCheckout: true };
const tokenOf = (url: string) => new URL(url).searchParams.get("token");

describe("guest order link token", () => {
  const now = new Date("2030-01-01T00:00:00Z");
  it("attack: forged order link — opens the one order it names until it expires; an edited or foreign one opens nothing", () => {
    const token = orderLinkToken(1001, new Date(now.getTime() + 60_000));
    expect(checkOrderLinkToken(token, now)).toEqual({ kind: "valid", orderId: 1001 });
    expect(checkOrderLinkToken(token, new Date(now.getTime() + 61_000))).toEqual({ kind: "expired", orderId: 1001 });
    expect(checkOrderLinkToken(token.replace(/^1001/, "1002"), now)).toEqual({ kind: "invalid" });
    expect(checkOrderLinkToken(orderLinkToken(1001, new Date(now.getTime() + 60_000), "another-shop-secret-0123456789"), now)).toEqual({ kind: "invalid" });
    for (const junk of [undefined, "", "1001", "x".repeat(500), ["a"]]) expect(checkOrderLinkToken(junk, now).kind).toBe("invalid");
  });
});

describeOnEachDatabase("guest checkout", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
  });
  afterAll(async () => t?.close());

  it("attack: guest checkout while off — refused by the server while GUEST_CHECKOUT is off, in the shopper's language", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const error = await refusal(createCheckout(t.db, guestInput("off@example.com", variantId, "es"), demoProvider(), { guestCheckout: false }), "es");
    expect(error.code).toBe("guest_checkout_off");
    expect(error.status).toBe(403);
    expect(error.message).toContain("necesitas una cuenta");
  });

  it("attack: IDOR — a guest order's link opens its order, payment page and invoice, and nobody else's; another link or account finds nothing", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const checkout = await createCheckout(t.db, guestInput("Guest@Example.com", variantId), demoProvider(), guestOn);
    const order = await orderById(t.db, checkout.orderId);
    expect(order.userId).toBeNull();
    expect(order.email).toBe("Guest@Example.com");
    expect(tokenOf(checkout.url)).toBe(checkout.guestToken);
    expect(checkOrderLinkToken(checkout.guestToken)).toEqual({ kind: "valid", orderId: checkout.orderId });

    // The page through the link; a link to another order, or no link, is refused.
    const page = await loadGuestOrderPage(t.db, checkout.orderId, checkout.guestToken);
    expect(page.kind === "ok" && page.page.order.id).toBe(checkout.orderId);
    expect((await loadGuestOrderPage(t.db, checkout.orderId + 1, checkout.guestToken)).kind).toBe("invalid");
    expect((await loadGuestOrderPage(t.db, checkout.orderId, "nope")).kind).toBe("invalid");
    const expired = orderLinkToken(checkout.orderId, new Date(Date.now() - 1000));
    expect((await loadGuestOrderPage(t.db, checkout.orderId, expired)).kind).toBe("expired");

    // Paying: a stranger's account or another guest order's link finds nothing; the link pays.
    const stranger = await insertUser(t.db);
    expect(await payDemoSession(t.db, checkout.sessionId, stranger.id)).toEqual({ kind: "not_found" });
    expect(await payDemoSession(t.db, checkout.sessionId, { guestOrderId: checkout.orderId + 1 })).toEqual({ kind: "not_found" });
    const paid = await payDemoSession(t.db, checkout.sessionId, { guestOrderId: checkout.orderId });
    expect(paid.kind).toBe("redirect");
    expect(paid.kind === "redirect" && tokenOf(paid.url)).toBe(checkout.guestToken);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("completed");

    // The confirmation email carries a private link to the order page (the guest has no profile).
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, "Guest@Example.com"), eq(mailOutbox.kind, "order-confirmation")));
    expect(mail.text).toMatch(new RegExp(`${settings().baseUrl}/orders/${checkout.orderId}\\?token=${checkout.orderId}\\.`));
    // The invoice: the link holder sees it, a link to another order does not.
    expect(await documentForViewer(t.db, { guestOrderId: checkout.orderId }, checkout.orderId, { kind: "invoice" })).not.toBeNull();
    expect(await documentForViewer(t.db, { guestOrderId: checkout.orderId + 1 }, checkout.orderId, { kind: "invoice" })).toBeNull();
  });

  it("lets the link holder cancel, and reminds the guest with a payment link that works", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const created = new Date(Date.now() - 61 * 60_000);
    const checkout = await createCheckout(t.db, guestInput("remind-me@example.com", variantId), demoProvider(), { ...guestOn, now: created, reservationMs: 3 * 3_600_000 });
    const sent = await sendDueReminders(t.db, { afterMinutes: 60, baseUrl: "http://shop.test", storeName: "Vitrina" });
    expect(sent).toContain(checkout.orderId);
    const [reminder] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, "remind-me@example.com"), eq(mailOutbox.kind, "checkout-reminder")));
    expect(reminder.text).toContain(checkout.url);
    // Back to the shop with the link, so the cart can be refilled for the guest too.
    const cancelled = await cancelDemoSession(t.db, checkout.sessionId, { guestOrderId: checkout.orderId });
    expect(cancelled.kind === "redirect" && tokenOf(cancelled.url)).toBe(checkout.guestToken);
    expect((await orderById(t.db, checkout.orderId)).status).toBe("cancelled");
  });

  it("counts a guest's unpaid orders per address against the same caps as an account's", async () => {
    const limits = { maxPendingOrders: 2, maxHeldUnits: 100, rate: { account: 100, client: 100, windowSeconds: 600 } };
    const variants = await Promise.all([1, 2, 3].map(() => insertProduct(t.db, { stock: 5 })));
    for (const { variantId } of variants.slice(0, 2)) await createCheckout(t.db, guestInput("cap@example.com", variantId), demoProvider(), { ...guestOn, limits });
    const error = await refusal(createCheckout(t.db, guestInput("CAP@example.com", variants[2].variantId), demoProvider(), { ...guestOn, limits }));
    expect(error.code).toBe("too_many_pending_orders");
    // Another address is another customer.
    await createCheckout(t.db, guestInput("other-cap@example.com", variants[2].variantId), demoProvider(), { ...guestOn, limits });
  });

  it("attack: order enumeration — the lookup answers the same for a found and a missing order, mails only the address's owner, and slows down", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const checkout = await createCheckout(t.db, guestInput("lookup@example.com", variantId), demoProvider(), guestOn);
    const ctx = { clientAddress: "198.51.100.9", baseUrl: "http://shop.test", storeName: "Vitrina" };
    const ask = (email: string, orderNumber: string, clientAddress = ctx.clientAddress) => requestOrderLink(t.db, { email, orderNumber, locale: "es" }, { ...ctx, clientAddress });
    const mails = () => t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, "lookup@example.com"), eq(mailOutbox.kind, "order-link"))).orderBy(desc(mailOutbox.id));

    expect(await ask("nobody@example.com", `#${checkout.orderId}`)).toEqual({ kind: "sent" });
    expect(await ask("lookup@example.com", String(checkout.orderId + 999))).toEqual({ kind: "sent" });
    expect(await mails()).toHaveLength(0);
    expect(await ask("LOOKUP@example.com", `#${checkout.orderId}`)).toEqual({ kind: "sent" });
    const [mail] = await mails();
    expect(mail.subject).toBe(`Tu enlace al pedido n.º ${checkout.orderId} en Vitrina`);
    const link = /http:\/\/shop\.test\/es\/orders\/\d+\?token=[^\s"<]+/.exec(mail.text)?.[0];
    const page = await loadGuestOrderPage(t.db, checkout.orderId, decodeURIComponent(tokenOf(link!)!));
    expect(page.kind).toBe("ok");

    // Five per address an hour (from any client), then "try later" — for a found and a missing order alike.
    for (let i = 0; i < 3; i++) expect((await ask("lookup@example.com", "1", `203.0.113.${i}`)).kind).toBe("sent");
    expect((await ask("lookup@example.com", String(checkout.orderId), "203.0.113.50")).kind).toBe("rate_limited");
    expect((await ask("lookup@example.com", "1", "203.0.113.51")).kind).toBe("rate_limited");
  });

  it("attack: order takeover by registering someone's address — guest orders join an account only once the address is verified", async () => {
    const auth = createAuth(t.db, { requireEmailVerification: true, trustedProxy: false });
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const email = `joiner-${kind}@example.com`;
    const checkout = await createCheckout(t.db, guestInput(email.toUpperCase(), variantId), demoProvider(), guestOn);
    const origin = settings().baseUrl!;
    const signUp = await auth.handler(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", "x-forwarded-for": "203.0.113.77" },
        body: JSON.stringify({ name: "Ana Pérez", email, password: "correct-horse-1" }),
      }),
    );
    expect(signUp.status).toBe(200);
    expect((await orderById(t.db, checkout.orderId)).userId).toBeNull();

    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "verify-email")));
    const link = /https?:\/\/\S+?verify-email\?[^\s"<]+/.exec(mail.text)?.[0];
    expect((await auth.handler(new Request(link!, { headers: { origin } }))).status).toBe(302);
    const joined = await orderById(t.db, checkout.orderId);
    expect(joined.userId).not.toBeNull();
    // Joined: the guest link no longer opens it (the account does), and says why.
    expect((await loadGuestOrderPage(t.db, checkout.orderId, checkout.guestToken)).kind).toBe("joined");
    const [stillGuest] = await t.db.select({ n: orders.id }).from(orders).where(and(eq(orders.id, checkout.orderId), eq(orders.userId, joined.userId!)));
    expect(stillGuest).toBeTruthy();
  });
});
