import type { Db } from "@/server/db/client";
import type { PaymentProvider } from "@/server/payments/provider";
import { writeAudit, type AdminActor } from "@/server/audit";
import { cancelOrder, markShipped } from "./service";
import { settings } from "@/server/env";
import { carrierName, trackingLink } from "@/features/tracking/carriers";
import { parseTracking, saveShipment } from "@/features/tracking/service";

/*
 * Back-office order transitions (ship, cancel). Every write takes the db as a parameter, runs in one transaction and records an
 * audit row in it, so a refused or failed change leaves nothing behind. Callers (server actions) authorise first.
 */
// ——— Orders ———

/**
 * completed → shipped with the parcel's carrier and tracking number (docs/product.md#tracking). Status, parcel, audit
 * row and the shipped email (in the order's language, to the outbox: docs/product.md#mail-delivery) commit together;
 * markShipped changes the status under a row lock, so of two clicks (or two admins) only one gets past it: the email
 * is queued exactly once.
 */
export async function shipOrder(db: Db, actor: AdminActor, orderId: number, tracking: unknown) {
  const parcel = parseTracking(tracking);
  return markShipped(db, orderId, { userId: actor.userId, kind: "admin" }, async (tx) => {
    const saved = await saveShipment(tx, orderId, parcel);
    await writeAudit(tx, actor, { action: "ship", entity: "order", entityId: String(orderId), before: { status: "completed" }, after: { status: "shipped", ...saved } });
    return { carrierName: carrierName(saved.carrier), trackingNumber: saved.trackingNumber, url: trackingLink(saved, settings().CARRIER_TRACKING_URLS) };
  });
}

/** Cancels an order; a paid one is refunded through its provider and restocked (orders service). */
export async function cancelOrderAsAdmin(db: Db, actor: AdminActor, orderId: number, providerFor: (name: string) => PaymentProvider) {
  return cancelOrder(
    db,
    orderId,
    { userId: actor.userId, kind: "admin" },
    {
      refund: true,
      reason: `Cancelled by ${actor.email}`,
      inTransaction: (tx, before) =>
        writeAudit(tx, actor, { action: "cancel", entity: "order", entityId: String(orderId), before: { status: before.status }, after: { status: "cancelled" } }),
    },
    providerFor,
  );
}
