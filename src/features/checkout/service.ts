import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { recordLowStock } from "@/features/stock-alerts/low-stock";
import type { Db } from "@/server/db/client";
import { settings } from "@/server/env";
import { productImages, products, variants } from "@/server/db/schema/catalog";
import { orderLines, orders } from "@/server/db/schema/orders";
import type { PaymentOrderLine, PaymentProvider } from "@/server/payments/provider";
import { cancelPendingOrderInTx, recordOrderEvent, toPaymentOrder, type OrderActor } from "@/features/orders/service";
import { recordPaymentSession } from "@/features/orders/payment-sessions";
import { checkoutLimitsFromSettings, consumeCheckoutAttempt, makeRoomForCheckout, type CheckoutLimits } from "./checkout-limits";
import { isBuyable, shopperVisible } from "@/features/catalog/visibility";
import { CheckoutError } from "./errors";
import { shippingCentsFor, type ShippingRule } from "./shipping";
import { shippingRuleFromSettings } from "./shipping-settings";
import { createCheckoutInputSchema, MAX_CHECKOUT_LINES, MAX_QUANTITY_PER_VARIANT, type CreateCheckoutInput } from "./schemas";
import { invalidateStock } from "@/server/cache/invalidation";
import { requestLog } from "@/server/log";
import { profiles } from "@/server/db/schema/auth";
import { priceCartFromDb } from "@/features/promotions/cart-pricing";
import { orderLineMoney, orderMoneyColumns } from "@/features/promotions/order-money";
import { claimPromotionUses } from "@/features/promotions/service";
import { PromotionError } from "@/features/promotions/promotion-errors";
import { taxCountryFor } from "@/features/taxes/service";

/**
 * How long a pending order holds its stock (RESERVATION_SECONDS, 30 minutes by default); the hosted payment session
 * expires at the same time.
 */
export function reservationMs(): number {
  return settings().RESERVATION_SECONDS * 1000;
}

// Re-exported: callers and tests know these from here; the drawer imports the pure module directly.
export { shippingCentsFor, shippingRuleFromSettings, type ShippingRule };

export type CheckoutResult = { orderId: number; url: string; sessionId: string; totalCents: number; currency: string };

export type CheckoutOptions = {
  now?: Date;
  shipping?: ShippingRule;
  /** How long the new order holds its stock; RESERVATION_SECONDS by default. */
  reservationMs?: number;
  /** Minimum time between two opportunistic sweeps on one database in this process; 0 sweeps on every call. */
  sweepIntervalMs?: number;
  /** The caller's address (src/features/accounts/client-address.ts), counted by the per-client rate limit. */
  clientAddress?: string;
  /** The CHECKOUT_* settings by default. */
  limits?: CheckoutLimits;
};

/**
 * The opportunistic sweep in createCheckout is an UPDATE over pending orders: run on every checkout it was a large
 * share of each order's cost under load. Stale reservations are rare and the background sweeper (instrumentation.ts)
 * also releases them, so once every few seconds per process is enough to keep abandoned stock on sale.
 */
export const CHECKOUT_SWEEP_INTERVAL_MS = 5_000;

// Per database handle (tests open several in one process), when this process last started a sweep on it.
const lastSweepAt = new WeakMap<Db, number>();

/** True when a sweep is due at `now`; claims the slot at once, so concurrent checkouts do not all sweep. */
function claimSweep(db: Db, now: Date, intervalMs: number): boolean {
  const at = now.getTime();
  const last = lastSweepAt.get(db);
  // A clock that went backwards (or an injected earlier `now`) counts as due rather than blocking sweeps.
  if (intervalMs > 0 && last !== undefined && at >= last && at - last < intervalMs) return false;
  lastSweepAt.set(db, at);
  return true;
}

/**
 * Turns a cart (variant ids and quantities, nothing else) into a pending order with reserved stock, then opens a
 * hosted payment session for it. Every price, total and shipping amount is read here from the database.
 *
 * The reservation is a conditional decrement (`stock = stock - q WHERE stock >= q`), so concurrent checkouts for the
 * last unit cannot both succeed. If the provider cannot open a session, the order is cancelled and the stock given
 * back before the error reaches the caller. If the process dies in between, the order still carries
 * reservedUntil, and expireStaleOrders gives the stock back.
 */
