"use server";

import { shopSettings } from "@/features/settings/queries";
import { z } from "zod";
import type { CartLine } from "@/features/cart/cart-lines";
import { getSessionUser } from "@/features/accounts/session";
import { getOrderForUser } from "@/features/orders/queries";
import { getGuestOrderByToken } from "@/features/orders/guest-order";
import { orderIdOfLink } from "@/server/order-link-token";
import { isLocale, localizedPath } from "@/i18n/routing";
import { formatMessage } from "@/i18n/server-translator";
import { getDb } from "@/server/db/client";
import { databaseIsDown } from "@/server/http/database-unavailable";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { currentPayer } from "@/features/checkout/demo-payment/payment-user";
import { headers } from "next/headers";
import type { AddressFieldErrors } from "@/features/addresses/address-schema";
import { extrasFields, type ExtrasErrorKey, type ExtrasField, type ExtrasFieldErrors } from "./order-extras";
import { payDemoSessionWithAddress } from "./demo-payment/demo-payment";
import { CheckoutError } from "./errors";
import { checkoutRefusalText, promotionRefusalText } from "./refusal-text";
import { cancelPendingOrder } from "./service";
import { checkoutForRequest } from "./request-checkout";
import { checkoutAddress } from "./checkout-address";
import { requestLog } from "@/server/log";
import { quoteCart, type CartQuote } from "./cart-quote";
import { shippingCountries } from "@/features/shipping/service";
import { isCountryCode, worldCountries } from "@/features/shipping/world-countries";
import { CATALOG_ID, MAX_CHECKOUT_LINES, MAX_QUANTITY_PER_VARIANT } from "./schemas";
import { PromotionError } from "@/features/promotions/promotion-errors";
import { CODE_PATTERN } from "@/features/promotions/service";
import { checkoutPaymentMethodSchema } from "@/features/payments/schemas";
import { needsAddressFirst, resolveCheckoutMethod } from "@/features/payments/service";
import type { PaymentMethodId } from "@/server/db/schema/payment-methods";
import { shippingCountryOptions } from "@/features/addresses/countries";
import type { Country } from "@/features/addresses/components/address-fields";
import { settings } from "@/server/env";
import type { Locale } from "@/i18n/routing";
import { guestCheckoutAddress } from "./guest-address";
import { guestEmailHasAccount } from "./guest-account";
import { asOwner } from "@/features/orders/order-owner";
import { keepPaidAddress } from "@/features/addresses/service";

/*
 * Server actions of the checkout: validate → authorise → service (docs/product.md#roles). Next.js refuses actions posted from another
 * origin, so these need no origin check of their own; the amounts are all decided by the service.
 */

const startCheckoutSchema = z.object({
  // Only ids and quantities cross the wire; the service validates quantities strictly and answers a message.
  items: z
    .array(z.object({ variantId: z.string().min(1).max(100), quantity: z.unknown() }))
    .max(MAX_CHECKOUT_LINES),
  locale: z.string().max(10).optional(),
  timeZone: z.string().max(64).optional(),
  /** A saved address of the shopper's (docs/product.md#address-book); absent means the default one, if any. */
  addressId: z.number().int().positive().optional(),
  discountCode: z.string().max(60).optional(),
  shippingCountry: z.string().max(2).optional(),
  /** The shipping method picked in the drawer (docs/product.md#shipping); the service checks it serves the destination. */
  shippingMethodId: z.number().int().positive().max(2_147_483_647).optional(),
  /** 'Continue as guest' (docs/product.md#guest-checkout): the address the order will belong to; ignored when signed in. */
  guestEmail: z.string().max(320).optional(),
  /** The guest chose to go on as a guest although the email has an account (absent: such an email is offered sign-in). */
  guestConfirmed: z.boolean().optional(),
  /** The payment method picked in the drawer (docs/product.md#payment-methods); absent: the first one offered. */
  paymentMethod: checkoutPaymentMethodSchema,
  /** A guest's delivery address, typed when the method has no hosted page to ask it (a transfer, cash on delivery). */
  guestAddress: z.record(z.string(), z.unknown()).optional(),
  /** The order note and invoice company typed in the drawer (docs/product.md#checkout-extras); the service checks them. */
  extras: z.object({ orderNote: z.string().max(10_000), companyName: z.string().max(10_000), taxId: z.string().max(10_000) }).partial().optional(),
});
// A guest's address, checked only once it is known to be a guest (it may then be refused with its own message).
const guestEmailSchema = z.email().max(254);
const sessionIdSchema = z.string().min(1).max(200);

/**
 * `guestCheckout`: whether the sign-in dialog may offer 'Continue as guest' (the checkout settings); `guestAddress`:
 * the countries a guest's address may have, when the chosen method needs the address typed before the order.
 */
export type StartCheckoutResult =
  | { ok: true; url: string }
  | { ok: false; reason: "auth"; guestCheckout: boolean; guestAddress: Country[] | null }
  /** The guest's email has an account: the email step offers its sign-in, or going on as a guest (decision 0383). */
  | { ok: false; reason: "account" }
  | { ok: false; reason: "error"; message: string; fieldErrors?: AddressFieldErrors; extrasErrors?: ExtrasFieldErrors };

