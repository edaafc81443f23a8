import { expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";

// Settings read once, before anything imports them: the caps at their defaults, the rate limits set per test.
vi.hoisted(() => {
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.BASE_URL = "http://shop.test";
  process.env.LOG_LEVEL = "silent";
  process.env.PAYMENT_PROVIDER = "demo";
  process.env.CHECKOUT_RATE_LIMIT_ACCOUNT = "1000";
  process.env.CHECKOUT_RATE_LIMIT_CLIENT = "1000";
});

// The request of a server action.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
vi.mock("next/cache", () => ({ revalidateTag: () => undefined, revalidatePath: () => undefined, updateTag: () => undefined, unstable_cache: (fn: unknown) => fn }));

import { describeOnEachDatabase, withAppDatabase } from "../helpers/test-database";
import { insertProduct, stockOf } from "../integration/checkout-fixtures";
import { POST as checkoutRoute } from "@/app/api/store/[store]/checkout/route";
import { startCheckout } from "@/features/checkout/actions";
import { orderLines, orders } from "@/server/db/schema/orders";
import { resetSettingsForTests } from "@/server/env";
import { signUpWithSession } from "../helpers/auth-session";

/**
 * Checkout abuse (finding 2): one account holding a product's whole stock with checkout after checkout.
 * Protection: src/features/checkout/checkout-limits.ts, through createCheckout, so the route and the action share it.
 */
const shop = "http://shop.test";
let people = 0;

describeOnEachDatabase("attack: checkout abuse", (kind) => {
  const t = withAppDatabase(kind);

  function signUp() {
    people += 1;
    return signUpWithSession(shop, { name: "Ana Abuser", email: `abuser.${kind}.${people}@example.com`, address: `198.51.100.${people}` });
  }

  function checkout(cookie: string, items: Array<{ variantId: string; quantity: number }>, extra: { address?: string; locale?: string } = {}) {
    return checkoutRoute(
      new Request(`${shop}/api/store/main/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop, cookie, ...(extra.address ? { "x-forwarded-for": extra.address } : {}) },
        body: JSON.stringify({
          items: items.map((i) => ({ variant_id: i.variantId, quantity: i.quantity })),
          successUrl: `${shop}/success`,
          cancelUrl: `${shop}/`,
          ...(extra.locale ? { locale: extra.locale } : {}),
        }),
      }),
      { params: Promise.resolve({ store: "main" }) },
    );
  }

  async function held(userId: string) {
    const [row] = await t.db
      .select({ orders: sql<number>`count(distinct ${orders.id})::int`, units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
    return row;
  }

  it("attack: checkout abuse — 20 parallel checkouts of 20 different carts by one account never hold more than 3 pending orders", async () => {
    const { id, cookie } = await signUp();
    const products = await Promise.all(Array.from({ length: 20 }, () => insertProduct(t.db, { stock: 10 })));
    const responses = await Promise.all(products.map((p) => checkout(cookie, [{ variantId: p.variantId, quantity: 10 }])));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const refusal = (await responses.find((r) => r.status === 409)!.json()) as { error: { code: string; message: string } };
    expect(refusal.error).toEqual({ code: "too_many_pending_orders", message: expect.stringContaining("3 orders waiting for payment") });
    expect(await held(id)).toEqual({ orders: 3, units: 30 });
    // Every refused cart's stock is untouched.
    const stocks = await Promise.all(products.map((p) => stockOf(t.db, p.variantId)));
    expect(stocks.filter((s) => s === 0)).toHaveLength(3);
    expect(stocks.filter((s) => s === 10)).toHaveLength(17);
  });

  it("attack: checkout abuse — 20 parallel checkouts of the same cart leave one pending order; the earlier ones are released", async () => {
    const { id, cookie } = await signUp();
    const product = await insertProduct(t.db, { stock: 10 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(cookie, [{ variantId: product.variantId, quantity: 4 }])));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await held(id)).toEqual({ orders: 1, units: 4 });
    expect(await stockOf(t.db, product.variantId)).toBe(6);
    const cancelled = await t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, id), eq(orders.status, "cancelled")));
    expect(cancelled).toHaveLength(19);
  });

  it("attack: checkout abuse — held units are capped per account (100 by default), with the reason in English and Spanish", async () => {
    const { id, cookie } = await signUp();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => insertProduct(t.db, { stock: 200 })));
    expect((await checkout(cookie, [{ variantId: a.variantId, quantity: 60 }])).status).toBe(200);
    const en = await checkout(cookie, [{ variantId: b.variantId, quantity: 41 }]);
    expect(en.status).toBe(409);
    expect(((await en.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "too_many_held_units",
      message: "Your orders waiting for payment would hold more than 100 units. Pay or cancel one of them before starting another checkout.",
    });
    const es = await checkout(cookie, [{ variantId: c.variantId, quantity: 41 }], { locale: "es" });
    expect(((await es.json()) as { error: { message: string } }).error.message).toContain("más de 100 unidades");
    expect((await checkout(cookie, [{ variantId: b.variantId, quantity: 40 }])).status).toBe(200);
    expect(await held(id)).toEqual({ orders: 2, units: 100 });
    expect(await stockOf(t.db, c.variantId)).toBe(200);
  });

  it("attack: checkout abuse — the startCheckout server action is held to the same cap", async () => {
    const { id, cookie } = await signUp();
    request.headers = new Headers({ cookie, host: "shop.test", origin: shop });
    const products = await Promise.all([0, 1, 2, 3].map(() => insertProduct(t.db, { stock: 5 })));
    const results = [];
    for (const p of products) results.push(await startCheckout({ items: [{ variantId: p.variantId, quantity: 1 }], locale: "es" }));
    expect(results.slice(0, 3).every((r) => r.ok)).toBe(true);
    expect(results[3]).toEqual({ ok: false, reason: "error", message: expect.stringContaining("Ya tienes 3 pedidos pendientes de pago") });
    expect(await held(id)).toEqual({ orders: 3, units: 3 });
  });

  it("attack: checkout abuse — past the per-account or per-address rate limit the checkout answers 429 with Retry-After, in English and Spanish", async () => {
    process.env.CHECKOUT_RATE_LIMIT_ACCOUNT = "2";
    process.env.CHECKOUT_RATE_LIMIT_CLIENT = "3";
    resetSettingsForTests();
    try {
      const product = await insertProduct(t.db, { stock: 100 });
      const cart = [{ variantId: product.variantId, quantity: 1 }];
      const one = await signUp();
      expect((await checkout(one.cookie, cart, { address: `192.0.2.${people}` })).status).toBe(200);
      expect((await checkout(one.cookie, cart, { address: `192.0.2.${people + 100}` })).status).toBe(200);
      const limited = await checkout(one.cookie, cart, { address: `192.0.2.${people + 150}` });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(600);
      expect(((await limited.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: "rate_limited",
        message: expect.stringMatching(/^Too many checkout attempts\. Please wait \d+ seconds and try again\.$/),
      });
      const limitedEs = await checkout(one.cookie, cart, { address: `192.0.2.${people + 150}`, locale: "es" });
      expect(((await limitedEs.json()) as { error: { message: string } }).error.message).toMatch(/^Demasiados intentos de pago\. Espera \d+ segundos/);

      // One address, fresh accounts: the address's limit (3) stops the fourth.
      const address = "203.0.113.77";
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await checkout((await signUp()).cookie, cart, { address })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      process.env.CHECKOUT_RATE_LIMIT_ACCOUNT = "1000";
      process.env.CHECKOUT_RATE_LIMIT_CLIENT = "1000";
      resetSettingsForTests();
    }
  });
});
