import type { Executor } from "@/server/db/executor";

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
 * Runs inside the transaction that marks a return refunded, once per return. This is the one place where documents
 * that follow a refund attach — the credit note of the invoices domain (docs/product.md#returns) is issued from here
 * when invoices exist. With no invoices in the shop it has nothing to write.
 */
export async function onReturnRefunded(tx: Executor, refund: ReturnRefunded): Promise<void> {
  void tx;
  void refund;
}