/**
 * 'Proceed to Checkout': a pending order with reserved stock and the hosted payment page to go to. Without a session it
 * answers "auth", unless a guest's email came along; whether a guest may check out is the service's decision.
 */
export async function startCheckout(input: unknown): Promise<StartCheckoutResult> {
  const parsed = startCheckoutSchema.safeParse(input);
  const locale = parsed.success && isLocale(parsed.data.locale) ? parsed.data.locale : "en";
  if (!parsed.success) return { ok: false, reason: "error", message: checkoutRefusalText(locale, { code: "invalid_input", params: { detail: parsed.error.issues[0]?.message ?? "" } }) };
  try {
    // Inside the try: the session read is the first database call, so a database outage is told as one.
    const user = await getSessionUser();
    const guestEmail = user ? null : guestEmailSchema.safeParse(parsed.data.guestEmail?.trim());
    if (!user && parsed.data.guestEmail === undefined) return await signInFirst(locale, parsed.data.paymentMethod);
    if (guestEmail && !guestEmail.success) return { ok: false, reason: "error", message: checkoutRefusalText(locale, { code: "guest_email_invalid" }) };
    const base = await currentShopBaseUrl();
    const db = await getDb();
    // Only where guests may check out: elsewhere the service refuses the guest, and the answer would say nothing else.
    if (guestEmail && !parsed.data.guestConfirmed && (await shopSettings()).checkout.guestCheckout && (await guestEmailHasAccount(db, guestEmail.data!, await headers()))) {
      return { ok: false, reason: "account" };
    }
    let shippingAddress = user ? await checkoutAddress(db, user.id, parsed.data.addressId) : null;
    if (!user && parsed.data.guestAddress) {
      const typed = await guestCheckoutAddress(db, parsed.data.guestAddress);
      if (!typed.ok) return { ok: false, reason: "error", message: formatMessage(locale, "checkout", "guestAddressInvalid"), fieldErrors: typed.fieldErrors };
      shippingAddress = typed.address;
    }
    const result = await checkoutForRequest(
      {
        userId: user?.id ?? null,
        email: user?.email ?? guestEmail!.data!,
        locale,
        timeZone: validTimeZone(parsed.data.timeZone),
        items: parsed.data.items as { variantId: string; quantity: number }[],
        // docs/product.md#checkout: success goes to /success (+ order_id from the service), cancel to / (+ cancelled_order).
        successUrl: `${base}${localizedPath("/success", locale)}`,
        cancelUrl: `${base}${localizedPath("/", locale)}`,
        shippingAddress: shippingAddress ?? undefined,
        discountCode: parsed.data.discountCode,
        shippingCountry: countryOf(parsed.data.shippingCountry),
        shippingMethodId: parsed.data.shippingMethodId,
        extras: parsed.data.extras,
      },
      await headers(),
      parsed.data.paymentMethod,
    );
    return { ok: true, url: result.url };
  } catch (error) {
    // An account deleted between the session read and the order: asked to sign in, as a visitor is.
    if (error instanceof CheckoutError && error.code === "unauthenticated") return await signInFirst(locale, parsed.data.paymentMethod);
    if (error instanceof CheckoutError) return { ok: false, reason: "error", message: checkoutRefusalText(locale, error), extrasErrors: extrasErrorsOf(error) };
    (await requestLog()).error("checkout.failed", { error });
    // When the database is what failed, the shopper reads that rather than "unexpected" (docs/product.md#error-messages).
    if (await databaseIsDown()) return { ok: false, reason: "error", message: formatMessage(locale, "errors", "request.databaseUnavailable") };
    return { ok: false, reason: "error", message: "" };
  }
}

/** A refused checkout extra as the drawer's field message (the key order-extras.ts gave it), else none. */
function extrasErrorsOf(error: CheckoutError): ExtrasFieldErrors | undefined {
  if (error.code !== "invalid_extras" || !(extrasFields as readonly string[]).includes(error.field ?? "")) return undefined;
  return { [error.field as ExtrasField]: error.params.extra as ExtrasErrorKey };
}

/**
 * A visitor is asked to sign in; when the shop takes guests and the chosen method has no hosted page to ask the
 * address (docs/product.md#payment-methods), the guest form asks it, among the countries the shop ships to.
 */
async function signInFirst(locale: Locale, paymentMethod: PaymentMethodId | undefined): Promise<StartCheckoutResult> {
  const guestCheckout = (await shopSettings()).checkout.guestCheckout;
  const method = guestCheckout ? await resolveCheckoutMethod(await getDb(), settings(), paymentMethod) : null;
  return { ok: false, reason: "auth", guestCheckout, guestAddress: method && needsAddressFirst(method.id) ? await shippingCountryOptions(locale) : null };
}

/**
 * A country code, upper-cased, else none (the usual rule then picks the destination). Any country may be chosen in the
 * drawer: one in no shipping zone is then told it cannot be shipped to (docs/product.md#shipping).
 */
function countryOf(value: string | null | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && isCountryCode(code) ? code : undefined;
}

