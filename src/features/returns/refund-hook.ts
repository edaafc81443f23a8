import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { returnLines } from "@/server/db/schema/returns";
import { issueCreditNoteInTx } from "@/features/invoices/service";
import { queueOrderWebhook } from "@/features/orders/order-webhooks";

/** What was given back for one return: the return's own amounts as stored (lines as charged, shipping when refunded). */
export type ReturnRefunded = {
  returnId: number;
  orderId: number;
  currency: string;
  linesCents: number;
  shippingCents: number;
  refundReference: string;
};

/**
 * Runs inside the transaction that marks a return refunded, once per return: the credit note for the returned units
 * (and the shipping when it was refunded) is issued against the order's invoice (docs/product.md#returns,
 * docs/product.md#invoices). Its lines carry the return's own amounts, so its total is the refund to the cent (the
 * invoice splits their tax and discount, within what earlier credit notes left). An order without an invoice (paid
 * before invoices existed) gets none. Webhook endpoints hear of it as order.refunded with the return's amount
 * (docs/product.md#webhooks).
 */
export async function onReturnRefunded(tx: Executor, refund: ReturnRefunded): Promise<void> {
  const lines = await tx
    .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity, totalCents: returnLines.amountCents })
    .from(returnLines)
    .where(eq(returnLines.returnId, refund.returnId))
    .orderBy(asc(returnLines.orderLineId));
  await issueCreditNoteInTx(tx, { orderId: refund.orderId, reason: `Return #${refund.returnId}`, lines, includeShipping: refund.shippingCents > 0 });
  const amountCents = refund.linesCents + refund.shippingCents;
  await queueOrderWebhook(tx, "order.refunded", refund.orderId, { amountCents, reason: "return", throughProvider: amountCents > 0, returnId: refund.returnId, reference: refund.refundReference });
}
