import type { Db } from "@/server/db/client";
import type { PaymentProvider } from "@/server/payments/provider";
import { writeAudit, type AdminActor } from "@/server/audit";
import { eq } from "drizzle-orm";
import { orders } from "@/server/db/schema/orders";
import { offlinePaymentEventId } from "@/server/payments/offline-provider";
import { cancelOrder, confirmCashCollected, confirmPayment, markShipped } from "./service";
import { OrderAdminError, OrderTransitionError } from "./errors";
import { settings } from "@/server/env";
import { carrierName, trackingLink } from "@/features/tracking/carriers";
import { parseTracking, saveShipment } from "@/features/tracking/service";

/*
 * Back-office order transitions (ship, cancel). Every write takes the db as a parameter, runs in one transaction and records an
 * audit row in it, so a refused or failed change leaves nothing behind. Callers (server actions) authorise first.
 */
// ——— Orders ———

function translateOrderError(error: unknown, orderId: number): never {
  if (error instanceof OrderTransitionError) {
    switch (error.code) {
      case "order_not_found":
        throw new OrderAdminError("orderNotFound", { id: orderId });
      case "illegal_transition":
        throw new OrderAdminError("illegalTransition", { id: orderId, from: error.params.from ?? "", to: error.params.to ?? "" });
      case "refund_failed":
        throw new OrderAdminError("refundFailed", { id: orderId, detail: error.params.detail ?? "" });
      case "changed_concurrently":
        throw new OrderAdminError("changedConcurrently", { id: orderId });
    }
  }
  throw error;
}

/**
 * completed → shipped with the parcel's carrier and tracking number (docs/product.md#tracking). Status, parcel, audit
 * row and the shipped email (in the order's language, to the outbox: docs/product.md#mail-delivery) commit together;
 * markShipped changes the status under a row lock, so of two clicks (or two admins) only one gets past it: the email
 * is queued exactly once.
 */
export async function shipOrder(db: Db, actor: AdminActor, orderId: number, tracking: unknown) {
  const parcel = parseTracking(tracking);
  try {
    return await markShipped(db, orderId, { userId: actor.userId, kind: "admin" }, async (tx) => {
      const saved = await saveShipment(tx, orderId, parcel);
      await writeAudit(tx, actor, { action: "ship", entity: "order", entityId: String(orderId), before: { status: "completed" }, after: { status: "shipped", ...saved } });
      return { carrierName: carrierName(saved.carrier), trackingNumber: saved.trackingNumber, url: trackingLink(saved, settings().CARRIER_TRACKING_URLS) };
    });
  } catch (error) {
    translateOrderError(error, orderId);
  }
}

/** Cancels an order; a paid one is refunded through its provider and restocked (orders service). */
export async function cancelOrderAsAdmin(db: Db, actor: AdminActor, orderId: number, providerFor: (name: string) => PaymentProvider) {
  try {
    return await cancelOrder(
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
  } catch (error) {
    translateOrderError(error, orderId);
  }
}

/**
 * An order paid outside any provider — a bank transfer that arrived, cash on delivery collected
 * (docs/product.md#payment-methods) — marked paid by an admin. It goes through confirmPayment like any provider's
 * payment (status, invoice, confirmation email, order.paid), recorded once per order: a second click changes nothing.
 */
export async function markPaidByHand(db: Db, actor: AdminActor, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new OrderAdminError("orderNotFound", { id: orderId });
  const audit = () => writeAudit(db, actor, { action: "mark_paid", entity: "order", entityId: String(orderId), before: { status: order.status, paidAt: null }, after: { provider: order.paymentProvider, paid: true } });
  // Cash collected at the door for a parcel that left unpaid: paid, invoiced, still shipped.
  if (order.status === "shipped" && order.paymentProvider === "cash_on_delivery" && !order.paidAt) {
    if (!(await confirmCashCollected(db, orderId, offlinePaymentEventId(orderId), `Cash collected, marked by ${actor.email}`))) throw new OrderAdminError("transferNotPayable", { id: orderId });
    return audit();
  }
  if (order.status !== "pending" || !OFFLINE_PROVIDERS.has(order.paymentProvider) || !order.paymentSessionId) throw new OrderAdminError("transferNotPayable", { id: orderId });
  const result = await confirmPayment(db, {
    provider: order.paymentProvider,
    eventId: offlinePaymentEventId(orderId),
    eventType: "marked_paid",
    sessionId: order.paymentSessionId,
    orderId,
    amountCents: order.totalCents,
    currency: order.currency,
    paymentReference: `marked_paid_by_${actor.userId}`,
  });
  if (result.outcome !== "completed") throw new OrderAdminError("transferNotPayable", { id: orderId });
  await audit();
}

const OFFLINE_PROVIDERS = new Set(["bank_transfer", "cash_on_delivery"]);
