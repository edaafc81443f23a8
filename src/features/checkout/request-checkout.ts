import "server-only";
import { clientAddress } from "@/features/accounts/client-address";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { paymentProvider } from "@/server/payments/payment-provider";
import type { CreateCheckoutInput } from "./schemas";
import { createCheckout } from "./service";

/**
 * A checkout asked for by a request, the drawer's server action and POST /api/store/{store}/checkout alike: the
 * app's database, the configured payment provider, and the shopper's address as the proxy settings say to read it
 * (the checkout's rate limit counts by it). Each caller checks who asks and builds the input its own way.
 */
export async function checkoutForRequest(input: CreateCheckoutInput, requestHeaders: Headers) {
  return createCheckout(await getDb(), input, paymentProvider(), { clientAddress: clientAddress(requestHeaders, settings().TRUSTED_PROXY) });
}
