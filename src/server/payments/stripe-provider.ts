import Stripe from "stripe";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import {
  type PaymentEvent,
  type PaymentOrder,
  type PaymentOrderLine,
  type PaymentProvider,
  PaymentProviderError,
  WebhookVerificationError,
} from "./provider";
import { fromStripeUnits, stripeCharge, stripeTakes, toStripeUnits } from "./stripe-amounts";

/**
 * The few Stripe calls Vitrina makes. Taking them as a parameter lets tests hand in fakes, so no test ever reaches the
 * network; the real client satisfies it as is.
 */
export type StripeClientLike = {
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string; url: string | null }>;
    };
  };
  refunds: {
    create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
};

export type StripeProviderOptions = {
  client: StripeClientLike;
  webhookSecret: string;
  shippingCountries: string[];
  /** Seconds a signature stays acceptable (Stripe's default 300): older deliveries are treated as replays. */
  toleranceSeconds?: number;
};

/** `apiUrl` (STRIPE_API_URL) points the client at stripe-mock or another stand-in instead of api.stripe.com. */
export function createStripeClient(secretKey: string, apiUrl?: string): StripeClientLike {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === "https:" ? 443 : 80), protocol: target.protocol.replace(":", "") as "http" | "https" }
      : {}),
  });
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { client } = options;
  return {
    name: "stripe",
    async createSession(order, lines, urls) {
      // Stripe wants expires_at at least 30 minutes ahead; never ask for less or the call fails.
      const minimumExpiry = Math.ceil(Date.now() / 1000) + 30 * 60 + 5;
      const reservedUntil = order.reservedUntil ? Math.ceil(order.reservedUntil.getTime() / 1000) : 0;
      const lineItems = stripeLineItems(order, lines);
      // A three-decimal total Stripe cannot take exactly is charged rounded down (stripe-amounts.ts); the order's own
      // total rides along so the webhook can recognise that charge as this order's full payment.
      const rounded = stripeCharge(order.totalCents, order.currency) !== toStripeUnits(order.totalCents, order.currency);
      const metadata = { order_id: String(order.id), ...(rounded ? { order_total: String(order.totalCents) } : {}) };
      try {
        const session = await client.checkout.sessions.create(
          {
            mode: "payment",
            line_items: lineItems,
            locale: order.locale === "es" ? "es" : "en",
            customer_email: order.email,
            client_reference_id: String(order.id),
            metadata,
            payment_intent_data: { metadata, ...(order.shippingAddress ? { shipping: stripeShipping(order.shippingAddress) } : {}) },
            expires_at: Math.max(minimumExpiry, reservedUntil),
            success_url: urls.successUrl,
            cancel_url: urls.cancelUrl,
            // An address chosen from the address book is already on the order: Stripe ships there and does not ask again.
            ...(order.shippingAddress
              ? {}
              : {
                  shipping_address_collection: {
                    // Only countries taxed like the order: the amounts above are final once the session exists.
                    allowed_countries: allowedCountries(options.shippingCountries, order.allowedShippingCountries) as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
                  },
                  phone_number_collection: { enabled: true },
                }),
          },
          // The same order never opens two sessions, even when our request is retried.
          { idempotencyKey: `vitrina-checkout-order-${order.id}` },
        );
        if (!session.url) throw new PaymentProviderError("Stripe returned a session without a URL");
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError("Stripe could not open a checkout session", { cause: error });
      }
    },
    async refund(order, part) {
      if (!order.paymentReference) throw new PaymentProviderError(`Order ${order.id} has no Stripe payment to refund`);
      try {
        // A part (a return) is its own refund with its own key: a retried return never refunds twice, and never
        // collides with a later cancellation's whole-order key.
        const refund = await client.refunds.create(
          part
            ? { payment_intent: order.paymentReference, amount: stripeCharge(part.amountCents, order.currency), metadata: { order_id: String(order.id), refund_key: part.key } }
            : { payment_intent: order.paymentReference, metadata: { order_id: String(order.id) } },
          { idempotencyKey: part ? `vitrina-refund-order-${order.id}-${part.key}` : `vitrina-refund-order-${order.id}` },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw new PaymentProviderError("Stripe could not refund the payment", { cause: error });
      }
    },
    parseWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookVerificationError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        // Verified on the exact bytes received, before anything in them is trusted.
        event = Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, options.toleranceSeconds);
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : "Invalid signature");
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A completed session with a delayed method (bank debit…) is not paid yet: its async event will follow.
      if (event.type === "checkout.session.completed" && session.payment_status === "unpaid") {
        return { kind: "ignored", eventId: event.id, rawType: event.type };
      }
      return {
        kind: "payment_succeeded",
        eventId: event.id,
        sessionId: session.id,
        orderId: orderIdOf(session),
        amountCents: paidAmount(session),
        currency: (session.currency ?? "").toUpperCase(),
        paymentReference: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
        shippingAddress: shippingAddressOf(session),
        rawType: event.type,
      };
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      return {
        kind: event.type === "checkout.session.expired" ? "session_expired" : "payment_failed",
        eventId: event.id,
        sessionId: session.id,
        orderId: orderIdOf(session),
        rawType: event.type,
      };
    }
    default:
      return { kind: "ignored", eventId: event.id, rawType: event.type };
  }
}

