import { NextResponse } from "next/server";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { readLimitedText } from "@/server/http/body";
import { requestLog } from "@/server/log";
import { mercadoPagoProviderFrom } from "@/server/payments/payment-provider";
import { PaymentProviderError, WebhookVerificationError } from "@/server/payments/provider";
import { handlePaymentEvent } from "@/features/orders/service";
import { currentPaymentSessionOf } from "@/features/orders/payment-sessions";

export const dynamic = "force-dynamic";

const MAX_WEBHOOK_BYTES = 64 * 1024;

/**
 * Mercado Pago's notification (docs/product.md#payment-methods). Its x-signature is checked first (400 and nothing
 * changes when it does not match); then the payment it names is read back from Mercado Pago, and only that answer
 * can mark an order paid. Each payment state is recorded once (payment_events), so a replay answers 200 and changes
 * nothing.
 */
export async function POST(request: Request) {
  const provider = mercadoPagoProviderFrom(settings());
  if (!provider) return NextResponse.json({ error: "Mercado Pago payments are not set up on this shop." }, { status: 404 });
  const rawBody = await readLimitedText(request, MAX_WEBHOOK_BYTES);
  if (rawBody === null) return NextResponse.json({ error: `The body may be at most ${MAX_WEBHOOK_BYTES} bytes.` }, { status: 413 });
  let notification;
  try {
    notification = provider.verifyNotification(new URL(request.url), request.headers, rawBody);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      return NextResponse.json({ error: `Webhook signature verification failed: ${error.message}` }, { status: 400 });
    }
    throw error;
  }
  // Merchant orders, chargebacks and the rest are not payments: acknowledged so Mercado Pago stops sending them.
  if (notification.type !== "payment" || !notification.dataId) return NextResponse.json({ received: true, outcome: "ignored" });
  const db = await getDb();
  let event;
  try {
    event = await provider.paymentEvent(notification.dataId, (orderId) => currentPaymentSessionOf(db, "mercadopago", orderId));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Not read back: nothing is known, nothing changes; a 502 makes Mercado Pago retry later.
    (await requestLog()).error("payments.mercadopago_fetch_failed", { paymentId: notification.dataId, error });
    return NextResponse.json({ error: "The payment could not be read from Mercado Pago." }, { status: 502 });
  }
  const { payment, ...paymentEvent } = event;
  const result = await handlePaymentEvent(db, "mercadopago", paymentEvent, payment);
  return NextResponse.json({ received: true, outcome: result.outcome });
}
