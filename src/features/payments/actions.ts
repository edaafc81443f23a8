"use server";

import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import type { PaymentMethodId } from "@/server/db/schema/payment-methods";
import { checkoutPaymentMethods } from "./service";

export type OfferedPaymentMethod = { id: PaymentMethodId };

/**
 * The methods the cart drawer offers (docs/product.md#payment-methods): public, like the shop's prices; no session
 * needed and nothing secret in the answer. Checkout checks the choice again.
 */
export async function offeredPaymentMethodsAction(): Promise<OfferedPaymentMethod[]> {
  const offered = await checkoutPaymentMethods(await getDb(), settings());
  return offered.map((m) => ({ id: m.id }));
}
