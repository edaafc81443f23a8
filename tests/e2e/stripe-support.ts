import Stripe from "stripe";
import type { StripeServer } from "../helpers/stripe-server";

/**
 * Stripe's signed checkout.session.completed for a session of the local stand-in (tests/helpers/stripe-server.ts),
 * paid in full, as its webhook delivers it, with the address Stripe's page collected (on `street`, in Madrid).
 */
export function stripePaidEvent(session: StripeServer["sessions"][number], webhookSecret: string, street = "Calle Mayor 1") {
  let amount = 0;
  for (let i = 0; session.params[`line_items[${i}][quantity]`]; i++) {
    amount += Number(session.params[`line_items[${i}][quantity]`]) * Number(session.params[`line_items[${i}][price_data][unit_amount]`]);
  }
  const payload = JSON.stringify({
    id: `evt_${session.id}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        amount_total: amount,
        currency: session.params["line_items[0][price_data][currency]"],
        payment_status: "paid",
        payment_intent: `pi_${session.id}`,
        client_reference_id: session.params.client_reference_id,
        metadata: { order_id: session.params["metadata[order_id]"] },
        collected_information: {
          shipping_details: { name: "Ana García", address: { line1: street, line2: null, city: "Madrid", state: "M", postal_code: "28013", country: "ES" } },
        },
        customer_details: { phone: "+34 600 000 000" },
      },
    },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
}
