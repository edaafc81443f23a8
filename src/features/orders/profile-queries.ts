import "server-only";
import type { Db } from "@/server/db/client";
import { listOrdersForUser } from "@/features/orders/queries";
import { getOrCreateProfile } from "@/features/accounts/service";

/** Everything the profile page shows, read for the signed-in user only (ownership is part of each query). */
export async function loadProfilePage(db: Db, userId: string) {
  const [profile, orders] = await Promise.all([getOrCreateProfile(db, userId), listOrdersForUser(db, userId)]);
  return { profile, orders };
}

export type ProfileOrder = Awaited<ReturnType<typeof loadProfilePage>>["orders"][number];

/** docs/product.md#order-status: pending default, completed success, shipped secondary, cancelled destructive, others outline. */
export function statusBadgeVariant(status: string): "default" | "success" | "secondary" | "destructive" | "outline" {
  switch (status) {
    case "pending":
      return "default";
    case "completed":
      return "success";
    case "shipped":
      return "secondary";
    case "cancelled":
      return "destructive";
    default:
      return "outline";
  }
}
