import { consumeRateLimits, lockRateLimitRow } from "@/features/accounts/rate-limit";
import { lockAccountForCheckout } from "@/features/accounts/shipping-profile";
import { cancelPendingOrderInTx } from "@/features/orders/service";
import { pendingOrderLinesOf } from "@/features/orders/pending-orders";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { type ShippingAddress } from "@/server/db/schema/shipping-address";
import { settings } from "@/server/env";
import { CheckoutError } from "./errors";
import { lockForStockChange } from "@/features/inventory/service";

/**
 * What one account may do with the shop's stock (docs/product.md#checkout-limits): without these, one account could
 * start checkout after checkout and hold a product's whole stock for the reservation time, and renew it.
 */

export type CheckoutLimits = {
  maxPendingOrders: number;
  maxHeldUnits: number;
  rate: { account: number; client: number; windowSeconds: number };
};

/**
 * Who a checkout counts against: an account, or a guest's email address (`key` = `guest:{address}`), whose orders are
 * those without an account carrying that address (docs/product.md#guest-checkout).
 */
export type CheckoutCustomer = { userId: string; key: string } | { userId: null; key: string };

export function checkoutLimitsFromSettings(): CheckoutLimits {
  const s = settings();
  return {
    maxPendingOrders: s.CHECKOUT_MAX_PENDING_ORDERS,
    maxHeldUnits: s.CHECKOUT_MAX_HELD_UNITS,
    rate: { account: s.CHECKOUT_RATE_LIMIT_ACCOUNT, client: s.CHECKOUT_RATE_LIMIT_CLIENT, windowSeconds: s.CHECKOUT_RATE_WINDOW_SECONDS },
  };
}

/**
 * Counts one checkout attempt against the account and, when known, the client address (shared `rate_limit` table,
 * so the limit holds across instances); past either limit, a 429 refusal carrying `retryAfter` seconds.
 */
export async function consumeCheckoutAttempt(
  db: Db,
  who: { customer: CheckoutCustomer; clientAddress?: string },
  rate: CheckoutLimits["rate"],
): Promise<void> {
  const checks = [{ key: accountBucket(who.customer), max: rate.account }];
  // "unknown" is every request whose address could not be read: one shared bucket would block them all.
  if (who.clientAddress && who.clientAddress !== "unknown") checks.push({ key: `checkout:client:${who.clientAddress}`, max: rate.client });
  const results = await consumeRateLimits(db, checks, rate.windowSeconds);
  const wait = Math.max(0, ...results.map((r) => (r.allowed ? 0 : (r.retryAfter ?? 1))));
  if (wait > 0) throw new CheckoutError("rate_limited", { retryAfter: wait });
}

/** The rate-limit row of an account or of a guest's address; a guest's checkouts also queue on it (below). */
function accountBucket(customer: CheckoutCustomer) {
  return customer.userId ? `checkout:account:${customer.userId}` : `checkout:${customer.key}`;
}

/**
 * Run inside the checkout transaction, before any stock is reserved. Locks the account's row, so checkouts of one
 * account run one after another (parallel requests cannot all pass the count below); cancels the account's pending
 * orders of the same cart (the same variants: the shopper started checkout again) and its expired ones; then refuses
 * when the account would hold more than the limits allow. Answers the ids of the orders it cancelled, and the
 * account's last shipping address (read with the lock: one round trip less per checkout; the pricing's tax country).
 */
export async function makeRoomForCheckout(
  tx: Executor,
  input: { customer: CheckoutCustomer; wanted: ReadonlyMap<string, number>; now: Date },
  limits: Pick<CheckoutLimits, "maxPendingOrders" | "maxHeldUnits">,
): Promise<{ released: number[]; lastShippingAddress: ShippingAddress | null }> {
  const { customer } = input;
  // A guest has no user row: the address's rate-limit row (written just before) is the lock its checkouts queue on.
  // The account's lock mode is explained in accounts/shipping-profile.ts.
  let lastShippingAddress: ShippingAddress | null = null;
  if (customer.userId) {
    const account = await lockAccountForCheckout(tx, customer.userId);
    // A deleted account: the API's checkout takes the shopper from the signed cookie cache (decision 0260), which
    // still names it for up to a minute. Refused as signed out, before anything is written. A deletion and a checkout
    // queue on this row: a checkout that locked it first commits its order, which the deletion then anonymises.
    if (!account) throw new CheckoutError("unauthenticated");
    lastShippingAddress = account.lastShippingAddress;
  } else await lockRateLimitRow(tx, accountBucket(customer));
  const rows = await pendingOrderLinesOf(tx, customer.userId ? { userId: customer.userId } : { guestEmail: customer.key.slice("guest:".length) });

  const pending = new Map<number, { expired: boolean; variants: Set<string>; units: number }>();
  for (const row of rows) {
    const entry = pending.get(row.orderId) ?? { expired: row.reservedUntil !== null && row.reservedUntil < input.now, variants: new Set(), units: 0 };
    entry.variants.add(row.variantId);
    entry.units += row.quantity;
    pending.set(row.orderId, entry);
  }

  const toRelease: Array<{ orderId: number; reason: string; expired: boolean }> = [];
  let heldOrders = 0;
  let heldUnits = 0;
  for (const [orderId, order] of pending) {
    const sameCart = order.variants.size === input.wanted.size && [...order.variants].every((id) => input.wanted.has(id));
    if (order.expired || sameCart) {
      toRelease.push({ orderId, reason: sameCart ? "Replaced by a new checkout of the same cart" : "Reservation expired without payment", expired: !sameCart });
      continue;
    }
    heldOrders += 1;
    heldUnits += order.units;
  }
  // Releases and the reservation that follows lock their rows in one sorted pass (features/inventory/stock-lock-order.ts).
  // With nothing to release, the reservation's sorted updates take the variants' locks themselves, at the end of the
  // checkout (decision 0171): locked here, a scarce variant would stay locked through the whole pricing and writing.
  if (toRelease.length > 0) {
    const releasedVariants = toRelease.flatMap(({ orderId }) => [...pending.get(orderId)!.variants]);
    await lockForStockChange(tx, toRelease.map((r) => r.orderId), [...releasedVariants, ...input.wanted.keys()]);
  }
  const released: number[] = [];
  for (const { orderId, reason, expired } of toRelease) {
    const stockReason = expired ? "reservation_expired" : "cancellation";
    if (await cancelPendingOrderInTx(tx, orderId, { userId: customer.userId, kind: "customer" }, reason, stockReason)) released.push(orderId);
  }

  const units = [...input.wanted.values()].reduce((sum, q) => sum + q, 0);
  if (heldOrders + 1 > limits.maxPendingOrders) throw new CheckoutError("too_many_pending_orders", { max: limits.maxPendingOrders });
  if (heldUnits + units > limits.maxHeldUnits) throw new CheckoutError("too_many_held_units", { max: limits.maxHeldUnits });
  return { released, lastShippingAddress };
}