export async function createCheckout(
  db: Db,
  rawInput: CreateCheckoutInput,
  provider: PaymentProvider,
  options: CheckoutOptions = {},
): Promise<CheckoutResult> {
  const locale = rawInput?.locale === "es" ? "es" : "en";
  const input = parseCheckoutInput(rawInput, locale);
  const now = options.now ?? new Date();
  const shipping = options.shipping ?? shippingRuleFromSettings();
  const limits = options.limits ?? checkoutLimitsFromSettings();
  await consumeCheckoutAttempt(db, { userId: input.userId, clientAddress: options.clientAddress }, limits.rate, locale);

  // Opportunistic sweep, throttled: stock held by abandoned orders is back on sale before we check availability.
  if (claimSweep(db, now, options.sweepIntervalMs ?? CHECKOUT_SWEEP_INTERVAL_MS)) {
    await expireStaleOrders(db, now).catch(async (error) => (await requestLog()).error("reservation_sweep.failed", { error }));
  }

  // Combined quantity per variant: two lines naming one variant reserve (and are limited) together.
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.variantId, (wanted.get(item.variantId) ?? 0) + item.quantity);
  const variantIds = [...wanted.keys()].sort();

  const { order, lines } = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        variantId: variants.id,
        productId: variants.productId,
        variantTitleEn: variants.titleEn,
        variantTitleEs: variants.titleEs,
        priceCents: variants.priceCents,
        salePriceCents: variants.salePriceCents,
        currency: variants.currency,
        manageInventory: variants.manageInventory,
        stock: variants.stock,
        variantImage: variants.imageUrl,
        productTitleEn: products.titleEn,
        productTitleEs: products.titleEs,
        listed: shopperVisible,
        purchasable: products.purchasable,
        productImage: sql<string | null>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.sortOrder}, ${productImages.id} limit 1)`,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.id, variantIds));
    const byId = new Map(rows.map((r) => [r.variantId, r]));

    const snapshot = variantIds.map((variantId) => {
      const row = byId.get(variantId);
      if (!row) throw new CheckoutError("unknown_variant", locale, { variantId });
      const productTitle = (locale === "es" && row.productTitleEs) || row.productTitleEn;
      const variantTitle = (locale === "es" && row.variantTitleEs) || row.variantTitleEn;
      const title = variantTitle ? `${productTitle} (${variantTitle})` : productTitle;
      if (!isBuyable(row)) {
        throw new CheckoutError("unavailable", locale, { title, variantId });
      }
      const quantity = wanted.get(variantId)!;
      if (quantity > MAX_QUANTITY_PER_VARIANT) {
        throw new CheckoutError("quantity_too_large", locale, { title, max: MAX_QUANTITY_PER_VARIANT, variantId });
      }
      // The sale price is charged when present (docs/product.md#prices).
      const chargedUnitCents = row.salePriceCents ?? row.priceCents;
      return { row, productTitle, variantTitle, title, quantity, chargedUnitCents };
    });

    const currency = snapshot[0].row.currency.toUpperCase();
    if (snapshot.some((s) => s.row.currency.toUpperCase() !== currency)) throw new CheckoutError("mixed_currencies", locale);

    // One checkout at a time per account, the same cart's earlier order released, the caps enforced.
    await makeRoomForCheckout(tx, { userId: input.userId, wanted, locale, now }, limits);

    // Reserve in variant-id order so two carts naming the same variants never wait on each other in a cycle.
    for (const s of snapshot) {
      if (!s.row.manageInventory) continue;
      const reserved = await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${s.quantity}` })
        .where(and(eq(variants.id, s.row.variantId), sql`${variants.stock} >= ${s.quantity}`))
        .returning({ stock: variants.stock });
      if (reserved.length === 0) {
        const [current] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, s.row.variantId));
        throw new CheckoutError("out_of_stock", locale, { title: s.title, available: current?.stock ?? 0, variantId: s.row.variantId });
      }
    }

    await recordLowStock(tx, snapshot.filter((s) => s.row.manageInventory).map((s) => s.row.variantId), now); // docs/product.md#low-stock
    // Taxes, discounts and shipping come from the one pricing engine (docs/product.md#taxes-and-discounts).
    const [profile] = await tx.select({ address: profiles.lastShippingAddress }).from(profiles).where(eq(profiles.id, input.userId));
    const country = taxCountryFor({ addressCountry: input.shippingAddress?.country, savedCountry: profile?.address?.country, locale });
    const priced = await asCheckoutError(locale, () =>
      priceCartFromDb(
        tx,
        snapshot.map((s) => ({ key: s.row.variantId, productId: s.row.productId, unitCents: s.chargedUnitCents, quantity: s.quantity })),
        { country, code: input.discountCode || null, userId: input.userId, locale, now, shippingFor: (subtotal) => shippingCentsFor(subtotal, shipping), currency },
      ),
    );
    const reservedUntil = new Date(now.getTime() + (options.reservationMs ?? reservationMs()));
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        email: input.email,
        status: "pending",
        currency,
        ...orderMoneyColumns(priced),
        locale,
        timeZone: input.timeZone ?? null,
        shippingAddress: input.shippingAddress ?? null,
        paymentProvider: provider.name,
        reservedUntil,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await asCheckoutError(locale, () => claimPromotionUses(tx, priced.promotionsUsed, { orderId: order.id, userId: input.userId, locale }));
    const lineRows = await tx
      .insert(orderLines)
      .values(
        snapshot.map((s) => ({
          orderId: order.id,
          productId: s.row.productId,
          variantId: s.row.variantId,
          productTitle: s.productTitle,
          variantTitle: s.variantTitle,
          imageUrl: s.row.variantImage ?? s.row.productImage ?? null,
          quantity: s.quantity,
          unitPriceCents: s.row.priceCents,
          salePriceCents: s.row.salePriceCents,
          currency,
          ...orderLineMoney(priced, s.row.variantId),
        })),
      )
      .returning();
    await recordOrderEvent(tx, { orderId: order.id, type: "created", toStatus: "pending", actorUserId: input.userId, note: `Stock reserved until ${reservedUntil.toISOString()}` });
    return { order, lines: lineRows };
  });
  invalidateStock();

  const urls = {
    successUrl: withQueryParam(input.successUrl, "order_id", String(order.id)),
    cancelUrl: withQueryParam(input.cancelUrl, "cancelled_order", String(order.id)),
  };
  const paymentLines: PaymentOrderLine[] = lines.map((l) => ({
    productTitle: l.productTitle,
    variantTitle: l.variantTitle,
    imageUrl: l.imageUrl,
    quantity: l.quantity,
    chargedUnitCents: l.salePriceCents ?? l.unitPriceCents,
    totalCents: l.totalCents ?? (l.salePriceCents ?? l.unitPriceCents) * l.quantity,
    currency: l.currency,
  }));

  let session: { sessionId: string; url: string };
  try {
    session = await provider.createSession(toPaymentOrder(order), paymentLines, urls);
  } catch (error) {
    (await requestLog()).error("checkout.payment_provider_failed", { orderId: order.id, provider: provider.name, error });
    await db.transaction((tx) =>
      cancelPendingOrderInTx(tx, order.id, { userId: null, kind: "system" }, `Payment provider ${provider.name} could not open a session`),
    );
    throw new CheckoutError("payment_unavailable", locale);
  }

  await db.transaction(async (tx) => {
    await tx.update(orders).set({ paymentSessionId: session.sessionId, updatedAt: new Date() }).where(eq(orders.id, order.id));
    // The session keeps where the shopper goes after paying or cancelling (the demo page and the reminder read it).
    await recordPaymentSession(tx, { provider: provider.name, sessionId: session.sessionId, order, url: session.url, ...urls });
  });

  return { orderId: order.id, url: session.url, sessionId: session.sessionId, totalCents: order.totalCents, currency: order.currency };
}

