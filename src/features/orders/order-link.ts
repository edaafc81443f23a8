import { localizedPath, type Locale } from "@/i18n/routing";
import { settings } from "@/server/env";
import { orderLinkToken } from "@/server/order-link-token";

/** The guest order page's address with its signed token (docs/product.md#guest-checkout). */
export function guestOrderUrl(baseUrl: string, orderId: number, locale: Locale, token: string): string {
  return `${baseUrl}${localizedPath(`/orders/${orderId}`, locale)}?token=${encodeURIComponent(token)}`;
}

/**
 * Where an order email sends its reader: the profile for an account's order; for a guest's order, a fresh private
 * link lasting GUEST_ORDER_LINK_DAYS (the guest has no account to sign in to).
 */
export function orderLinkForEmail(order: { id: number; userId: string | null }, baseUrl: string, locale: Locale, now = new Date()) {
  if (order.userId) return { key: "viewOrders" as const, url: `${baseUrl}${localizedPath("/profile", locale)}`, days: 0 };
  const days = settings().GUEST_ORDER_LINK_DAYS;
  const token = orderLinkToken(order.id, new Date(now.getTime() + days * 86_400_000));
  return { key: "viewGuestOrder" as const, url: guestOrderUrl(baseUrl, order.id, locale, token), days };
}

/** "Find an order" (docs/product.md#guest-checkout): every order email links the lookup page, for a lost link. */
export function orderLookupUrl(baseUrl: string, locale: Locale): string {
  return `${baseUrl}${localizedPath("/orders/lookup", locale)}`;
}
