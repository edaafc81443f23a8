import "server-only";
import { getAuth } from "@/features/accounts/auth";
import { orderIdOfLink } from "@/server/order-link-token";
import type { OrderOwner } from "../order-owner";

/**
 * Who is paying: the holder of a valid private link to a guest's order (the `token` the page's address carries,
 * docs/product.md#guest-checkout), else the signed-in user of this request, else null. The demo payment page and its
 * endpoints accept a session only from its order's owner; this is the single place that asks the auth module.
 */
export async function currentPayer(requestHeaders: Headers, token?: string | null): Promise<OrderOwner | null> {
  const guestOrderId = token ? orderIdOfLink(token) : null;
  if (guestOrderId !== null) return { guestOrderId };
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders });
  return session ? { userId: session.user.id } : null;
}
