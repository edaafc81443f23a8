import { randomBytes } from "node:crypto";
import { localizedPath, type Locale } from "@/i18n/routing";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { type PaymentProvider, WebhookVerificationError } from "./provider";

/**
 * The built-in provider: the "hosted page" is Vitrina's own /pay/{sessionId} (under /es for Spanish). The session id
 * is a random, unguessable token; the page still checks that the signed-in user owns the order. Payment is
 * confirmed by the pay endpoint through the same confirmPayment() a real webhook goes through.
 */
export function createDemoProvider(options: { baseUrl?: string | null } = {}): PaymentProvider {
  return {
    name: "demo",
    async createSession(order) {
      // One order keeps one session: asking again (a retry) answers the same page.
      const sessionId = order.paymentSessionId ?? `demo_${order.id}_${randomBytes(16).toString("base64url")}`;
      const locale: Locale = order.locale === "es" ? "es" : "en";
      // Without a configured address, the page is on the address the shopper checks out from.
      const base = options.baseUrl ?? (await currentShopBaseUrl());
      return { sessionId, url: `${base}${localizedPath(`/pay/${sessionId}`, locale)}` };
    },
    async refund(order, part) {
      // Nothing was really charged; the refund is only recorded by the caller.
      return { refundId: part ? `demo_refund_${order.id}_${part.key}` : `demo_refund_${order.id}` };
    },
    parseWebhook() {
      // The demo provider has no webhooks: its pay endpoint calls the confirmation directly.
      throw new WebhookVerificationError("The demo payment provider does not accept webhooks.");
    },
  };
}

export function demoPaymentEventId(sessionId: string) {
  // One id per session: a double-clicked Pay is one event, recorded once.
  return `pay_${sessionId}`;
}
