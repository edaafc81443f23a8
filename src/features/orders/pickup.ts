import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { writeAudit, type AdminActor } from "@/server/audit";
import { orders } from "@/server/db/schema/orders";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { OrderError } from "./errors";
import { enqueuePickupEmail } from "./order-emails";
import { lockOrder, type OrderRow } from "./order-rows";
import { markShipped, recordOrderEvent } from "./order-transitions";

/*
 * Local pickup (docs/product.md#local-pickup). A paid pickup order is announced "ready for pickup" (ready_for_pickup_at,
 * an order event and an email with the pickup point's address and hours from the method snapshot); "picked up" is the
 * existing completed → shipped change (shipped_at = when it was collected, so the return window counts from pickup),
 * with the "thanks, picked up" email instead of the shipped one. The status values stay pending/completed/shipped/cancelled.
 */

function assertPickup(order: OrderRow) {
  if (order.shippingMethod?.kind !== "pickup") throw new OrderError("notPickup", { id: order.id });
}

/** completed (paid) pickup order → ready for pickup; a second click is refused, so the email goes once. */
export async function markReadyForPickup(db: Db, actor: AdminActor, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertPickup(order);
    if (order.status !== "completed" || !order.paidAt) throw new OrderError("pickupNotPaid", { id: orderId });
    if (order.readyForPickupAt) throw new OrderError("pickupAlreadyReady", { id: orderId });
    const now = new Date();
    await tx.update(orders).set({ readyForPickupAt: now, updatedAt: now }).where(eq(orders.id, orderId));
    await recordOrderEvent(tx, { orderId, type: "ready_for_pickup", actorUserId: actor.userId });
    await writeAudit(tx, actor, { action: "ready_for_pickup", entity: "order", entityId: String(orderId), before: { status: "completed", readyForPickup: false }, after: { readyForPickup: true } });
    await enqueuePickupEmail(tx, orderId, "ready");
  });
  wakeMailWorker();
}

/** A ready pickup order was collected: shipped (docs/product.md#local-pickup), audit-logged, "thanks" email. */
export async function markPickedUp(db: Db, actor: AdminActor, orderId: number) {
  return markShipped(db, orderId, { userId: actor.userId, kind: "admin" }, async (tx) => {
    await writeAudit(tx, actor, { action: "picked_up", entity: "order", entityId: String(orderId), before: { status: "completed" }, after: { status: "shipped", pickedUp: true } });
    return null;
  }, {
    pickedUp: true,
    check: (order) => {
      assertPickup(order);
      if (order.status === "completed" && !order.readyForPickupAt) throw new OrderError("pickupNotReady", { id: orderId });
    },
  });
}
