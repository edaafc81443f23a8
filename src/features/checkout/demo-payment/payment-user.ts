import "server-only";
import { getAuth } from "@/features/accounts/auth";
import { shopperFromCookieCache } from "@/features/accounts/cached-session";
import { orderIdOfLink } from "@/server/order-link-token";
import type { OrderOwner } from "@/features/orders/order-owner";

/**
 * Who is paying: the holder of a valid private link to a guest's order (the `token` the page's address carries,
 * docs/product.md#guest-checkout), else the signed-in user of this request, else null. The demo payment page and its
 * endpoints accept a session only from its order's owner; this is the single place that asks the auth module.
 */
export async function currentPayer(requestHeaders: Headers, token?: string | null, fromCookieCache = false): Promise<OrderOwner | null> {
  const guestOrderId = token ? orderIdOfLink(token) : null;
  if (guestOrderId !== null) return { guestOrderId };
  // The demo Pay/Cancel form posts may answer from the signed cookie cache (decision 0260: a session revoked
  // elsewhere pays for at most SESSION_CACHE_SECONDS more); the pages and server actions read the database.
  const cached = fromCookieCache ? shopperFromCookieCache(requestHeaders) : null;
  if (cached) return { userId: cached.id };
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: true } });
  return session ? { userId: session.user.id } : null;
}
