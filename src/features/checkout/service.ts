import { type Db, withTransactionRetry } from "@/server/db/client";
import { settings } from "@/server/env";
import { shopSettings } from "@/features/settings/queries";
import type { PaymentOrderLine, PaymentProvider } from "@/server/payments/provider";
import { cancelPendingOrderInTx } from "@/features/orders/service";
import { insertPendingOrder } from "@/features/orders/pending-order-insert";
import { checkoutLimitsFromSettings, consumeCheckoutAttempt, makeRoomForCheckout, type CheckoutCustomer, type CheckoutLimits } from "./checkout-limits";
import { openPaymentSession } from "@/features/orders/payment-sessions";
import { CheckoutError } from "./errors";
import { createCheckoutInputSchema, MAX_CHECKOUT_LINES, MAX_QUANTITY_PER_VARIANT, type CreateCheckoutInput } from "./schemas";
import { reserveStock, snapshotCart } from "./reservation";
import { expireStaleOrders } from "@/features/orders/order-release";
import { orderLinkToken } from "@/server/order-link-token";
import { invalidateStock } from "@/server/cache/invalidation";
import { requestLog } from "@/server/log";
import { priceCartFromDb } from "@/features/promotions/cart-pricing";
import { orderLineMoney, orderMoneyColumns } from "@/features/promotions/order-money";
import { claimPromotionUses } from "@/features/promotions/service";
import { PromotionError } from "@/features/promotions/promotion-errors";
import { taxCountryFor } from "@/features/taxes/service";
import { paymentOrderFor } from "./payment-order";
import { chooseShippingMethod, orderShippingMethod } from "@/features/shipping/service";
import { checkOrderExtras, extrasFields } from "./order-extras";

/**
 * How long a pending order holds its stock (the checkout settings, 30 minutes by default: docs/product.md#settings);
 * the hosted payment session expires at the same time.
 */
export async function reservationMs(executor?: Db): Promise<number> {
  return (await shopSettings(executor)).checkout.reservationSeconds * 1000;
}

/** `guestToken`: for a guest's order, the signed token of its private link (docs/product.md#guest-checkout). */
export type CheckoutResult = { orderId: number; url: string; sessionId: string; totalCents: number; currency: string; guestToken?: string };

