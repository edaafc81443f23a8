import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orders, paymentEvents } from "@/server/db/schema/orders";
import { demoPaymentEventId } from "@/server/payments/demo-provider";
import { confirmPayment, linesByOrder, type ConfirmPaymentDeps } from "@/features/orders/service";
import { cancelPendingOrder, expireStaleOrders } from "./service";

/*
 * The built-in provider's "hosted page" behaviour: what the /pay/{sessionId} page shows and what its Pay and
 * Cancel buttons do. Only the order's owner sees or acts on a session; anyone else gets "not found".
 */

export async function sessionUrls(db: Db, sessionId: string): Promise<{ successUrl: string; cancelUrl: string } | null> {
  const [row] = await db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "demo"), eq(paymentEvents.eventId, `session_${sessionId}`)));
  const payload = row?.payload as { successUrl?: string; cancelUrl?: string } | undefined;
  return payload?.successUrl && payload.cancelUrl ? { successUrl: payload.successUrl, cancelUrl: payload.cancelUrl } : null;
}

/** The session's order with its lines, for its owner only; a pending order past its reservation is expired first. */
export async function getDemoSessionForUser(db: Db, sessionId: string, userId: string, now = new Date()) {
  const find = () =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.paymentProvider, "demo"), eq(orders.userId, userId)));
  let [order] = await find();
  if (!order) return null;
  if (order.status === "pending" && order.reservedUntil && order.reservedUntil < now) {
    await expireStaleOrders(db, now);
    [order] = await find();
  }
  const lines = (await linesByOrder(db, [order.id])).get(order.id) ?? [];
  return { order, lines };
}

export type DemoPayResult = { kind: "not_found" } | { kind: "closed"; orderId: number } | { kind: "redirect"; url: string; orderId: number };

/** Pay: confirms through the same confirmPayment() a provider webhook uses, then sends the shopper to the success URL. */
export async function payDemoSession(db: Db, sessionId: string, userId: string, deps: ConfirmPaymentDeps = {}): Promise<DemoPayResult> {
  const session = await getDemoSessionForUser(db, sessionId, userId);
  if (!session) return { kind: "not_found" };
  const { order } = session;
  if (order.status === "cancelled") return { kind: "closed", orderId: order.id };
  if (order.status === "pending") {
    await confirmPayment(
      db,
      {
        provider: "demo",
        eventId: demoPaymentEventId(sessionId),
        eventType: "demo.payment_succeeded",
        sessionId,
        amountCents: order.totalCents,
        currency: order.currency,
        paymentReference: `demo_payment_${order.id}`,
      },
      deps,
    );
  }
  const urls = await sessionUrls(db, sessionId);
  return { kind: "redirect", orderId: order.id, url: urls?.successUrl ?? `/success?order_id=${order.id}` };
}

/** Cancel: the order is cancelled and its stock released; the shopper returns to the cancel URL (which names the order so the cart can be refilled). */
export async function cancelDemoSession(db: Db, sessionId: string, userId: string): Promise<DemoPayResult> {
  const session = await getDemoSessionForUser(db, sessionId, userId);
  if (!session) return { kind: "not_found" };
  await cancelPendingOrder(db, session.order.id, { userId });
  const urls = await sessionUrls(db, sessionId);
  return { kind: "redirect", orderId: session.order.id, url: urls?.cancelUrl ?? "/" };
}
