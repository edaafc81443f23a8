import { vi } from "vitest";
import Stripe from "stripe";
import { resetSettingsForTests } from "@/server/env";
import type { StripeClientLike } from "@/server/payments/stripe-provider";

/** Shared by the Stripe integration tests and tests/security/webhook-attacks.test.ts: an offline Stripe and signed deliveries. */

export const webhookSecret = "whsec_test_vitrina";
process.env.PAYMENT_PROVIDER = "stripe";
process.env.STRIPE_SECRET_KEY = "sk_test_offline";
process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
resetSettingsForTests();

export function fakeStripe() {
  let n = 0;
  return {
    checkout: { sessions: { create: vi.fn(async () => ({ id: `cs_test_${++n}_${Math.random().toString(36).slice(2)}`, url: "https://checkout.stripe.test/pay" })) } },
    refunds: { create: vi.fn(async () => ({ id: "re_test_1" })) },
  } satisfies StripeClientLike;
}

export function signedRequest(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });
  return new Request("http://shop.test/api/payments/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": header, "content-type": "application/json" } });
}

export function sessionEvent(id: string, type: string, session: { id: string; orderId: number; amount: number; currency?: string; paid?: boolean }) {
  return {
    id,
    object: "event",
    type,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        amount_total: session.amount,
        currency: session.currency ?? "eur",
        payment_status: session.paid === false ? "unpaid" : "paid",
        payment_intent: "pi_test_1",
        client_reference_id: String(session.orderId),
        metadata: { order_id: String(session.orderId) },
        collected_information: {
          shipping_details: { name: "Ana García", address: { line1: "Calle Mayor 1", line2: null, city: "Madrid", state: "M", postal_code: "28013", country: "ES" } },
        },
        customer_details: { phone: "+34 600 000 000" },
      },
    },
  };
}