export type CheckoutOptions = {
  now?: Date;
  /**
   * How long the new order holds its stock; the checkout settings' reservation time by default. Null: until it is paid or cancelled (cash
   * on delivery: the order ships before it is paid, docs/product.md#payment-methods).
   */
  reservationMs?: number | null;
  /** A charge of the payment method (cash on delivery's fee), charged with shipping (docs/product.md#payment-methods). */
  paymentFeeCents?: number;
  /** Minimum time between two opportunistic sweeps on one database in this process; 0 sweeps on every call. */
  sweepIntervalMs?: number;
  /** The caller's address (src/features/accounts/client-address.ts), counted by the per-client rate limit. */
  clientAddress?: string;
  /** The CHECKOUT_* settings by default. */
  limits?: CheckoutLimits;
  /** Whether a checkout without an account is allowed; the checkout settings by default (docs/product.md#guest-checkout). */
  guestCheckout?: boolean;
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
  const input = parseCheckoutInput(rawInput);
  const now = options.now ?? new Date();
  const limits = options.limits ?? checkoutLimitsFromSettings();
  // Read before the transaction (PGlite runs one at a time): the merchant's checkout settings (docs/product.md#settings).
  const { checkout: current } = await shopSettings(db);
  // A guest's order (no account) is refused here, whoever calls, unless guest checkout is on.
  if (!input.userId && !(options.guestCheckout ?? current.guestCheckout)) throw new CheckoutError("guest_checkout_off");
  const customer = customerOf(input);
  await consumeCheckoutAttempt(db, { customer, clientAddress: options.clientAddress }, limits.rate);

  // Opportunistic sweep, throttled: stock held by abandoned orders is back on sale before we check availability.
  if (claimSweep(db, now, options.sweepIntervalMs ?? CHECKOUT_SWEEP_INTERVAL_MS)) {
    await expireStaleOrders(db, now).catch(async (error) => (await requestLog()).error("reservation_sweep.failed", { error }));
  }

  // Combined quantity per variant: two lines naming one variant reserve (and are limited) together.
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.variantId, (wanted.get(item.variantId) ?? 0) + item.quantity);
  const variantIds = [...wanted.keys()].sort();

  const { order, lines } = await withTransactionRetry(() => db.transaction(async (tx) => {
    const { snapshot, currency } = await snapshotCart(tx, variantIds, wanted, locale);

    // One checkout at a time per account, the same cart's earlier order released, the caps enforced.
    const { lastShippingAddress } = await makeRoomForCheckout(tx, { customer, wanted, now }, limits);
    // Taxes, discounts and shipping come from the one pricing engine (docs/product.md#taxes-and-discounts).
    const country = taxCountryFor({ addressCountry: input.shippingAddress?.country ?? input.shippingCountry, savedCountry: lastShippingAddress?.country, locale });
    // The extras are checked for the country the order is priced for (a hosted page such as Stripe's only offers
    // countries taxed like it); a refusal rolls the transaction back, so nothing is written.
    const extras = checkOrderExtras(input.extras ?? null, country ?? "");
    if (!extras.ok) {
      const field = extrasFields.find((f) => extras.fieldErrors[f])!;
      throw new CheckoutError("invalid_extras", { extra: extras.fieldErrors[field]! }, undefined, { field });
    }
    // The shipping method: the one named when it serves the destination and cart, else the cheapest that does
    // (docs/product.md#shipping); a country in no zone is refused.
    const cart = {
      subtotalCents: snapshot.reduce((sum, s) => sum + s.chargedUnitCents * s.quantity, 0),
      weightGrams: snapshot.reduce((sum, s) => sum + s.row.weightGrams * s.quantity, 0),
    };
    const shipping = await chooseShippingMethod(tx, country, cart, input.shippingMethodId);
    if (!shipping.ok) throw new CheckoutError(shipping.reason === "not_shipped" ? "not_shipped" : "shipping_method_unavailable", { country: country ?? "" });
    const priced = await asCheckoutError(() =>
      priceCartFromDb(
        tx,
        snapshot.map((s) => ({
          key: s.row.variantId,
          productId: s.row.productId,
          unitCents: s.chargedUnitCents,
          quantity: s.quantity,
          facts: { taxClass: s.row.taxClass, categoryIds: s.row.categoryIds },
        })),
        { country, code: input.discountCode || null, userId: customer.key, locale, now, shippingFor: () => shipping.method.priceCents + (options.paymentFeeCents ?? 0), currency },
      ),
    );
    const reservedUntil = options.reservationMs === null ? null : new Date(now.getTime() + (options.reservationMs ?? current.reservationSeconds * 1000));
    const lines = snapshot.map((s) => ({
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
    }));
    const order = await insertPendingOrder(
      tx,
      {
        userId: input.userId,
        email: input.email,
        status: "pending",
        currency,
        ...orderMoneyColumns(priced),
        locale,
        timeZone: input.timeZone ?? null,
        shippingAddress: input.shippingAddress ?? null,
        ...extras.extras,
        shippingMethod: orderShippingMethod(shipping.method, cart.weightGrams),
        paymentProvider: provider.name,
        reservedUntil,
        createdAt: now,
        updatedAt: now,
      },
      lines,
      { type: "created", toStatus: "pending", actorUserId: input.userId ?? null, note: reservedUntil ? `Stock reserved until ${reservedUntil.toISOString()}` : "Stock reserved until paid or cancelled" },
    );
    // The stock is reserved last (decision 0171): a variant's row stays locked from here to the commit, and every
    // checkout of a scarce variant queues on it, so nothing that can run before it holds it. Promotion uses are
    // claimed after it, in the lock order a cancellation also follows (variants, then promotions).
    // With its ledger rows and the low-stock report of variants it leaves at their threshold (features/inventory).
    await reserveStock(tx, snapshot, { orderId: order.id, at: now });
    await asCheckoutError(() => claimPromotionUses(tx, priced.promotionsUsed, { orderId: order.id, userId: customer.key }));
    return { order, lines };
  }));
  invalidateStock();

  // A guest's way back to the order is its signed link: on the success URL and on the payment page's address.
  const guestToken = input.userId ? undefined : orderLinkToken(order.id, new Date(now.getTime() + settings().GUEST_ORDER_LINK_DAYS * 86_400_000));
  const withToken = (url: string) => (guestToken ? withQueryParam(url, "token", guestToken) : url);
  const urls = {
    successUrl: withToken(withQueryParam(input.successUrl, "order_id", String(order.id))),
    cancelUrl: withToken(withQueryParam(input.cancelUrl, "cancelled_order", String(order.id))),
  };
  const paymentLines: PaymentOrderLine[] = lines.map((l) => ({
    productTitle: l.productTitle,
    variantTitle: l.variantTitle,
    imageUrl: l.imageUrl,
    quantity: l.quantity,
    chargedUnitCents: l.salePriceCents ?? l.unitPriceCents,
    totalCents: l.totalCents,
    currency: l.currency,
  }));

  let session: { sessionId: string; url: string };
  try {
    session = await provider.createSession(await paymentOrderFor(db, order), paymentLines, urls);
    // The demo page is ours and needs the guest's capability; a hosted page elsewhere (Stripe) gets its URL untouched.
    if (provider.name === "demo") session = { ...session, url: withToken(session.url) };
  } catch (error) {
    (await requestLog()).error("checkout.payment_provider_failed", { orderId: order.id, provider: provider.name, error });
    await db.transaction((tx) =>
      cancelPendingOrderInTx(tx, order.id, { userId: null, kind: "system" }, `Payment provider ${provider.name} could not open a session`),
    );
    throw new CheckoutError("payment_unavailable");
  }

  // The session keeps where the shopper goes after paying or cancelling (the demo page and the reminder read it).
  await openPaymentSession(db, { provider: provider.name, sessionId: session.sessionId, order, url: session.url, ...urls });

  return { orderId: order.id, url: session.url, sessionId: session.sessionId, totalCents: order.totalCents, currency: order.currency, guestToken };
}

