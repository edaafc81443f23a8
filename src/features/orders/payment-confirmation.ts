import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { type Db, withTransactionRetry } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders, paymentEvents } from "@/server/db/schema/orders";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import type { PaymentEvent } from "@/server/payments/provider";
import { orderConfirmationEmail } from "./order-emails";
import { mailInsert } from "@/server/mail/outbox";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { invoiceInsert, invoiceSeller, type PaidOrderRows } from "@/features/invoices/service";
import { writeTogether, type PendingWrite } from "@/server/db/one-statement";
import { orderPaidWebhookInsert } from "./order-webhooks";
import type { OrderExtras, OrderRow } from "./order-rows";
import { orderEventInsert, recordOrderEvent } from "./order-transitions";
import { cancelPendingOrderInTx } from "./order-cancellation";

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
  /** Checked checkout extras (docs/product.md#checkout-extras): the order note, company name and tax id the shopper gave when paying. */
  extras?: OrderExtras | null;
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
  /** Writes the confirmation mail in the payment's transaction instead of the built-in one (tests: a failing outbox, or none). */
  enqueueConfirmation?: (tx: Executor, orderId: number, read?: PaidOrderRows) => Promise<void>;
  /** More writes that must commit with the payment, only when this call completes the order (an admin's audit row). */
  inTransaction?: (tx: Executor) => Promise<void>;
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
        // Written as the usual outcome, so a payment that completes needs no second write to its event: every other
        // outcome below overwrites both in this transaction, and nobody else sees the row before it commits.
        orderId: sql`(select ${orders.id} from ${orders} where ${orders.paymentSessionId} = ${input.sessionId})`,
        outcome: "completed",
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id, orderId: paymentEvents.orderId });
    if (inserted.length === 0) return { outcome: "duplicate" as const, orderId: null };
    const eventRowId = inserted[0].id;

    const settle = async (outcome: ConfirmPaymentOutcome, orderId: number | null) => {
      await tx.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, eventRowId));
      return { outcome, orderId };
    };
    const now = new Date();
    // Most payments are for the session's pending order and its exact amount: completed at once, the update locking
    // the row as the look-up below would. Anything else (no such order, another amount, cancelled, paid already, or a
    // provider naming the order by id) is looked at first.
    const paidRow = (where: SQL | undefined) => completePendingOrder(tx, where, input, now);
    let [paidOrder] = await paidRow(
      and(
        eq(orders.paymentSessionId, input.sessionId),
        eq(orders.paymentProvider, input.provider),
        eq(orders.totalCents, input.amountCents),
        sql`upper(${orders.currency}) = ${input.currency.toUpperCase()}`,
      ),
    );
    if (!paidOrder) {
      const order = await findOrderForPayment(tx, input.sessionId, input.orderId ?? null);
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
      [paidOrder] = await paidRow(eq(orders.id, order.id));
      if (!paidOrder) return settle("already_paid", order.id);
    }
    const order = paidOrder;
    // The paid order and its lines, read once for the mail and the invoice (each read both before).
    const paid: PaidOrderRows = { order, lines: await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)) };
    // The history entry, the confirmation mail (docs/product.md#mail-delivery), order.paid (docs/product.md#webhooks)
    // and the invoice, numbered as the payment commits (docs/product.md#invoices, decision 0280): all in the payment's
    // transaction, written in one statement (none reads another's row).
    const writes: PendingWrite[] = [
      orderEventInsert(tx, { orderId: order.id, type: "status_changed", fromStatus: "pending", toStatus: "completed", note: `Paid through ${input.provider} (event ${input.eventId})` }),
      orderPaidWebhookInsert(paid, now),
      invoiceInsert(tx, now, paid, await invoiceSeller(tx)),
    ];
    if (deps.enqueueConfirmation) await deps.enqueueConfirmation(tx, order.id, paid);
    else writes.push(mailInsert(tx, await orderConfirmationEmail(paid, tx)));
    await writeTogether(tx, writes);
    if (deps.inTransaction) await deps.inTransaction(tx);
    // Found by the order id the provider named (its session was stored after it answered): the event names it now.
    return inserted[0].orderId === order.id ? { outcome: "completed" as const, orderId: order.id } : settle("completed", order.id);
  }));

  if (result.outcome === "completed") wakeMailWorker();
  return result;
}

/** pending → completed for the order `where` names, if it is still pending; the row as it now stands, or none. */
function completePendingOrder(tx: Executor, where: SQL | undefined, input: ConfirmPaymentInput, now: Date): Promise<OrderRow[]> {
  return tx
    .update(orders)
    .set({
      status: "completed",
      paidAt: now,
      updatedAt: now,
      // The reservation becomes the sale: the units were already taken off stock at checkout.
      reservedUntil: null,
      paymentReference: input.paymentReference ?? sql`${orders.paymentReference}`,
      ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
      ...(input.extras ?? {}),
    })
    .where(and(where, eq(orders.status, "pending")))
    .returning();
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
    const expired = event.kind === "session_expired";
    // The provider's session ends with the reservation: its expiry is the reservation's (the stock history says so).
    const cancelled = await cancelPendingOrderInTx(tx, order.id, { userId: null, kind: "provider" }, expired ? "Payment session expired" : "Payment failed", expired ? "reservation_expired" : "cancellation");
    const outcome = cancelled ? ("cancelled" as const) : ("not_pending" as const);
    await tx.update(paymentEvents).set({ outcome, orderId: order.id }).where(eq(paymentEvents.id, inserted[0].id));
    return { outcome, orderId: order.id };
  });
}

/**
 * Cash on delivery collected for an order that already shipped unpaid (docs/product.md#payment-methods): the payment
 * is recorded once (payment_events, one id per order), the order gets its paid time, and the invoice and order.paid
 * follow in the same transaction, as for any payment, and so do the caller's `inTransaction` writes. Its status stays
 * shipped. False when it was not a shipped, unpaid cash order (or was marked already).
 */
export async function confirmCashCollected(db: Db, orderId: number, eventId: string, note: string, inTransaction?: (tx: Executor) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [order] = await tx
      .update(orders)
      .set({ paidAt: now, updatedAt: now, reservedUntil: null })
      .where(and(eq(orders.id, orderId), eq(orders.status, "shipped"), eq(orders.paymentProvider, "cash_on_delivery"), sql`${orders.paidAt} is null`))
      .returning();
    if (!order) return false;
    const inserted = await tx
      .insert(paymentEvents)
      .values({ provider: "cash_on_delivery", eventId, type: "cash_collected", orderId, amountCents: order.totalCents, currency: order.currency, outcome: "completed" })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) throw new Error(`Order ${orderId}: cash already recorded although the order was unpaid`);
    const paid: PaidOrderRows = { order, lines: await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)) };
    await writeTogether(tx, [orderEventInsert(tx, { orderId, type: "payment_received", note }), orderPaidWebhookInsert(paid, now), invoiceInsert(tx, now, paid, await invoiceSeller(tx))]);
    if (inTransaction) await inTransaction(tx);
    return true;
  });
}
