import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, withTransactionRetry } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { orderEvents, orderLines, orders, paymentEvents, type OrderStatus } from "@/server/db/schema/orders";
import { variants } from "@/server/db/schema/catalog";
import type { ShippingAddress } from "@/server/db/schema/auth";
import type { PaymentEvent, PaymentOrder, PaymentProvider } from "@/server/payments/provider";
import { enqueueOrderConfirmationEmail, enqueueOrderShippedEmail, type ParcelTracking } from "./order-emails";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { notifyBackInStock } from "@/features/stock-alerts/service";
import { OrderTransitionError } from "./errors";
import { releasePromotionUses } from "@/features/promotions/service";
import { issueCreditNoteInTx, issueInvoiceInTx } from "@/features/invoices/service";
import { queueOrderWebhook } from "./order-webhooks";

export type OrderRow = typeof orders.$inferSelect;

/** Who changed an order: a signed-in user (shopper or admin), or the system (sweeps, provider events). */
export type OrderActor = { userId: string | null; kind: "customer" | "admin" | "system" | "provider" };

/**
 * The legal status changes. pending → completed happens only through confirmPayment (a provider saying "paid");
 * shipped orders are final.
 */
const allowedTransitions: Record<OrderStatus, OrderStatus[]> = {
  pending: ["completed", "cancelled"],
  completed: ["shipped", "cancelled"],
  shipped: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus) {
  return allowedTransitions[from].includes(to);
}

export async function recordOrderEvent(
  tx: Executor,
  event: { orderId: number; type: string; fromStatus?: OrderStatus | null; toStatus?: OrderStatus | null; note?: string | null; actorUserId?: string | null },
) {
  await tx.insert(orderEvents).values({ ...event, fromStatus: event.fromStatus ?? null, toStatus: event.toStatus ?? null, note: event.note ?? null, actorUserId: event.actorUserId ?? null });
}

/**
 * Gives an order's reserved units back to managed variants, once: the stockReleased flag is flipped by a
 * conditional update, so a second call (a double click, a sweep racing a cancel) restocks nothing.
 */
export async function releaseReservedStock(tx: Executor, orderId: number): Promise<boolean> {
  const flipped = await tx
    .update(orders)
    .set({ stockReleased: true, reservedUntil: null, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.stockReleased, false)))
    .returning({ id: orders.id });
  if (flipped.length === 0) return false;
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.variantId)
    .orderBy(orderLines.variantId);
  for (const line of lines) {
    // Only managed variants were reserved at checkout; a variant deleted since then has nothing to give back to.
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(and(eq(variants.id, line.variantId), eq(variants.manageInventory, true)));
  }
  await notifyBackInStock(tx, lines.map((l) => l.variantId));
  return true;
}

export function toPaymentOrder(order: OrderRow): PaymentOrder {
  return {
    id: order.id,
    email: order.email,
    locale: order.locale,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    shippingTotalCents: order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents),
    totalCents: order.totalCents,
    paymentSessionId: order.paymentSessionId,
    paymentReference: order.paymentReference,
    reservedUntil: order.reservedUntil,
    shippingAddress: order.shippingAddress,
  };
}

export type ConfirmPaymentInput = {
  provider: string;
  eventId: string;
  eventType?: string;
  sessionId: string;
  /** Used only when the session id is unknown to us (e.g. the session was stored after the provider answered). */
  orderId?: number | null;
  amountCents: number;
  currency: string;
  paymentReference?: string | null;
  shippingAddress?: ShippingAddress | null;
  payload?: unknown;
};

export type ConfirmPaymentOutcome =
  | "completed"
  | "duplicate"
  | "unknown_order"
  | "amount_mismatch"
  | "already_paid"
  | "needs_refund";

export type ConfirmPaymentResult = { outcome: ConfirmPaymentOutcome; orderId: number | null };

export type ConfirmPaymentDeps = {
  /** Writes the confirmation mail in the payment's transaction; tests may replace it. */
  enqueueConfirmation?: (tx: Executor, orderId: number) => Promise<void>;
};

/**
 * The one way an order becomes paid — the demo Pay button and provider webhooks both come here.
 *
 * Idempotent: the provider event is recorded first with a unique (provider, event_id); a redelivery (even in
 * parallel: the second insert waits for the first transaction and then conflicts) does nothing more. Checked: the
 * paid amount and currency must equal the order's. The status flips pending → completed with a conditional update,
 * so two different events for one session still complete it once. The confirmation email is written to the outbox
 * in the same transaction, only by the call that made the transition.
 */
