import { and, eq, sql, type Column, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { profiles, user } from "@/server/db/schema/auth";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";

/*
 * The account's last shipping address (docs/product.md#address-book: what checkout prices for and the payment page
 * offers again) and the account row checkouts queue on (docs/product.md#checkout-limits). Orders and checkout reach
 * the profile's columns through these, inside their own statements and transactions.
 */

/**
 * Locks the account's row for the rest of the caller's transaction, so one account's checkouts run one after another,
 * and answers its last shipping address with the lock (one round trip); null when the account does not exist.
 * NO KEY UPDATE still queues the account's checkouts, but not the foreign-key check (KEY SHARE) a sweep or cancel
 * of the account's order takes on this row while it holds that order: FOR UPDATE made those two deadlock.
 */
export async function lockAccountForCheckout(tx: Executor, userId: string): Promise<{ lastShippingAddress: ShippingAddress | null } | null> {
  const [account] = await tx
    .select({ id: user.id, address: profiles.lastShippingAddress })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .for("no key update", { of: user });
  return account ? { lastShippingAddress: account.address ?? null } : null;
}

/**
 * The last shipping address of the account named by `userId` (a column of the caller's query, e.g. an order's
 * user), as a column of that same query: a caller reading an order and its owner's address makes one round trip.
 */
export function lastShippingAddressOf(userId: Column | SQL): SQL<ShippingAddress | null> {
  // Decoded as the column is (mapWith), whatever the driver answers for jsonb.
  return sql<ShippingAddress | null>`(select ${profiles.lastShippingAddress} from ${profiles} where ${profiles.id} = ${userId})`.mapWith(
    profiles.lastShippingAddress,
  );
}

/** The account's last shipping address, or null. */
export async function lastShippingAddress(db: Executor, userId: string): Promise<ShippingAddress | null> {
  const [profile] = await db.select({ last: profiles.lastShippingAddress }).from(profiles).where(eq(profiles.id, userId));
  return profile?.last ?? null;
}

/**
 * Keeps the address as the account's last one. The condition in SQL keeps a payment that raced another one with this
 * address from writing it twice; callers that know the stored address skip the call when it is the same.
 */
export async function rememberShippingAddress(db: Executor, userId: string, address: ShippingAddress): Promise<void> {
  await db
    .update(profiles)
    .set({ lastShippingAddress: address, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), sql`${profiles.lastShippingAddress} is distinct from ${JSON.stringify(address)}::jsonb`));
}
