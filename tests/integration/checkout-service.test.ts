import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { paymentSessionUrls } from "@/features/orders/payment-sessions";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCheckout } from "@/features/checkout/service";
import { CheckoutError } from "@/features/checkout/errors";
import { orderEvents, orderLines, paymentEvents } from "@/server/db/schema/orders";
import type { PaymentProvider } from "@/server/payments/provider";
import {
  checkoutInput,
  demoProvider,
  insertProduct,
  insertUser,
  orderById,
  orderCount,
  refusal,
  stockOf,
} from "./checkout-fixtures";


describeOnEachDatabase("checkout service", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  it("creates a pending order priced by the server, reserves stock and answers the demo payment URL", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { priceCents: 4000, salePriceCents: 3000, stock: 5 });
    // Whatever price the browser adds is not part of the accepted input and is dropped.
    const items = [{ variantId, quantity: 2, priceCents: 1, price_in_cents: 1 }];
    const result = await createCheckout(t.db, checkoutInput(shopper, items), demoProvider(), {});

    expect(result.url).toMatch(/^http:\/\/shop\.test\/pay\/demo_/);
    const order = await orderById(t.db, result.orderId);
    expect(order).toMatchObject({ status: "pending", subtotalCents: 6000, shippingCents: 495, totalCents: 6495, currency: "EUR", userId: shopper.id, locale: "en" });
    expect(order.paymentSessionId).toBe(result.sessionId);
    expect(order.reservedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await stockOf(t.db, variantId)).toBe(3);

    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ variantId, quantity: 2, unitPriceCents: 4000, salePriceCents: 3000, currency: "EUR", variantTitle: "Black" });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, result.orderId));
    expect(events.map((e) => e.type)).toEqual(["created"]);
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, result.orderId));
    expect(event).toMatchObject({ type: "session.created", eventId: `session_${result.sessionId}` });
    expect(await paymentSessionUrls(t.db, "demo", result.sessionId)).toEqual({
      url: result.url,
      successUrl: `http://shop.test/success?from=cart&order_id=${result.orderId}`,
      cancelUrl: `http://shop.test/?cancelled_order=${result.orderId}`,
    });
  });

  it("snapshots titles in the shopper's language and links Spanish shoppers to /es/pay", async () => {
    const shopper = await insertUser(t.db);
    const { variantId, productId } = await insertProduct(t.db);
    const result = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }], "es"), demoProvider(), {});
    expect(result.url).toContain("/es/pay/");
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
    expect(line.productTitle).toBe(`Bolso de cuero ${productId}`);
    expect(line.variantTitle).toBe("Negro");
  });

  it("adds the flat shipping rate below the threshold and ships free from it", async () => {
    const shopper = await insertUser(t.db);
    const cheap = await insertProduct(t.db, { priceCents: 9999 });
    const below = await createCheckout(t.db, checkoutInput(shopper, [{ variantId: cheap.variantId, quantity: 1 }]), demoProvider(), {});
    expect(await orderById(t.db, below.orderId)).toMatchObject({ subtotalCents: 9999, shippingCents: 495, totalCents: 10494 });
    const at = await insertProduct(t.db, { priceCents: 5000 });
    const free = await createCheckout(t.db, checkoutInput(shopper, [{ variantId: at.variantId, quantity: 2 }]), demoProvider(), {});
    expect(await orderById(t.db, free.orderId)).toMatchObject({ subtotalCents: 10000, shippingCents: 0, totalCents: 10000 });
  });

  it("combines the quantity of lines naming the same variant", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 4 });
    const before = await orderCount(t.db);
    const error = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 2 }, { variantId, quantity: 3 }]), demoProvider()));
    expect(error.code).toBe("out_of_stock");
    expect(error.message).toContain("Only 4 left");
    expect(await stockOf(t.db, variantId)).toBe(4);
    expect(await orderCount(t.db)).toBe(before);

    const ok = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }, { variantId, quantity: 3 }]), demoProvider());
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, ok.orderId));
    expect(lines.map((l) => l.quantity)).toEqual([4]);
    expect(await stockOf(t.db, variantId)).toBe(0);
  });

  it("refuses hidden, draft, deleted, unpurchasable and unknown variants and reserves nothing", async () => {
    const shopper = await insertUser(t.db);
    const good = await insertProduct(t.db, { stock: 3 });
    for (const bad of [{ isHidden: true }, { status: "draft" as const }, { deleted: true }, { purchasable: false }]) {
      const { variantId } = await insertProduct(t.db, { ...bad, stock: 3 });
      const before = await orderCount(t.db);
      const error = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId: good.variantId, quantity: 1 }, { variantId, quantity: 1 }]), demoProvider()));
      expect(error.code).toBe("unavailable");
      expect(error.status).toBe(422);
      expect(await stockOf(t.db, variantId)).toBe(3);
      expect(await stockOf(t.db, good.variantId)).toBe(3);
      expect(await orderCount(t.db)).toBe(before);
    }
    const unknown = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId: good.variantId, quantity: 1 }, { variantId: "var_nope", quantity: 1 }]), demoProvider()));
    expect(unknown.code).toBe("unknown_variant");
    expect(await stockOf(t.db, good.variantId)).toBe(3);
  });

  it("refuses quantities that are not whole numbers from 1 to 99, in the shopper's language", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 5 });
    const before = await orderCount(t.db);
    for (const quantity of [0, -1, 1.5, "2", 10 ** 9, null, Number.NaN]) {
      const error = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity }]), demoProvider()));
      expect(error.code).toBe("invalid_quantity");
      expect(error.status).toBe(400);
    }
    const es = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 0 }], "es"), demoProvider()), "es");
    expect(es.message).toBe("Las cantidades deben ser números enteros del 1 al 99.");
    const tooMany = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 60 }, { variantId, quantity: 60 }]), demoProvider()));
    expect(tooMany.code).toBe("quantity_too_large");
    const empty = await refusal(createCheckout(t.db, checkoutInput(shopper, []), demoProvider()));
    expect(empty.message).toBe("Your cart is empty.");
    expect(await stockOf(t.db, variantId)).toBe(5);
    expect(await orderCount(t.db)).toBe(before);
  });

  it("refuses a cart mixing currencies", async () => {
    const shopper = await insertUser(t.db);
    const eur = await insertProduct(t.db, { stock: 2 });
    const usd = await insertProduct(t.db, { stock: 2, currency: "USD" });
    const error = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId: eur.variantId, quantity: 1 }, { variantId: usd.variantId, quantity: 1 }]), demoProvider()));
    expect(error.code).toBe("mixed_currencies");
    expect(await stockOf(t.db, eur.variantId)).toBe(2);
  });

  it("cancels the order and gives the stock back when the provider fails", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 2 });
    const failing: PaymentProvider = {
      ...demoProvider(),
      createSession: async () => {
        throw new Error("network down");
      },
    };
    const before = await orderCount(t.db);
    const error = await refusal(createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 2 }]), failing));
    expect(error.code).toBe("payment_unavailable");
    expect(await stockOf(t.db, variantId)).toBe(2);
    expect(await orderCount(t.db)).toBe(before + 1);
    const [latest] = await t.db.select().from(orderLines).where(eq(orderLines.variantId, variantId));
    const order = await orderById(t.db, latest.orderId);
    expect(order).toMatchObject({ status: "cancelled", stockReleased: true });
  });

  it("a checkout releases stock held by expired reservations, sweeping at most once per interval", async () => {
    const { variantId } = await insertProduct(t.db, { stock: 1 });
    const first = await createCheckout(t.db, checkoutInput(await insertUser(t.db), [{ variantId, quantity: 1 }]), demoProvider());
    expect(await stockOf(t.db, variantId)).toBe(0);
    // 31 minutes later the first reservation has lapsed: the next buyer gets the unit it held.
    const later = new Date(Date.now() + 31 * 60_000);
    const second = await createCheckout(t.db, checkoutInput(await insertUser(t.db), [{ variantId, quantity: 1 }]), demoProvider(), { now: later });
    expect((await orderById(t.db, first.orderId)).status).toBe("cancelled");
    expect((await orderById(t.db, second.orderId)).status).toBe("pending");
    // Within the interval no sweep runs, even though the second reservation has lapsed by then too.
    const muchLater = new Date(later.getTime() + 31 * 60_000);
    const third = await refusal(
      createCheckout(t.db, checkoutInput(await insertUser(t.db), [{ variantId, quantity: 1 }]), demoProvider(), { now: muchLater, sweepIntervalMs: 60 * 60_000 }),
    );
    expect(third.code).toBe("out_of_stock");
    expect((await orderById(t.db, second.orderId)).status).toBe("pending");
  });

  it("does not reserve unmanaged inventory", async () => {
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { manageInventory: false, stock: 0 });
    const result = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 3 }]), demoProvider());
    expect((await orderById(t.db, result.orderId)).status).toBe("pending");
    expect(await stockOf(t.db, variantId)).toBe(0);
  });

  if (kind === "postgres") {
    describe("under concurrency", () => {
      it("20 parallel checkouts for the last unit make exactly one order and never go below zero", async () => {
        const { variantId } = await insertProduct(t.db, { stock: 1 });
        const shoppers = await Promise.all(Array.from({ length: 20 }, () => insertUser(t.db)));
        const results = await Promise.allSettled(
          shoppers.map((s) => createCheckout(t.db, checkoutInput(s, [{ variantId, quantity: 1 }]), demoProvider())),
        );
        const won = results.filter((r) => r.status === "fulfilled");
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost.every((r) => r.reason instanceof CheckoutError && r.reason.code === "out_of_stock")).toBe(true);
        expect(await stockOf(t.db, variantId)).toBe(0);
        const lines = await t.db.select().from(orderLines).where(eq(orderLines.variantId, variantId));
        expect(lines).toHaveLength(1);
      });
    });
  }
});