export async function confirmPayment(db: Db, input: ConfirmPaymentInput, deps: ConfirmPaymentDeps = {}): Promise<ConfirmPaymentResult> {
  const result = await withTransactionRetry(() => db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        provider: input.provider,
        eventId: input.eventId,
        type: input.eventType ?? "payment_succeeded",
        amountCents: input.amountCents,
        currency: input.currency.toUpperCase(),
        payload: (input.payload ?? null) as never,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return { outcome: "duplicate" as const, orderId: null };
    const eventRowId = inserted[0].id;

    const order = await findOrderForPayment(tx, input.sessionId, input.orderId ?? null);
    const settle = async (outcome: ConfirmPaymentOutcome, orderId: number | null) => {
      await tx.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, eventRowId));
      return { outcome, orderId };
    };
    if (!order || order.paymentProvider !== input.provider) return settle("unknown_order", order?.id ?? null);

    if (input.amountCents !== order.totalCents || input.currency.toUpperCase() !== order.currency.toUpperCase()) {
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "payment_mismatch",
        note: `Paid ${input.amountCents} ${input.currency.toUpperCase()}, order total is ${order.totalCents} ${order.currency}; not completed (event ${input.eventId})`,
      });
      return settle("amount_mismatch", order.id);
    }

    if (order.status === "cancelled") {
      // Money arrived for an order whose stock was already given back: never accept it silently.
      await tx.update(orders).set({ needsRefund: true, paymentReference: input.paymentReference ?? order.paymentReference, updatedAt: new Date() }).where(eq(orders.id, order.id));
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "payment_after_cancel",
        note: `Payment ${input.eventId} received for a cancelled order; needs refund`,
      });
      return settle("needs_refund", order.id);
    }
    if (order.status !== "pending") return settle("already_paid", order.id);

    const now = new Date();
    const changed = await tx
      .update(orders)
      .set({
        status: "completed",
        paidAt: now,
        updatedAt: now,
        // The reservation becomes the sale: the units were already taken off stock at checkout.
        reservedUntil: null,
        paymentReference: input.paymentReference ?? order.paymentReference,
        ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (changed.length === 0) return settle("already_paid", order.id);
    // The invoice number is taken in the payment's transaction: no payment, no number; no gap (docs/product.md#invoices).
    await issueInvoiceInTx(tx, order.id, now);
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: "status_changed",
      fromStatus: "pending",
      toStatus: "completed",
      note: `Paid through ${input.provider} (event ${input.eventId})`,
    });
    // In the payment's transaction: a crash after commit cannot lose the confirmation (docs/product.md#mail-delivery).
    await (deps.enqueueConfirmation ?? enqueueOrderConfirmationEmail)(tx, order.id);
    await queueOrderWebhook(tx, "order.paid", order.id); // docs/product.md#webhooks, like the mail: in the payment's transaction
    return settle("completed", order.id);
  }));

  if (result.outcome === "completed") wakeMailWorker();
  return result;
}

async function findOrderForPayment(tx: Executor, sessionId: string, orderId: number | null): Promise<OrderRow | undefined> {
  // Row lock: a cancel or expiry racing this payment waits, then sees the new status (and vice versa).
  const [bySession] = await tx.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).for("update");
  if (bySession) return bySession;
  if (orderId === null) return undefined;
  const [byId] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  // An order that already has another session is not this payment's order.
  if (byId && byId.paymentSessionId && byId.paymentSessionId !== sessionId) return undefined;
  return byId;
}

/**
 * Cancels a pending order and gives its stock back, in one transaction. Returns false when the order was not pending
 * (already paid, already cancelled): nothing changes then.
 */
export async function cancelPendingOrderInTx(tx: Executor, orderId: number, actor: OrderActor, reason: string): Promise<boolean> {
  const now = new Date();
  const changed = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await releaseReservedStock(tx, orderId);
  await releasePromotionUses(tx, orderId);
  await recordOrderEvent(tx, { orderId, type: "status_changed", fromStatus: "pending", toStatus: "cancelled", note: reason, actorUserId: actor.userId });
  return true;
}

/**
 * Applies a verified provider event (a webhook). Payments go through confirmPayment; failures and expiries cancel
 * the pending order and release its stock. Every event is recorded once.
 */
