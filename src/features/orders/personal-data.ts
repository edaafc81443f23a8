import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderEvents, orders } from "@/server/db/schema/orders";

/*
 * Orders' part of deleting an account (docs/product.md#data-rights): orders stay for accounting with the person taken
 * out of them. They move to one placeholder account, their email becomes the placeholder's and their address keeps
 * only the country (taxes and statistics need it, nothing identifies anyone).
 */

/** Anonymises the user's orders and their history's actor; answers how many orders were kept. */
export async function anonymiseOrdersOf(tx: Executor, userId: string, placeholder: { id: string; email: string }): Promise<number> {
  const owned = await tx.select({ id: orders.id, address: orders.shippingAddress }).from(orders).where(eq(orders.userId, userId));
  for (const order of owned) {
    const a = order.address;
    await tx
      .update(orders)
      .set({
        userId: placeholder.id,
        email: placeholder.email,
        timeZone: null,
        shippingAddress: a ? { firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zipCode: "", country: a.country } : null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
  }
  if (owned.length) await tx.update(orderEvents).set({ actorUserId: null }).where(and(inArray(orderEvents.orderId, owned.map((o) => o.id)), eq(orderEvents.actorUserId, userId)));
  return owned.length;
}