/** Who checks out, for the limits and once-per-customer codes: the account, or a guest's address. */
function customerOf(input: { userId: string | null; email: string }): CheckoutCustomer {
  return input.userId ? { userId: input.userId, key: input.userId } : { userId: null, key: `guest:${input.email.trim().toLowerCase()}` };
}

/** A code the shopper cannot use becomes a checkout refusal caused by it: the reason is its text (400 on the API). */
async function asCheckoutError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PromotionError) throw new CheckoutError("discount_code", {}, undefined, { cause: error });
    throw error;
  }
}

function parseCheckoutInput(rawInput: CreateCheckoutInput) {
  if (rawInput && Array.isArray(rawInput.items) && rawInput.items.length === 0) throw new CheckoutError("empty_cart");
  const parsed = createCheckoutInputSchema.safeParse(rawInput);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue.path.map(String);
  if (path[0] === "items" && path.length === 1 && issue.code === "too_big") {
    throw new CheckoutError("too_many_lines", { max: MAX_CHECKOUT_LINES });
  }
  if (path[0] === "items" && path[2] === "quantity") {
    throw new CheckoutError("invalid_quantity", { max: MAX_QUANTITY_PER_VARIANT, field: path.join(".") });
  }
  throw new CheckoutError("invalid_input", { detail: `${path.join(".") || "body"}: ${issue.message}`, field: path.join(".") });
}

/** Appends one query parameter, keeping the others (and replacing a stale one of the same name). */
export function withQueryParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

// Kept here for the callers and tests that know them from the checkout service.
export { cancelPendingOrder, expireStaleOrders, type CancelledOrderLines } from "@/features/orders/order-release";
