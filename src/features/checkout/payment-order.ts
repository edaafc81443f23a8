import type { Executor } from "@/server/db/executor";
import type { PaymentOrder } from "@/server/payments/provider";
import { shippingCountries } from "@/features/shipping/service";
import { toPaymentOrder, type OrderRow } from "@/features/orders/service";
import { countriesTaxedAlike } from "@/features/taxes/pricing-engine";
import { loadTaxSettings } from "@/features/taxes/service";

/**
 * The order as a payment provider sees it, with the countries its hosted page may ship to: those taxed like the order
 * (decision 0082). A provider that collects the address itself (Stripe) cannot change the amounts afterwards, so the
 * destination's tax is fixed before the session opens. When no shipping country is taxed like the order (its country
 * is not one the shop ships to), every shipping country is offered.
 */
export async function paymentOrderFor(tx: Executor, order: OrderRow): Promise<PaymentOrder> {
  // The demo page re-prices for any country instead, and an order with an address is not asked for one.
  if (order.paymentProvider === "demo" || order.shippingAddress) return toPaymentOrder(order);
  const countries = await shippingCountries(tx);
  const alike = countriesTaxedAlike(await loadTaxSettings(tx), order.taxCountry, countries);
  return { ...toPaymentOrder(order), allowedShippingCountries: alike.length > 0 ? alike : undefined };
}
