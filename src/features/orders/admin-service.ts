import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import type { PaymentProvider } from "@/server/payments/provider";
import { writeAudit, type AdminActor } from "@/server/audit";
import { eq } from "drizzle-orm";
import { orders } from "@/server/db/schema/orders";
import { offlinePaymentEventId } from "@/server/payments/offline-provider";
import { cancelOrder, confirmCashCollected, confirmPayment, markShipped } from "./service";
import { OrderError } from "./errors";
import { settings } from "@/server/env";
import { carrierName, trackingLink } from "@/features/tracking/carriers";
import { parseOptionalTracking, saveShipment } from "@/features/tracking/service";

/*
 * Back-office order transitions (ship, cancel). Every write takes the db as a parameter, runs in one transaction and records an
 * audit row in it, so a refused or failed change leaves nothing behind. Callers (server actions) authorise first.
 */
// ——— Orders ———

/**
 * completed → shipped with the parcel's carrier and tracking number (docs/product.md#tracking), or without any. Status, parcel, audit
 * row and the shipped email (in the order's language, to the outbox: docs/product.md#mail-delivery) commit together;
 * markShipped changes the status under a row lock, so of two clicks (or two admins) only one gets past it: the email
 * is queued exactly once.
 */
export async function shipOrder(db: Db, actor: AdminActor, orderId: number, tracking: unknown) {
  const parcel = parseOptionalTracking(tracking);
  return markShipped(db, orderId, { userId: actor.userId, kind: "admin" }, async (tx) => {
    // No parcel to follow (docs/product.md#local-pickup): shipped, and the email has no tracking lines.
    if (!parcel) {
      await writeAudit(tx, actor, { action: "ship", entity: "order", entityId: String(orderId), before: { status: "completed" }, after: { status: "shipped", tracking: null } });
      return null;
    }
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

/**
 * An order paid outside any provider — a bank transfer that arrived, cash on delivery collected
 * (docs/product.md#payment-methods) — marked paid by an admin. It goes through confirmPayment like any provider's
 * payment (status, invoice, confirmation email, order.paid), recorded once per order: a second click changes nothing.
 */
export async function markPaidByHand(db: Db, actor: AdminActor, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new OrderError("orderNotFound", { id: orderId });
  // Written in the payment's own transaction: the order is never paid without its audit row, nor the other way round.
  const audit = (tx: Executor) => writeAudit(tx, actor, { action: "mark_paid", entity: "order", entityId: String(orderId), before: { status: order.status, paidAt: null }, after: { provider: order.paymentProvider, paid: true } });
  // Cash collected at the door for a parcel that left unpaid: paid, invoiced, still shipped.
  if (order.status === "shipped" && order.paymentProvider === "cash_on_delivery" && !order.paidAt) {
    if (!(await confirmCashCollected(db, orderId, offlinePaymentEventId(orderId), `Cash collected, marked by ${actor.email}`, audit))) throw new OrderError("transferNotPayable", { id: orderId });
    return;
  }
  if (order.status !== "pending" || !OFFLINE_PROVIDERS.has(order.paymentProvider) || !order.paymentSessionId) throw new OrderError("transferNotPayable", { id: orderId });
  const result = await confirmPayment(
    db,
    {
      provider: order.paymentProvider,
      eventId: offlinePaymentEventId(orderId),
      eventType: "marked_paid",
      sessionId: order.paymentSessionId,
      orderId,
      amountCents: order.totalCents,
      currency: order.currency,
      paymentReference: `marked_paid_by_${actor.userId}`,
    },
    { inTransaction: audit },
  );
  if (result.outcome !== "completed") throw new OrderError("transferNotPayable", { id: orderId });
}

const OFFLINE_PROVIDERS = new Set(["bank_transfer", "cash_on_delivery"]);
