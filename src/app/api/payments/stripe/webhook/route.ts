import { NextResponse } from "next/server";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { paymentProvider } from "@/server/payments/payment-provider";
import { WebhookVerificationError } from "@/server/payments/provider";
import { handlePaymentEvent } from "@/features/orders/service";

export const dynamic = "force-dynamic";

/**
 * Stripe's webhook. The signature is checked on the raw body before anything in it is read; an unsigned, altered or
 * stale delivery is a 400 and changes nothing. Redeliveries are recorded once (payment_events) and answered 200.
 */
export async function POST(request: Request) {
  if (settings().PAYMENT_PROVIDER !== "stripe") {
    return NextResponse.json({ error: "Stripe payments are not enabled on this shop." }, { status: 404 });
  }
  const rawBody = await request.text();
  let event;
  try {
    event = paymentProvider().parseWebhook(rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      return NextResponse.json({ error: `Webhook signature verification failed: ${error.message}` }, { status: 400 });
    }
    throw error;
  }
  const result = await handlePaymentEvent(await getDb(), "stripe", event, JSON.parse(rawBody));
  return NextResponse.json({ received: true, outcome: result.outcome });
}