/** A code the shopper cannot use becomes a checkout refusal carrying the reason (400 on the API). */
async function asCheckoutError<T>(locale: "en" | "es", run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PromotionError) throw new CheckoutError("discount_code", locale, { reason: error.message });
    throw error;
  }
}

function parseCheckoutInput(rawInput: CreateCheckoutInput, locale: "en" | "es") {
  if (rawInput && Array.isArray(rawInput.items) && rawInput.items.length === 0) throw new CheckoutError("empty_cart", locale);
  const parsed = createCheckoutInputSchema.safeParse(rawInput);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue.path.map(String);
  if (path[0] === "items" && path.length === 1 && issue.code === "too_big") {
    throw new CheckoutError("too_many_lines", locale, { max: MAX_CHECKOUT_LINES });
  }
  if (path[0] === "items" && path[2] === "quantity") {
    throw new CheckoutError("invalid_quantity", locale, { max: MAX_QUANTITY_PER_VARIANT, field: path.join(".") });
  }
  throw new CheckoutError("invalid_input", locale, { detail: `${path.join(".") || "body"}: ${issue.message}`, field: path.join(".") });
}

/** Appends one query parameter, keeping the others (and replacing a stale one of the same name). */
export function withQueryParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

export type CancelledOrderLines = { orderId: number; cancelled: boolean; lines: { variantId: string; quantity: number }[] };

/**
 * The shopper came back from a cancelled payment: cancel their pending order and give its stock back, and answer its
 * lines so the cart can be refilled. Calling it again changes nothing (stock is released once) and answers the same
 * lines; a paid order is left alone (null), as is another user's order (null, same as missing).
 */
export async function cancelPendingOrder(db: Db, orderId: number, who: { userId: string }): Promise<CancelledOrderLines | null> {
  if (!Number.isSafeInteger(orderId)) return null;
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, who.userId)))
      .for("update");
    if (!order || (order.status !== "pending" && order.status !== "cancelled")) return null;
    const actor: OrderActor = { userId: who.userId, kind: "customer" };
    const cancelled = order.status === "pending" && (await cancelPendingOrderInTx(tx, orderId, actor, "Payment cancelled by the shopper"));
    const lines = await tx
      .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    return { orderId, cancelled, lines };
  });
  if (result?.cancelled) invalidateStock();
  return result;
}

/**
 * Cancels pending orders whose reservation ran out and gives their stock back. Safe to run from several places at
 * once: each order is cancelled by a conditional update, and its stock released once. Also covers orders created by a
 * process that died before reaching the payment provider. Returns the ids cancelled.
 */
export async function expireStaleOrders(db: Db, now: Date = new Date(), limit = 200): Promise<number[]> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
  const expired: number[] = [];
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      // Re-checked under the conditional update: a payment that landed meanwhile wins.
      const [still] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, "pending"), lt(orders.reservedUntil, now)))
        .for("update");
      if (!still) return false;
      return cancelPendingOrderInTx(tx, id, { userId: null, kind: "system" }, "Reservation expired without payment");
    });
    if (done) expired.push(id);
  }
  if (expired.length > 0) invalidateStock();
  return expired;
}

