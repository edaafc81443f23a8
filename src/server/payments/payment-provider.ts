import { settings, type Settings } from "@/server/env";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import type { PaymentMethodId } from "@/server/db/schema/payment-methods";
import { createDemoProvider } from "./demo-provider";
import { createOfflineProvider } from "./offline-provider";
import { createMercadoPagoProvider, type MercadoPagoProvider } from "./mercadopago-provider";
import type { PaymentProvider } from "./provider";
import { createStripeClient, createStripeProvider } from "./stripe-provider";

let cached: PaymentProvider | undefined;

/** The provider chosen by PAYMENT_PROVIDER, built once per process. */
export function paymentProvider(): PaymentProvider {
  if (cached) return cached;
  const s = settings();
  if (s.PAYMENT_PROVIDER === "stripe") {
    // env.ts already refuses to start without both Stripe settings.
    cached = stripeProviderFrom(s)!;
  } else if (s.PAYMENT_PROVIDER === "mercadopago") {
    // env.ts already refuses to start without both Mercado Pago secrets.
    cached = mercadoPagoProviderFrom(s)!;
  } else {
    cached = createDemoProvider({ baseUrl: s.baseUrl });
  }
  return cached;
}

/** Stripe from the STRIPE_* settings; null when its secrets are not set (it cannot take payments then). */
export function stripeProviderFrom(s: Settings): PaymentProvider | null {
  if (!s.STRIPE_SECRET_KEY || !s.STRIPE_WEBHOOK_SECRET) return null;
  return createStripeProvider({
    client: createStripeClient(s.STRIPE_SECRET_KEY, s.STRIPE_API_URL),
    webhookSecret: s.STRIPE_WEBHOOK_SECRET,
    shippingCountries: s.SHIPPING_COUNTRIES.split(","),
  });
}

const byMethod = new Map<PaymentMethodId, PaymentProvider>();

/**
 * The provider of a payment method the shopper chose (docs/product.md#payment-methods), built once per process; null
 * when the method's secrets are not in the environment. The PAYMENT_PROVIDER one is paymentProvider() itself.
 */
export function providerForMethod(method: PaymentMethodId, s: Settings = settings()): PaymentProvider | null {
  if (method === s.PAYMENT_PROVIDER) return paymentProvider();
  const known = byMethod.get(method);
  if (known) return known;
  const built =
    method === "stripe"
      ? stripeProviderFrom(s)
      : method === "mercadopago"
        ? mercadoPagoProviderFrom(s)
        : method === "demo"
          ? createDemoProvider({ baseUrl: s.baseUrl })
          : createOfflineProvider(method);
  if (built) byMethod.set(method, built);
  return built;
}

/** Mercado Pago from the MERCADOPAGO_* settings; null when its secrets are not set (it cannot take payments then). */
export function mercadoPagoProviderFrom(s: Settings): MercadoPagoProvider | null {
  if (!s.MERCADOPAGO_ACCESS_TOKEN || !s.MERCADOPAGO_WEBHOOK_SECRET) return null;
  return createMercadoPagoProvider({
    accessToken: s.MERCADOPAGO_ACCESS_TOKEN,
    webhookSecret: s.MERCADOPAGO_WEBHOOK_SECRET,
    apiUrl: s.MERCADOPAGO_API_URL,
    // Without BASE_URL, the address the shopper checks out from (as the demo page's).
    notificationUrl: async () => `${s.baseUrl ?? (await currentShopBaseUrl())}/api/payments/mercadopago/webhook`,
  });
}
