import "server-only";
import { headers } from "next/headers";
import { getDb, type Db } from "@/server/db/client";
import type { OrderShippingMethod } from "@/server/db/schema/orders";
import { checkOrderLinkToken } from "@/server/order-link-token";
import { localizedPath, type Locale } from "@/i18n/routing";
import { paymentSessionUrls } from "@/features/orders/payment-sessions";
import { orderSummary, type OrderSummary } from "@/features/orders/order-summary";
import type { OrderExtras } from "@/features/orders/order-rows";
import { listAddresses } from "@/features/addresses/service";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { addressToOffer, getDemoSessionForUser } from "./demo-payment";
import { shippingOptionsFor } from "@/features/shipping/service";
import type { PaymentMethodOption } from "./payment-shipping-methods";
import { currentPayer } from "./payment-user";

/** What the demo payment page shows, decided on the server (docs/product.md#guest-checkout for the token). */
export type DemoPaymentPage =
  | { kind: "sign-in"; expired: boolean }
  | { kind: "missing" }
  | { kind: "closed"; paid: boolean; orderId: number; href: string }
  | {
      kind: "open";
      orderId: number;
      summary: OrderSummary;
      pricesIncludeTax: boolean;
      totalCents: number;
      currency: string;
      reservedUntil: Date | null;
      timeZone: string | null;
      initialAddress: ShippingAddress | null;
      /** The order note and invoice company already on the order (docs/product.md#checkout-extras). */
      initialExtras: OrderExtras;
      savedAddresses: Awaited<ReturnType<typeof listAddresses>>;
      /** The guest's link token, carried by the form and the cancel button; undefined for a signed-in owner. */
      guestToken: string | undefined;
      /** The methods serving the order's destination (docs/product.md#shipping), once it is known, and the one charged. */
      shipping: { country: string; methods: PaymentMethodOption[]; methodId: number } | null;
    };

/**
 * The demo provider's hosted checkout page: only the signed-in owner of the order, or for a guest's order the holder
 * of its link (?token=), may see it; anyone else is 'missing' (the 404 page, as for an unknown session). A guest's link
 * that ran out says so rather than asking for an account they may not have. A paid or cancelled order says so and
 * links on: the order's success address when paid, the store when cancelled.
 */
export async function loadDemoPaymentPage(sessionId: string, token: string | undefined, locale: Locale): Promise<DemoPaymentPage> {
  const payer = await currentPayer(await headers(), token);
  if (!payer) return { kind: "sign-in", expired: checkOrderLinkToken(token).kind === "expired" };
  const db = await getDb();
  const session = await getDemoSessionForUser(db, sessionId, payer);
  if (!session) return { kind: "missing" };
  const { order, lines } = session;
  const userId = "userId" in payer ? payer.userId : null;
  if (order.status !== "pending") {
    const paid = order.status !== "cancelled";
    const urls = paid ? await paymentSessionUrls(db, "demo", sessionId) : null;
    const href = paid ? (urls?.successUrl ?? localizedPath(`/success?order_id=${order.id}`, locale)) : localizedPath("/store", locale);
    return { kind: "closed", paid, orderId: order.id, href };
  }
  return {
    kind: "open",
    orderId: order.id,
    summary: orderSummary(order, lines, locale),
    pricesIncludeTax: order.pricesIncludeTax,
    totalCents: order.totalCents,
    currency: order.currency,
    reservedUntil: order.reservedUntil,
    timeZone: order.timeZone,
    initialAddress: await addressToOffer(db, userId, order),
    initialExtras: { orderNote: order.orderNote, companyName: order.companyName, taxId: order.taxId },
    savedAddresses: userId ? await listAddresses(db, userId) : [],
    guestToken: userId ? undefined : token,
    shipping: await shippingChoices(db, order, locale),
  };
}

/** The methods the page offers: those serving the order's country for its subtotal and weight, in the page's language. */
async function shippingChoices(db: Db, order: { shippingMethod: OrderShippingMethod | null; taxCountry: string | null; subtotalCents: number }, locale: Locale) {
  const method = order.shippingMethod;
  if (!method || !order.taxCountry) return null;
  const options = await shippingOptionsFor(db, order.taxCountry, { subtotalCents: order.subtotalCents, weightGrams: method.weightGrams });
  if (!options.served) return null;
  const es = locale === "es";
  const methods = options.methods.map((m) => ({
    id: m.id,
    name: (es && m.nameEs) || m.nameEn,
    delivery: (es && m.deliveryEs) || m.deliveryEn,
    pickup: m.kind === "pickup" ? [m.pickupAddress, (es && m.pickupHoursEs) || m.pickupHoursEn].filter(Boolean).join(" · ") : "",
    priceCents: m.priceCents,
  }));
  return { country: order.taxCountry, methods, methodId: method.methodId };
}
