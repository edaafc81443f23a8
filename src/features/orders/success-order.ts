import "server-only";
import { getSessionUser } from "@/features/accounts/session";
import { documentLinks } from "@/features/invoices/queries";
import type { Locale } from "@/i18n/routing";
import { getDb } from "@/server/db/client";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { getGuestOrderByToken } from "./guest-order";
import { offersAddressKeep } from "./order-address-keep";
import { guestOrderUrl } from "./order-link";
import { getOrderForUser } from "./queries";

/**
 * The order the success page names by ?order_id= (docs/product.md#success-page): the signed-in owner's, or a guest's
 * whose link token came along (?token=, docs/product.md#guest-checkout), with the guest's private link to keep and
 * the order's documents; anyone else (or a bad id) gets nothing, as for a missing order. `keepAddress`: the owner is
 * offered to save the address given on a hosted payment page (order-address-keep.ts); a guest never is.
 */
export async function loadSuccessOrder(rawId: string | string[] | undefined, token: string | string[] | undefined, locale: Locale) {
  if (typeof rawId !== "string" || !/^\d{1,12}$/.test(rawId)) return null;
  const db = await getDb();
  const guestOrder = typeof token === "string" ? await getGuestOrderByToken(db, token) : null;
  if (guestOrder?.id === Number(rawId) && typeof token === "string") {
    const guestLink = guestOrderUrl(await currentShopBaseUrl(), guestOrder.id, locale, token);
    return { order: guestOrder, token, guestLink, docs: (await documentLinks(db, [guestOrder.id])).get(guestOrder.id), keepAddress: false };
  }
  const user = await getSessionUser();
  if (!user) return null;
  const order = await getOrderForUser(db, Number(rawId), user.id);
  if (!order) return null;
  const [docs, keepAddress] = await Promise.all([documentLinks(db, [order.id]), offersAddressKeep(db, user.id, order)]);
  return { order, token: null, guestLink: null, docs: docs.get(order.id), keepAddress };
}
