import "server-only";
import { clientAddress } from "@/features/accounts/client-address";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { providerForMethod } from "@/server/payments/payment-provider";
import type { PaymentMethodId } from "@/server/db/schema/payment-methods";
import { cashOnDeliveryServes, needsAddressFirst, resolveCheckoutMethod } from "@/features/payments/service";
import { zoneOfCountry } from "@/features/shipping/service";
import { enqueueAwaitingTransferEmail } from "@/features/orders/order-emails";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { CheckoutError } from "./errors";
import type { CreateCheckoutInput } from "./schemas";
import { createCheckout } from "./service";

/**
 * A checkout asked for by a request, the drawer's server action and POST /api/store/{store}/checkout alike: the
 * app's database, the payment method the shopper chose among those the shop offers (docs/product.md#payment-methods;
 * none chosen: the first offered), and the shopper's address as the proxy settings say to read it (the checkout's
 * rate limit counts by it). Each caller checks who asks and builds the input its own way.
 */
export async function checkoutForRequest(input: CreateCheckoutInput, requestHeaders: Headers, paymentMethod?: PaymentMethodId) {
  const db = await getDb();
  const s = settings();
  const method = await resolveCheckoutMethod(db, s, paymentMethod);
  const provider = method ? providerForMethod(method.id, s) : null;
  if (!method || !provider) throw new CheckoutError(paymentMethod ? "payment_method_unavailable" : "payment_unavailable");
  const transfer = method.id === "bank_transfer" ? method.bankTransfer : null;
  const cash = method.id === "cash_on_delivery" ? method.cashOnDelivery : null;
  // No hosted page asks a transfer or cash shopper where to ship: the order needs an address, saved in the address
  // book or typed by a guest (docs/product.md#payment-methods).
  if (needsAddressFirst(method.id) && !input.shippingAddress) throw new CheckoutError("payment_method_address");
  // Cash on delivery is offered in the zones the admin picked: the address's zone must be one (decision 0367).
  const country = input.shippingAddress?.country;
  if (cash && country && !cashOnDeliveryServes(cash, await zoneOfCountry(db, country))) throw new CheckoutError("payment_method_country", { country });
  const result = await createCheckout(db, input, provider, {
    clientAddress: clientAddress(requestHeaders, s.TRUSTED_PROXY),
    // A transfer takes days to arrive: the order holds its stock that long, then the sweeper cancels it. Cash on
    // delivery ships first and is paid at the door: its stock stays held until it is paid or cancelled.
    ...(transfer ? { reservationMs: transfer.holdDays * 86_400_000 } : {}),
    ...(cash ? { reservationMs: null, paymentFeeCents: cash.feeCents } : {}),
  });
  if (transfer) {
    await enqueueAwaitingTransferEmail(db, result.orderId, transfer, transfer.holdDays);
    wakeMailWorker();
  }
  return result;
}
