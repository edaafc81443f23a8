import { mercadoPagoProviderFrom, paymentProvider } from "@/server/payments/payment-provider";
import { createOfflineProvider } from "@/server/payments/offline-provider";
import { createDemoProvider } from "@/server/payments/demo-provider";
import { PaymentProviderError, type PaymentProvider } from "@/server/payments/provider";
import { createStripeClient, createStripeProvider } from "@/server/payments/stripe-provider";
import type { Settings } from "@/server/env";

/**
 * The provider that took an order's money, by the name stored on the order (orders.payment_provider) — not the one
 * configured now. A shop that moved from the demo to Stripe (or back) must refund each order where it was paid;
 * refunding a Stripe order through the demo provider would "succeed" without giving anything back.
 */
export function refundProviderFor(name: string, s: Settings, current: () => PaymentProvider = paymentProvider): PaymentProvider {
  if (name === s.PAYMENT_PROVIDER) return current();
  if (name === "demo") return createDemoProvider({ baseUrl: s.baseUrl });
  if (name === "stripe") {
    if (!s.STRIPE_SECRET_KEY) {
      throw new PaymentProviderError("this order was paid through Stripe, but STRIPE_SECRET_KEY is not set, so it cannot be refunded here");
    }
    return createStripeProvider({
      client: createStripeClient(s.STRIPE_SECRET_KEY),
      // Only refunds are asked of it: no webhook is verified with this instance.
      webhookSecret: s.STRIPE_WEBHOOK_SECRET ?? "",
      shippingCountries: s.SHIPPING_COUNTRIES.split(","),
    });
  }
  if (name === "bank_transfer" || name === "cash_on_delivery") return createOfflineProvider(name);
  if (name === "mercadopago") {
    const provider = mercadoPagoProviderFrom(s);
    if (!provider) throw new PaymentProviderError("this order was paid through Mercado Pago, but MERCADOPAGO_ACCESS_TOKEN or MERCADOPAGO_WEBHOOK_SECRET is not set, so it cannot be refunded here");
    return provider;
  }
  throw new PaymentProviderError(`unknown payment provider "${name}"`);
}
