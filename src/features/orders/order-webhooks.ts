import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { orderLines, orders } from "@/server/db/schema/orders";
import { settings } from "@/server/env";
import { trackingLink } from "@/features/tracking/carriers";
import { shipmentFor } from "@/features/tracking/service";
import { enqueueWebhookEvent, webhookEventInsert } from "@/features/webhooks/service";
import type { PaidOrderRows } from "@/features/invoices/service";

/**
 * What an order.refunded event adds: the amount given back, why (a cancelled paid order, or one return), and whether
 * the payment provider paid it back (false: the admin refunds by hand).
 */
export type OrderRefund = { amountCents: number; reason: "cancelled" | "return" | "refund"; throughProvider: boolean; returnId?: number; refundId?: number; reference?: string };

/**
 * Queues order.paid, order.shipped or order.refunded for the webhook endpoints that listen (docs/product.md#webhooks),
 * inside the transaction of the change: the order as it now stands (amounts in cents, lines as bought, address), its
 * parcel once shipped, and the refund. The webhooks feature gets plain data, so it imports nothing of orders.
 */
export async function queueOrderWebhook(tx: Executor, type: "order.paid" | "order.shipped" | "order.refunded", orderId: number, refund?: OrderRefund) {
  return enqueueWebhookEvent(tx, type, () => orderEventData(tx, type, orderId, refund));
}

/**
 * order.paid for the order and lines confirmPayment has at hand, built but not run: it goes into the payment's one
 * statement of writes (src/server/db/one-statement.ts) instead of a look-up of endpoints and two reads of the order.
 */
export function orderPaidWebhookInsert(read: PaidOrderRows, now: Date) {
  return webhookEventInsert("order.paid", orderWebhookData(read, null), now);
}

async function orderEventData(tx: Executor, type: string, orderId: number, refund?: OrderRefund) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const [lines, shipment] = await Promise.all([
    tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    type === "order.shipped" ? shipmentFor(tx, orderId) : null,
  ]);
  return orderWebhookData({ order, lines }, shipment, refund);
}

/** The event's data: the order as it now stands, its parcel once shipped, and the refund. */
function orderWebhookData({ order, lines }: PaidOrderRows, shipment: Awaited<ReturnType<typeof shipmentFor>> | null, refund?: OrderRefund) {
  return {
    order: {
      id: order.id,
      status: order.status,
      email: order.email,
      locale: order.locale,
      currency: order.currency,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      pricesIncludeTax: order.pricesIncludeTax,
      paymentProvider: order.paymentProvider,
      paymentReference: order.paymentReference,
      shippingAddress: order.shippingAddress,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      shippedAt: order.shippedAt,
      cancelledAt: order.cancelledAt,
      lines: lines.map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        productTitle: l.productTitle,
        variantTitle: l.variantTitle,
        quantity: l.quantity,
        unitPriceCents: l.salePriceCents ?? l.unitPriceCents,
        totalCents: l.totalCents,
      })),
    },
    ...(shipment ? { shipment: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingUrl: trackingLink(shipment, settings().CARRIER_TRACKING_URLS) } } : {}),
    ...(refund ? { refund: { ...refund, currency: order.currency } } : {}),
  };
}
