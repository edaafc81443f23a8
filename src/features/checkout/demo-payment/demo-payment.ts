import type { Db } from "@/server/db/client";
import { type ShippingAddress } from "@/server/db/schema/shipping-address";
import { demoPaymentEventId } from "@/server/payments/demo-provider";
import { confirmPayment, linesByOrder, type ConfirmPaymentDeps } from "@/features/orders/service";
import { paymentSessionOrder } from "@/features/orders/payment-sessions";
import { cancelPendingOrder, expireStaleOrders } from "@/features/orders/order-release";
import { asOwner, type OwnerOrUserId } from "@/features/orders/order-owner";
import { repriceOrderForCountry } from "@/features/orders/order-repricing";
import { lastShippingAddress, rememberShippingAddress } from "@/features/accounts/shipping-profile";
import { checkShippingAddress, sameAddress, type AddressFieldErrors } from "@/features/addresses/address-schema";
import { defaultAddress } from "@/features/addresses/service";
import type { OrderExtras } from "@/features/orders/order-rows";
import { checkOrderExtras, type ExtrasFieldErrors } from "../order-extras";

/*
 * The built-in provider's "hosted page" behaviour: what the /pay/{sessionId} page shows and what its Pay and
 * Cancel buttons do. Only the order's owner (an account, or a guest holding the order's link) sees or acts on a
 * session; anyone else gets "not found".
 */

/** Demo session ids are `demo_{order}_{base64url}`; anything else (a NUL byte PostgreSQL refuses, a megabyte) is unknown. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The session's order and where the shopper goes after paying or cancelling, for its owner only, in one statement; a
 * pending order past its reservation is expired first.
 */
async function findDemoSession(db: Db, sessionId: string, payer: OwnerOrUserId, now = new Date()) {
  if (!SESSION_ID.test(sessionId)) return null;
  const find = () => paymentSessionOrder(db, "demo", sessionId, payer);
  let found = await find();
  if (!found) return null;
  if (found.order.status === "pending" && found.order.reservedUntil && found.order.reservedUntil < now) {
    await expireStaleOrders(db, now);
    found = await find();
  }
  return found ?? null;
}

/** The session's order with its lines, for its owner only; a pending order past its reservation is expired first. */
export async function getDemoSessionForUser(db: Db, sessionId: string, payer: OwnerOrUserId, now = new Date()) {
  const found = await findDemoSession(db, sessionId, payer, now);
  if (!found) return null;
  const { order } = found;
  const lines = (await linesByOrder(db, [order.id])).get(order.id) ?? [];
  return { order, lines };
}

export type DemoPayResult =
  | { kind: "not_found" }
  | { kind: "closed"; orderId: number }
  | { kind: "redirect"; url: string; orderId: number }
  | { kind: "invalid_address"; fieldErrors: AddressFieldErrors }
  /** The order note, company name or tax id (docs/product.md#checkout-extras) was refused: nothing changed. */
  | { kind: "invalid_extras"; fieldErrors: ExtrasFieldErrors }
  /** The address is in a country taxed differently: the order was re-priced and the shopper must see it before paying. */
  | { kind: "repriced"; orderId: number; totalCents: number };

/**
 * Pay: confirms through the same confirmPayment() a provider webhook uses, then sends the shopper to the success URL.
 * The address (already validated) is stored on the order in the same transaction that marks it paid.
 */
export async function payDemoSession(
  db: Db,
  sessionId: string,
  payer: OwnerOrUserId,
  deps: ConfirmPaymentDeps = {},
  shippingAddress: ShippingAddress | null = null,
  /** The session as the caller just read it for this payer (its order's total is the amount confirmed). */
  readSession?: Awaited<ReturnType<typeof findDemoSession>>,
  /** The checked checkout extras, written with the payment. */
  extras: OrderExtras | null = null,
): Promise<DemoPayResult> {
  const session = readSession === undefined ? await findDemoSession(db, sessionId, payer) : readSession;
  if (!session) return { kind: "not_found" };
  const { order } = session;
  if (order.status === "cancelled") return { kind: "closed", orderId: order.id };
  if (order.status === "pending") {
    await confirmPayment(
      db,
      {
        provider: "demo",
        eventId: demoPaymentEventId(sessionId),
        eventType: "demo.payment_succeeded",
        sessionId,
        amountCents: order.totalCents,
        currency: order.currency,
        paymentReference: `demo_payment_${order.id}`,
        shippingAddress,
        extras,
      },
      deps,
    );
  }
  return { kind: "redirect", orderId: order.id, url: session.urls?.successUrl ?? `/success?order_id=${order.id}` };
}