/**
 * What the session collected, in our minor units: its total converted back from Stripe's units, or the order's own
 * total when Stripe charged exactly the rounded amount createSession asked for it (three-decimal currencies). -1 when
 * unknown, which never equals an order's total.
 */
function paidAmount(session: Stripe.Checkout.Session): number {
  const paid = session.amount_total;
  if (paid === null || !session.currency) return -1;
  const orderTotal = Number(session.metadata?.order_total ?? NaN);
  if (Number.isSafeInteger(orderTotal) && stripeCharge(orderTotal, session.currency) === paid) return orderTotal;
  return fromStripeUnits(paid, session.currency) ?? -1;
}

/** The shop's shipping countries narrowed to those the order allows (taxed like it); all of them if none is left. */
function allowedCountries(shipping: string[], allowed: string[] | undefined): string[] {
  const narrowed = allowed ? shipping.filter((c) => allowed.includes(c)) : [];
  return narrowed.length > 0 ? narrowed : shipping;
}

/** A saved address in the shape of Stripe's PaymentIntent shipping details. */
function stripeShipping(a: ShippingAddress): Stripe.Checkout.SessionCreateParams.PaymentIntentData.Shipping {
  return {
    name: `${a.firstName} ${a.lastName}`.trim(),
    phone: a.phone,
    address: { line1: a.address, city: a.city, state: a.state || undefined, postal_code: a.zipCode, country: a.country },
  };
}

function orderIdOf(session: Stripe.Checkout.Session): number | null {
  const raw = session.metadata?.order_id ?? session.client_reference_id;
  const id = raw ? Number(raw) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

function shippingAddressOf(session: Stripe.Checkout.Session): ShippingAddress | null {
  const details = session.collected_information?.shipping_details;
  if (!details) return null;
  const [firstName, ...rest] = details.name.trim().split(/\s+/);
  const a = details.address;
  return {
    firstName: firstName ?? "",
    lastName: rest.join(" "),
    phone: session.customer_details?.phone ?? "",
    address: [a.line1, a.line2].filter(Boolean).join(", "),
    city: a.city ?? "",
    state: a.state ?? "",
    zipCode: a.postal_code ?? "",
    country: a.country ?? "",
  };
}

/**
 * Stripe's line items equal the order line by line: each line's amount is its total after discount, tax included, in
 * Stripe's units for the currency (stripe-amounts.ts). When that total does not divide by the quantity (a discount
 * left an odd cent), the line goes as one item named "3 × Title" so Stripe charges exactly the order's amount. When
 * an amount is one Stripe cannot take (a three-decimal currency with a last digit other than 0), the order goes as
 * one item "Order 123" at its total rounded down to what Stripe takes.
 */
export function stripeLineItems(order: PaymentOrder, lines: PaymentOrderLine[]): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const item = (name: string, unitAmount: number, quantity: number, currency: string, imageUrl?: string | null): Stripe.Checkout.SessionCreateParams.LineItem => ({
    quantity,
    price_data: {
      currency: currency.toLowerCase(),
      unit_amount: unitAmount,
      product_data: {
        name,
        // Stripe only accepts absolute image URLs; relative ones (our own /uploads) are left out.
        ...(imageUrl && /^https:\/\//.test(imageUrl) ? { images: [imageUrl] } : {}),
      },
    },
  });
  const items = lines.map((line) => {
    const title = line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;
    const divides = line.totalCents % line.quantity === 0;
    const unit = toStripeUnits(divides ? line.totalCents / line.quantity : line.totalCents, line.currency);
    return item(divides ? title : `${line.quantity} × ${title}`, unit, divides ? line.quantity : 1, line.currency, line.imageUrl);
  });
  if (order.shippingTotalCents > 0) {
    items.push(item(order.locale === "es" ? "Envío" : "Shipping", toStripeUnits(order.shippingTotalCents, order.currency), 1, order.currency));
  }
  if (items.every((i) => stripeTakes(i.price_data!.unit_amount!, order.currency))) return items;
  return [item(`${order.locale === "es" ? "Pedido" : "Order"} ${order.id}`, stripeCharge(order.totalCents, order.currency), 1, order.currency)];
}
