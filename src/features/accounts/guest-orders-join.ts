import "server-only";
import { and, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orders } from "@/server/db/schema/orders";

/**
 * docs/product.md#guest-checkout: once a user has proved an address is theirs (verified it), the guest orders placed
 * with that address join their account. Only a verified address: anyone may register with any address. Answers the
 * number of orders joined; a repeat finds none left.
 */
export async function joinGuestOrders(db: Executor, who: { userId: string; email: string; emailVerified: boolean }): Promise<number> {
  if (!who.emailVerified) return 0;
  const joined = await db
    .update(orders)
    .set({ userId: who.userId, updatedAt: new Date() })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${who.email.trim().toLowerCase()}`))
    .returning({ id: orders.id });
  return joined.length;
}