/** Cancel: the order is cancelled and its stock released; the shopper returns to the cancel URL (which names the order so the cart can be refilled). */
export async function cancelDemoSession(db: Db, sessionId: string, payer: OwnerOrUserId): Promise<DemoPayResult> {
  const session = await findDemoSession(db, sessionId, payer);
  if (!session) return { kind: "not_found" };
  await cancelPendingOrder(db, session.order.id, payer);
  return { kind: "redirect", orderId: session.order.id, url: session.urls?.cancelUrl ?? "/" };
}

/**
 * The demo page's Pay with the shipping address the shopper typed: a refused address changes nothing and answers one
 * message per field; an accepted one goes on the order (as it is paid) and becomes the profile's last address, which
 * the page offers again next time.
 */
export async function payDemoSessionWithAddress(
  db: Db,
  sessionId: string,
  payer: OwnerOrUserId,
  rawAddress: unknown,
  shippingCountries: readonly string[],
  deps: ConfirmPaymentDeps = {},
  /** The order note, company name and tax id as typed (docs/product.md#checkout-extras); the tax id is checked for the address's country. */
  rawExtras: unknown = null,
): Promise<DemoPayResult> {
  const checked = checkShippingAddress(rawAddress, shippingCountries);
  const extras = checkOrderExtras(rawExtras, checked.ok ? checked.address.country : "");
  if (!checked.ok || !extras.ok) {
    // Unknown or foreign sessions still answer "not found" first: field messages would reveal that the session exists.
    const session = await findDemoSession(db, sessionId, payer);
    if (!session) return { kind: "not_found" };
    return !checked.ok ? { kind: "invalid_address", fieldErrors: checked.fieldErrors } : { kind: "invalid_extras", fieldErrors: (extras as { fieldErrors: ExtrasFieldErrors }).fieldErrors };
  }
  // The destination decides the tax (docs/product.md#taxes-and-discounts): an order priced for another country is
  // re-priced first, and a changed amount is shown to the shopper instead of being charged unseen.
  // An order already priced for that country (every order after a shopper's first) skips the re-pricing transaction:
  // its locked check would find the same country, and the payment compares the amount under its own lock.
  let session = await findDemoSession(db, sessionId, payer);
  if (session?.order.status === "pending" && session.order.taxCountry !== checked.address.country.trim().toUpperCase()) {
    const repriced = await repriceOrderForCountry(db, session.order.id, payer, checked.address.country);
    // A shipping country whose zone has no method for this order (too heavy, say): said on the country field.
    if (repriced.kind === "not_shipped") return { kind: "invalid_address", fieldErrors: { country: "countryNotShipped" } };
    if (repriced.kind === "repriced") return { kind: "repriced", orderId: session.order.id, totalCents: repriced.totalCents };
    session = await findDemoSession(db, sessionId, payer);
  }
  const result = await payDemoSession(db, sessionId, payer, deps, checked.address, session, extras.extras);
  const owner = asOwner(payer);
  if (result.kind === "redirect" && "userId" in owner && !sameAddress(session?.lastAddress, checked.address)) {
    // Written only when it differs: the same address again (most payments) would be one more statement for nothing.
    await rememberShippingAddress(db, owner.userId, checked.address);
  }
  return result;
}

/**
 * The address to prefill the form with: this order's own (chosen at checkout, or a retry), else the address book's
 * default (docs/product.md#address-book), else the last one the shopper used.
 */
export async function addressToOffer(db: Db, userId: string | null, order: { shippingAddress: ShippingAddress | null }): Promise<ShippingAddress | null> {
  if (order.shippingAddress || !userId) return order.shippingAddress;
  const saved = await defaultAddress(db, userId);
  if (saved) return saved;
  return lastShippingAddress(db, userId);
}

/**
 * The payment page's destination or shipping method changed (a country chosen, a saved address picked, a method
 * picked): the order is priced for it before the shopper pays. Only the owner's pending order, only a country the shop
 * ships to and a method serving it (docs/product.md#shipping).
 */
export async function repriceDemoSession(
  db: Db,
  sessionId: string,
  payer: OwnerOrUserId,
  country: string,
  shippingCountries: readonly string[],
  methodId?: number,
): Promise<{ kind: "not_found" } | { kind: "refused" } | { kind: "unchanged" | "repriced"; totalCents: number }> {
  const session = await getDemoSessionForUser(db, sessionId, payer);
  if (!session) return { kind: "not_found" };
  const code = country.trim().toUpperCase();
  if (!shippingCountries.map((c) => c.trim().toUpperCase()).includes(code)) return { kind: "refused" };
  const outcome = await repriceOrderForCountry(db, session.order.id, payer, code, methodId);
  if (outcome.kind === "not_shipped") return { kind: "refused" };
  return outcome.kind === "not_pending" ? { kind: "not_found" } : outcome;
}
