import "server-only";
import type { Db } from "@/server/db/client";
import { listOrdersForUser } from "@/features/orders/queries";
import { getOrCreateProfile } from "@/features/accounts/service";
import { withStates } from "@/features/orders/order-state";

/** Everything the profile page shows, read for the signed-in user only (ownership is part of each query). */
export async function loadProfilePage(db: Db, userId: string) {
  const [profile, orders] = await Promise.all([getOrCreateProfile(db, userId), listOrdersForUser(db, userId)]);
  return { profile, orders: await withStates(db, orders) };
}

export type ProfileOrder = Awaited<ReturnType<typeof loadProfilePage>>["orders"][number];