/** An IANA zone the runtime knows, else none (the order then shows times in the shop's zone). */
function validTimeZone(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

/**
 * Back from a cancelled payment (`/?cancelled_order=ID`): cancels the shopper's pending order, releasing its stock,
 * and answers its lines so the cart can be refilled. Another user's order answers nothing, as a missing one does.
 */
export async function restoreCancelledOrder(orderId: unknown, token?: unknown): Promise<CartLine[]> {
  const id = z.coerce.number().int().positive().safeParse(orderId);
  if (!id.success) return [];
  // A guest's order is theirs by its link token (docs/product.md#guest-checkout), an account's by the session.
  const guestOrderId = orderIdOfLink(token);
  const user = guestOrderId === id.data ? null : await getSessionUser();
  if (!user && guestOrderId !== id.data) return [];
  const db = await getDb();
  let order: Awaited<ReturnType<typeof getOrderForUser>>;
  try {
    const cancelled = await cancelPendingOrder(db, id.data, user ? { userId: user.id } : { guestOrderId: id.data });
    if (!cancelled) return [];
    order = user ? await getOrderForUser(db, id.data, user.id) : await getGuestOrderByToken(db, token);
  } catch (error) {
    // Logged here, with the request id, because the browser that asked has no log to write to: its cart stays as is.
    (await requestLog()).error("checkout.restore_cancelled_failed", { orderId: id.data, error });
    return [];
  }
  return (order?.lines ?? []).map((line) => ({
    productId: line.productId,
    productTitle: line.productTitle,
    variantId: line.variantId,
    variantTitle: line.variantTitle,
    imageUrl: line.imageUrl,
    // Display only, as every cart price: checkout reprices from the catalog.
    unitPriceCents: line.salePriceCents ?? line.unitPriceCents,
    currency: line.currency,
    quantity: line.quantity,
  }));
}

export type DemoPayActionResult =
  | { ok: true; url: string }
  | { ok: false; fieldErrors?: AddressFieldErrors; extrasErrors?: ExtrasFieldErrors; reload?: boolean; repriced?: boolean };

/**
 * The demo page's Pay: validates the address and the checkout extras (docs/product.md#checkout-extras; same schemas
 * as the form), then confirms the payment.
 */
/** `saveAddress`: a signed-in shopper's 'Save this address' — once paid, the address joins their address book. */
export async function payDemoSessionAction(sessionId: unknown, address: unknown, token?: unknown, extras?: unknown, saveAddress?: unknown): Promise<DemoPayActionResult> {
  const id = sessionIdSchema.safeParse(sessionId);
  if (!id.success) return { ok: false, reload: true };
  // A guest pays with the order's link token (docs/product.md#guest-checkout); an account with its session.
  const payer = await currentPayer(await headers(), typeof token === "string" ? token : null);
  if (!payer) return { ok: false, reload: true };
  const db = await getDb();
  const countries = await shippingCountries(db);
  const result = await payDemoSessionWithAddress(db, id.data, payer, address, countries, {}, extras);
  if (result.kind === "invalid_address") return { ok: false, fieldErrors: result.fieldErrors };
  if (result.kind === "invalid_extras") return { ok: false, extrasErrors: result.fieldErrors };
  if (result.kind === "redirect") {
    // Only the session's own account has an address book; a guest's token never writes to one.
    const owner = asOwner(payer);
    if (saveAddress === true && "userId" in owner) await keepPaidAddress(db, owner.userId, address, countries);
    return { ok: true, url: result.url };
  }
  if (result.kind === "repriced") return { ok: false, repriced: true };
  // Not found or closed meanwhile (expired, cancelled in another tab): the page shows the current state.
  return { ok: false, reload: true };
}

const quoteSchema = z.object({
  items: z.array(z.object({ variantId: z.string().regex(CATALOG_ID), quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_VARIANT) })).min(1).max(MAX_CHECKOUT_LINES),
  code: z.string().trim().max(60).nullable(),
  locale: z.enum(["en", "es"]).catch("en"),
  country: z.string().max(2).nullable().optional(),
  shippingMethodId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});

/**
 * The cart drawer's totals and code check: validate → (optional) session → service. Visitors get an estimate too;
 * a code's once-per-customer rule is checked for signed-in shoppers (and again at checkout).
 */
export async function quoteCartAction(input: unknown): Promise<CartQuote | null> {
  const parsed = quoteSchema.safeParse(input);
  if (!parsed.success) return null;
  const { items, code, locale, country, shippingMethodId } = parsed.data;
  if (code && !CODE_PATTERN.test(code)) return { ok: false, message: promotionRefusalText(locale, { code: "invalid" }) };
  const user = await getSessionUser();
  try {
    return await quoteCart(await getDb(), { items, code: code || null, country: countryOf(country) ?? null, countries: [...worldCountries], shippingMethodId, userId: user?.id ?? null, locale, now: new Date() });
  } catch (error) {
    // A code that cannot be used answers its reason, in the drawer's language.
    if (error instanceof PromotionError) return { ok: false, message: promotionRefusalText(locale, error) };
    throw error;
  }
}
