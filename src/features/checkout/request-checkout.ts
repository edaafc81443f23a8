import "server-only";
import { clientAddress } from "@/features/accounts/client-address";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { providerForMethod } from "@/server/payments/payment-provider";
import type { PaymentMethodId } from "@/server/db/schema/payment-methods";
import { resolveCheckoutMethod } from "@/features/payments/service";
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
  if (!method || !provider) throw new CheckoutError("payment_unavailable");
  const transfer = method.id === "bank_transfer" ? method.bankTransfer : null;
  const result = await createCheckout(db, input, provider, {
    clientAddress: clientAddress(requestHeaders, s.TRUSTED_PROXY),
    // A transfer takes days to arrive: the order holds its stock that long, then the sweeper cancels it.
    ...(transfer ? { reservationMs: transfer.holdDays * 86_400_000 } : {}),
  });
  if (transfer) {
    await enqueueAwaitingTransferEmail(db, result.orderId, transfer, transfer.holdDays);
    wakeMailWorker();
  }
  return result;
}
