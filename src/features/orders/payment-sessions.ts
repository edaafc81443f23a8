import { and, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { paymentEvents } from "@/server/db/schema/orders";
import { paymentSessions } from "@/server/db/schema/payment-sessions";

/*
 * The hosted payment page a provider opened for an order (docs/product.md#payment-page): where the shopper pays and
 * where they return after paying or cancelling. Its own table (docs/decisions/0051-payment-sessions-table.md); the
 * payment-event ledger only records that the session was opened.
 */

export type PaymentSessionUrls = { url: string; successUrl: string; cancelUrl: string };

/** Records the session on the order and in the ledger, inside the caller's transaction. Idempotent per session. */
export async function recordPaymentSession(
  tx: Executor,
  input: { provider: string; sessionId: string; order: { id: number; totalCents: number; currency: string } } & PaymentSessionUrls,
) {
  const { provider, sessionId, order } = input;
  await tx
    .insert(paymentSessions)
    .values({ provider, sessionId, orderId: order.id, url: input.url, successUrl: input.successUrl, cancelUrl: input.cancelUrl })
    .onConflictDoNothing();
  await tx
    .insert(paymentEvents)
    .values({
      provider,
      eventId: `session_${sessionId}`,
      type: "session.created",
      orderId: order.id,
      amountCents: order.totalCents,
      currency: order.currency,
      outcome: "created",
    })
    .onConflictDoNothing();
}

/** The pay, success and cancel addresses of one session, or null for a session nobody opened. */
export async function paymentSessionUrls(db: Pick<Executor, "select">, provider: string, sessionId: string): Promise<PaymentSessionUrls | null> {
  const [row] = await db
    .select({ url: paymentSessions.url, successUrl: paymentSessions.successUrl, cancelUrl: paymentSessions.cancelUrl })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, provider), eq(paymentSessions.sessionId, sessionId)));
  return row ?? null;
}
