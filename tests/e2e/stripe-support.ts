import type { Locator, Page } from "@playwright/test";
import Stripe from "stripe";
import { cartLine, catalogVariants, openDrawer, putCart, signUpCustomer } from "./checkout-support";
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

/**
 * A new shopper (`label` names the email) with one unit in the cart, Stripe's page answered by a blank stand-in, and the
 * drawer open, priced for Spain — where the address `stripePaidEvent` says Stripe collected is.
 */
export async function stripeShopperAtDrawer(page: Page, prefix: string, label: string, estimateFor: string): Promise<Locator> {
  await page.route("https://checkout.stripe.test/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Stripe Checkout</h1>" }));
  await page.goto(`${prefix}/`);
  await signUpCustomer(page, label);
  const [entry] = await catalogVariants(page.request);
  await putCart(page, [cartLine(entry, 1)]);
  const drawer = await openDrawer(page);
  await drawer.getByLabel(estimateFor).selectOption("ES");
  return drawer;
}