export async function handlePaymentEvent(db: Db, provider: string, event: PaymentEvent, payload?: unknown, deps: ConfirmPaymentDeps = {}) {
  if (event.kind === "payment_succeeded") {
    return confirmPayment(
      db,
      {
        provider,
        eventId: event.eventId,
        eventType: event.rawType,
        sessionId: event.sessionId,
        orderId: event.orderId,
        amountCents: event.amountCents,
        currency: event.currency,
        paymentReference: event.paymentReference,
        shippingAddress: event.shippingAddress,
        payload,
      },
      deps,
    );
  }
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.eventId, type: event.rawType, payload: (payload ?? null) as never })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return { outcome: "duplicate" as const, orderId: null };
    if (event.kind === "ignored") {
      await tx.update(paymentEvents).set({ outcome: "ignored" }).where(eq(paymentEvents.id, inserted[0].id));
      return { outcome: "ignored" as const, orderId: null };
    }
    const order = await findOrderForPayment(tx, event.sessionId, event.orderId);
    if (!order || order.paymentProvider !== provider) {
      await tx.update(paymentEvents).set({ outcome: "unknown_order" }).where(eq(paymentEvents.id, inserted[0].id));
      return { outcome: "unknown_order" as const, orderId: null };
    }
    const reason = event.kind === "session_expired" ? "Payment session expired" : "Payment failed";
    const cancelled = await cancelPendingOrderInTx(tx, order.id, { userId: null, kind: "provider" }, reason);
    const outcome = cancelled ? ("cancelled" as const) : ("not_pending" as const);
    await tx.update(paymentEvents).set({ outcome, orderId: order.id }).where(eq(paymentEvents.id, inserted[0].id));
    return { outcome, orderId: order.id };
  });
}

/** completed → shipped under a row lock; the parcel (`withParcel`: docs/product.md#tracking) and the shipped email in the same transaction. */
export async function markShipped(db: Db, orderId: number, actor: OrderActor, withParcel?: (tx: Executor) => Promise<ParcelTracking | null>): Promise<OrderRow> {
  const shipped = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertTransition(order, "shipped");
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: "shipped", shippedAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "completed")))
      .returning();
    await recordOrderEvent(tx, { orderId, type: "status_changed", fromStatus: "completed", toStatus: "shipped", actorUserId: actor.userId });
    await enqueueOrderShippedEmail(tx, orderId, withParcel ? await withParcel(tx) : null);
    await queueOrderWebhook(tx, "order.shipped", orderId);
    return updated;
  });
  wakeMailWorker();
  return shipped;
}

/**
 * Cancels an order. A pending one just gives its stock back. A paid one is refunded through the provider that took
 * the money (unless `refund: false`, e.g. refunded by hand) and restocked. The refund is asked for before anything
 * changes here, so a refused refund leaves the order as it was.
 */
export async function cancelOrder(
  db: Db,
  orderId: number,
  actor: OrderActor,
  options: { refund: boolean; reason?: string },
  providerFor: (name: string) => PaymentProvider,
): Promise<OrderRow> {
  const [current] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!current) throw new OrderTransitionError("order_not_found", `Order #${orderId} does not exist.`);
  assertTransition(current, "cancelled");

  let refundNote = "";
  if (current.status === "completed" && options.refund) {
    try {
      const { refundId } = await providerFor(current.paymentProvider).refund(toPaymentOrder(current));
      refundNote = ` Refund ${refundId}.`;
    } catch (error) {
      throw new OrderTransitionError(
        "refund_failed",
        `The refund for order #${orderId} failed, so the order was not cancelled: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now, ...(refundNote ? { needsRefund: false } : {}) })
      .where(and(eq(orders.id, orderId), eq(orders.status, current.status)))
      .returning();
    if (!updated) {
      throw new OrderTransitionError("changed_concurrently", `Order #${orderId} changed while it was being cancelled; reload and try again.`);
    }
    await releaseReservedStock(tx, orderId);
    await releasePromotionUses(tx, orderId);
    // A paid order that is refunded gets a credit note against its invoice (docs/product.md#invoices).
    if (current.status === "completed") await issueCreditNoteInTx(tx, { orderId, reason: options.reason ?? "Cancelled" });
    if (current.status === "completed") await queueOrderWebhook(tx, "order.refunded", orderId, { amountCents: current.totalCents, reason: "cancelled", throughProvider: options.refund });
    await recordOrderEvent(tx, {
      orderId,
      type: "status_changed",
      fromStatus: current.status,
      toStatus: "cancelled",
      note: `${options.reason ?? "Cancelled"}.${refundNote}${current.status === "completed" && !options.refund ? " Not refunded through the provider." : ""}`.trim(),
      actorUserId: actor.userId,
    });
    return updated;
  });
}

async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new OrderTransitionError("order_not_found", `Order #${orderId} does not exist.`);
  return order;
}

function assertTransition(order: OrderRow, to: OrderStatus) {
  if (!canTransition(order.status, to)) {
    throw new OrderTransitionError(
      "illegal_transition",
      `Order #${order.id} is ${order.status} and cannot become ${to}.`,
      order.status,
      to,
    );
  }
}

/** The lines of some orders, grouped by order id (for lists that show lines). */
export async function linesByOrder(tx: Executor, orderIds: number[]) {
  const map = new Map<number, (typeof orderLines.$inferSelect)[]>();
  if (orderIds.length === 0) return map;
  const rows = await tx.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id);
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}
