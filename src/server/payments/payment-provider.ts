import { settings } from "@/server/env";
import { createDemoProvider } from "./demo-provider";
import type { PaymentProvider } from "./provider";
import { createStripeClient, createStripeProvider } from "./stripe-provider";

let cached: PaymentProvider | undefined;

/** The provider chosen by PAYMENT_PROVIDER, built once per process. */
export function paymentProvider(): PaymentProvider {
  if (cached) return cached;
  const s = settings();
  if (s.PAYMENT_PROVIDER === "stripe") {
    // env.ts already refuses to start without both Stripe settings.
    cached = createStripeProvider({
      client: createStripeClient(s.STRIPE_SECRET_KEY!, s.STRIPE_API_URL),
      webhookSecret: s.STRIPE_WEBHOOK_SECRET!,
      shippingCountries: s.SHIPPING_COUNTRIES.split(","),
    });
  } else {
    cached = createDemoProvider({ baseUrl: s.baseUrl });
  }
  return cached;
}
