import { type PaymentProvider, WebhookVerificationError } from "./provider";

/**
 * Payment outside any provider (docs/product.md#payment-methods): a bank transfer, or cash on delivery. There is no
 * hosted page: the "session" sends the shopper straight to the success page, which says how to pay, and the order is
 * marked paid by an admin, through the same confirmPayment() a provider's webhook goes through.
 */
export function createOfflineProvider(name: "bank_transfer" | "cash_on_delivery"): PaymentProvider {
  return {
    name,
    async createSession(order, _lines, urls) {
      // One order, one session, named after the order: a retry answers the same.
      return { sessionId: `${name}_${order.id}`, url: urls.successUrl };
    },
    async refund(order, part) {
      // The money came by hand and goes back by hand: recorded here under a key that says so.
      return { refundId: part ? `by_hand_${order.id}_${part.key}` : `by_hand_${order.id}` };
    },
    parseWebhook() {
      throw new WebhookVerificationError(`${name} has no webhooks: an admin marks the order paid.`);
    },
  };
}

/** The payment event of an admin's "mark paid": one per order, so a double click records one payment. */
export function offlinePaymentEventId(orderId: number) {
  return `marked_paid_${orderId}`;
}
