import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orders } from "@/server/db/schema/orders";
import { paymentSessions } from "@/server/db/schema/payment-sessions";
import { lastShippingAddressOf } from "@/features/accounts/shipping-profile";
import { ownedBy, type OwnerOrUserId } from "./order-owner";

/*
 * The hosted payment page a provider opened for an order (docs/product.md#payment-page): where the shopper pays and
 * where they return after paying or cancelling. Its own table (docs/decisions/0051-payment-sessions-table.md); the
 * payment-event ledger only records that the session was opened.
 */

export type PaymentSessionUrls = { url: string; successUrl: string; cancelUrl: string };

/**
 * Names the session on the order, keeps its addresses and records it in the ledger; idempotent per session. One
 * statement, the checkout's last write (decision 0190): a transaction of three statements was five round trips per
 * order. A statement is atomic on its own; its parts see one snapshot, and none reads what another writes.
 */
export async function openPaymentSession(
  db: Pick<Executor, "execute">,
  input: { provider: string; sessionId: string; order: { id: number; totalCents: number; currency: string } } & PaymentSessionUrls,
) {
  const { provider, sessionId, order } = input;
  await db.execute(sql`
    WITH named AS (
      UPDATE orders SET payment_session_id = ${sessionId}, updated_at = ${new Date().toISOString()}::timestamptz WHERE id = ${order.id} RETURNING id
    ), opened AS (
      INSERT INTO payment_sessions (provider, session_id, order_id, url, success_url, cancel_url)
      VALUES (${provider}, ${sessionId}, ${order.id}, ${input.url}, ${input.successUrl}, ${input.cancelUrl})
      ON CONFLICT DO NOTHING
    )
    INSERT INTO payment_events (provider, event_id, type, order_id, amount_cents, currency, outcome)
    VALUES (${provider}, ${`session_${sessionId}`}, 'session.created', ${order.id}, ${order.totalCents}, ${order.currency}, 'created')
    ON CONFLICT DO NOTHING`);
}

/** The pay, success and cancel addresses of one session, or null for a session nobody opened. */
export async function paymentSessionUrls(db: Pick<Executor, "select">, provider: string, sessionId: string): Promise<PaymentSessionUrls | null> {
  const [row] = await db
    .select({ url: paymentSessions.url, successUrl: paymentSessions.successUrl, cancelUrl: paymentSessions.cancelUrl })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, provider), eq(paymentSessions.sessionId, sessionId)));
  return row ?? null;
}

/**
 * The order a provider's session was opened for, with where the shopper goes after paying or cancelling and the
 * owner's last shipping address (a payment writes a new one only when it differs), in one statement; for the order's
 * owner only (ownership is part of the WHERE), null for anyone else and for an unknown session.
 */
export async function paymentSessionOrder(db: Pick<Executor, "select">, provider: string, sessionId: string, payer: OwnerOrUserId) {
  const [row] = await db
    .select({
      order: orders,
      urls: { successUrl: paymentSessions.successUrl, cancelUrl: paymentSessions.cancelUrl },
      lastAddress: lastShippingAddressOf(orders.userId),
    })
    .from(orders)
    .leftJoin(paymentSessions, and(eq(paymentSessions.provider, provider), eq(paymentSessions.sessionId, orders.paymentSessionId)))
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.paymentProvider, provider), ownedBy(payer)));
  return row ?? null;
}

/**
 * The order's current session (hosted page) with a provider, for providers whose payments name the order rather than
 * the page (Mercado Pago's external_reference); null when the order is not that provider's or opened none.
 */
export async function currentPaymentSessionOf(db: Pick<Executor, "select">, provider: string, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: orders.paymentSessionId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentProvider, provider)));
  return row?.sessionId ?? null;
}
