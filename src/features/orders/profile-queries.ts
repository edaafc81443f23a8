import "server-only";
import type { Db } from "@/server/db/client";
import { countOrdersForUser, listOrdersForUser } from "@/features/orders/queries";
import { getOrCreateProfile } from "@/features/accounts/service";
import { withStates } from "@/features/orders/order-state";

/** Orders per page of the profile's Order History (docs/product.md#profile): each one is drawn in full. */
export const PROFILE_ORDERS_PER_PAGE = 10;

/**
 * Everything the profile page shows, read for the signed-in user only (ownership is part of each query): one page of
 * orders, newest first; a page past the last shows the last.
 */
export async function loadProfilePage(db: Db, userId: string, requestedPage = 1) {
  const [profile, total] = await Promise.all([getOrCreateProfile(db, userId), countOrdersForUser(db, userId)]);
  const pageCount = Math.max(1, Math.ceil(total / PROFILE_ORDERS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const orders = await listOrdersForUser(db, userId, { limit: PROFILE_ORDERS_PER_PAGE, offset: (page - 1) * PROFILE_ORDERS_PER_PAGE });
  return { profile, orders: await withStates(db, orders), page, pageCount, total };
}

export type ProfileOrder = Awaited<ReturnType<typeof loadProfilePage>>["orders"][number];
