import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { orderLines, orders } from "@/server/db/schema/orders";
import type { PaymentProvider, PartialRefund } from "@/server/payments/provider";
import { insertProduct, insertUser } from "./checkout-fixtures";

/** Shared by the tracking, returns and stock-alert integration tests. */

export const actor = { userId: "usr_admin", email: "admin@example.com" };

/**
 * A shipped order of one shopper: 2 × 2500 (full price) and 3 × 1333 (sale price of 1999), 495 shipping, shipped
 * `shippedDaysAgo` days ago, paid through `provider`.
 */
export async function shippedOrder(db: Db, opts: { locale?: string; provider?: string; shippedDaysAgo?: number; status?: "shipped" | "completed" } = {}) {
  const shopper = await insertUser(db);
  const a = await insertProduct(db, { stock: 5 });
  const b = await insertProduct(db, { stock: 0, priceCents: 1999, salePriceCents: 1333 });
  const shippedAt = new Date(Date.now() - (opts.shippedDaysAgo ?? 1) * 86_400_000);
  const subtotal = 2 * 2500 + 3 * 1333;
  const [order] = await db
    .insert(orders)
    .values({
      userId: shopper.id,
      email: shopper.email,
      locale: opts.locale ?? "en",
      status: opts.status ?? "shipped",
      currency: "EUR",
      subtotalCents: subtotal,
      shippingCents: 495,
      totalCents: subtotal + 495,
      paymentProvider: opts.provider ?? "demo",
      paymentReference: "pi_test_returns",
      paidAt: shippedAt,
      shippedAt: opts.status === "completed" ? null : shippedAt,
    })
    .returning();
  const lines = await db
    .insert(orderLines)
    .values([
      { orderId: order.id, productId: a.productId, variantId: a.variantId, productTitle: "Leather Bag", variantTitle: "Black", quantity: 2, unitPriceCents: 2500, currency: "EUR" },
      { orderId: order.id, productId: b.productId, variantId: b.variantId, productTitle: "Sneaker", variantTitle: "42", quantity: 3, unitPriceCents: 1999, salePriceCents: 1333, currency: "EUR" },
    ])
    .returning();
  return { shopper, order, lines, variantA: a.variantId, variantB: b.variantId };
}

/** A provider that records the refunds asked of it (or refuses them while `fail` is set). */
export function recordingProvider(name: "demo" | "stripe" = "demo") {
  const refunds: Array<{ orderId: number; part?: PartialRefund }> = [];
  const state = { fail: false };
  const provider: PaymentProvider = {
    name,
    createSession: async () => ({ sessionId: "s", url: "http://x" }),
    refund: async (order, part) => {
      if (state.fail) throw new Error("card network unavailable");
      refunds.push({ orderId: order.id, part });
      return { refundId: `re_${order.id}_${part?.key ?? "all"}` };
    },
    parseWebhook: () => ({ kind: "ignored", eventId: "e", rawType: "t" }),
  };
  return { provider, refunds, state };
}

export async function mailsTo(db: Db, to: string, kind?: string) {
  return queryRows<{ kind: string; subject: string; text: string; html: string; locale: string }>(
    db,
    kind
      ? sql`select kind, subject, text, html, locale from mail_outbox where to_address = ${to} and kind = ${kind} order by id`
      : sql`select kind, subject, text, html, locale from mail_outbox where to_address = ${to} order by id`,
  );
}

export async function orderEventTypes(db: Db, orderId: number) {
  const rows = await queryRows<{ type: string }>(db, sql`select type from order_events where order_id = ${orderId} order by id`);
  return rows.map((r) => r.type);
}

export async function auditActions(db: Db, entity: string, entityId: string) {
  const rows = await queryRows<{ action: string; before: unknown; after: unknown }>(
    db,
    sql`select action, before, after from audit_log where entity = ${entity} and entity_id = ${entityId} order by id`,
  );
  return rows;
}

