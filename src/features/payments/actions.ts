"use server";

import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import type { PaymentMethodId } from "@/server/db/schema/payment-methods";
import { shopSettings } from "@/features/settings/queries";
import { checkoutPaymentMethods } from "./service";

/** `feeCents`: what the method adds to the order (cash on delivery), in the shop's currency. */
export type OfferedPaymentMethod = { id: PaymentMethodId; feeCents: number; currency: string };

/**
 * The methods the cart drawer offers (docs/product.md#payment-methods): public, like the shop's prices; no session
 * needed and nothing secret in the answer. Checkout checks the choice again.
 */
export async function offeredPaymentMethodsAction(): Promise<OfferedPaymentMethod[]> {
  const [offered, shop] = await Promise.all([checkoutPaymentMethods(await getDb(), settings()), shopSettings()]);
  return offered.map((m) => ({ id: m.id, feeCents: m.id === "cash_on_delivery" ? m.cashOnDelivery.feeCents : 0, currency: shop.money.currency }));
}
