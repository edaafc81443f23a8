import { NextResponse } from "next/server";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { readLimitedText } from "@/server/http/body";
import { paymentProvider, stripeProviderFrom } from "@/server/payments/payment-provider";
import { WebhookVerificationError } from "@/server/payments/provider";
import { handlePaymentEvent } from "@/features/orders/service";

export const dynamic = "force-dynamic";

const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * Stripe's webhook. The signature is checked on the raw body before anything in it is read; an unsigned, altered or
 * stale delivery is a 400 and changes nothing. Redeliveries are recorded once (payment_events) and answered 200.
 */
export async function POST(request: Request) {
  // PAYMENT_PROVIDER=stripe, or Stripe enabled on the payment methods screen with its secrets in the environment.
  const s = settings();
  const provider = s.PAYMENT_PROVIDER === "stripe" ? paymentProvider() : stripeProviderFrom(s);
  if (!provider) {
    return NextResponse.json({ error: "Stripe payments are not enabled on this shop." }, { status: 404 });
  }
  // Stripe's checkout.session events are a few kB; the cap stops anyone from making the server buffer an unbounded
  // body before the signature check can refuse it.
  const rawBody = await readLimitedText(request, MAX_WEBHOOK_BYTES);
  if (rawBody === null) return NextResponse.json({ error: `The body may be at most ${MAX_WEBHOOK_BYTES} bytes.` }, { status: 413 });
  let event;
  try {
    event = provider.parseWebhook(rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      return NextResponse.json({ error: `Webhook signature verification failed: ${error.message}` }, { status: 400 });
    }
    throw error;
  }
  const result = await handlePaymentEvent(await getDb(), "stripe", event, JSON.parse(rawBody));
  return NextResponse.json({ received: true, outcome: result.outcome });
}
