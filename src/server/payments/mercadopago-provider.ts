import { createHmac, timingSafeEqual } from "node:crypto";
import { decimalAmountToMinor, minorToDecimalAmount } from "@/lib/money";
import {
  type PaymentEvent,
  type PaymentOrder,
  type PaymentOrderLine,
  type PaymentProvider,
  PaymentProviderError,
  WebhookVerificationError,
} from "./provider";

/*
 * Mercado Pago Checkout Pro (docs/product.md#payment-methods, decision 0366) through its documented REST API: the
 * official `mercadopago` package has its address fixed (AppConfig.BASE_URL), so it could not be pointed at the tests'
 * local stand-in. Three calls: POST /checkout/preferences (the hosted page), GET /v1/payments/{id} (what a
 * notification is about, read back before anything is trusted) and POST /v1/payments/{id}/refunds.
 */

export const MERCADOPAGO_API_URL = "https://api.mercadopago.com";

export type MercadoPagoProviderOptions = {
  accessToken: string;
  /** The application's secret signature ("Your integrations" → Webhooks): signs every notification's x-signature. */
  webhookSecret: string;
  /** MERCADOPAGO_API_URL: the tests' local server instead of api.mercadopago.com. */
  apiUrl?: string;
  /** Where Mercado Pago posts its notifications: the shop's /api/payments/mercadopago/webhook (asked per preference). */
  notificationUrl?: string | (() => Promise<string>);
  timeoutMs?: number;
};

/** What a notification names, once its signature is verified: the resource's kind and id. */
export type MercadoPagoNotification = { type: string; dataId: string };

/** A payment as GET /v1/payments/{id} answers it (the fields Vitrina reads). */
export type MercadoPagoPayment = {
  id: number | string;
  status: string;
  status_detail?: string;
  transaction_amount: number;
  currency_id: string;
  external_reference?: string | null;
  metadata?: { order_id?: string | number } | null;
};

export type MercadoPagoProvider = PaymentProvider & {
  /** Checks x-signature against the documented manifest; throws WebhookVerificationError when it is not authentic. */
  verifyNotification(url: URL, headers: Headers, rawBody: string): MercadoPagoNotification;
  /**
   * The payment a verified notification names, fetched back from Mercado Pago and reduced to a PaymentEvent.
   * `sessionOf` finds the order's preference id (a payment names its order, not its preference).
   */
  paymentEvent(paymentId: string, sessionOf: (orderId: number) => Promise<string | null>): Promise<PaymentEvent & { payment: MercadoPagoPayment }>;
};

export function createMercadoPagoProvider(options: MercadoPagoProviderOptions): MercadoPagoProvider {
  const base = (options.apiUrl ?? MERCADOPAGO_API_URL).replace(/\/+$/, "");
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          // The same order never opens two preferences, nor a refund twice, even when our request is retried.
          ...(idempotencyKey ? { "x-idempotency-key": idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Mercado Pago ${method} ${path} failed`, { cause: error });
    }
    if (!response.ok) throw new PaymentProviderError(`Mercado Pago answered ${response.status} to ${method} ${path}`);
    return (await response.json()) as T;
  }

  return {
    name: "mercadopago",
    async createSession(order, lines, urls) {
      const notificationUrl = typeof options.notificationUrl === "function" ? await options.notificationUrl() : options.notificationUrl;
      const preference = await call<{ id?: string; init_point?: string }>(
        "POST",
        "/checkout/preferences",
        {
          items: mercadoPagoItems(order, lines),
          payer: { email: order.email },
          external_reference: String(order.id),
          metadata: { order_id: String(order.id) },
          // A pending payment (cash voucher, transfer) returns to the success page too: it says the order waits.
          back_urls: { success: urls.successUrl, pending: urls.successUrl, failure: urls.cancelUrl },
          auto_return: "approved",
          ...(notificationUrl ? { notification_url: notificationUrl } : {}),
          // The page stops taking payment when the stock reservation ends.
          ...(order.reservedUntil ? { expires: true, expiration_date_to: order.reservedUntil.toISOString() } : {}),
        },
        `vitrina-checkout-order-${order.id}`,
      );
      if (!preference.id || !preference.init_point) throw new PaymentProviderError("Mercado Pago returned a preference without an id or init_point");
      return { sessionId: preference.id, url: preference.init_point };
    },
    async refund(order, part) {
      if (!order.paymentReference) throw new PaymentProviderError(`Order ${order.id} has no Mercado Pago payment to refund`);
      const path = `/v1/payments/${encodeURIComponent(order.paymentReference)}/refunds`;
      const refund = await call<{ id: number | string }>(
        "POST",
        path,
        part ? { amount: minorToDecimalAmount(part.amountCents, order.currency) } : {},
        part ? `vitrina-refund-order-${order.id}-${part.key}` : `vitrina-refund-order-${order.id}`,
      );
      return { refundId: String(refund.id) };
    },
    parseWebhook() {
      // Mercado Pago's notification carries no payment data to trust: the route verifies it and fetches the payment.
      throw new WebhookVerificationError("Mercado Pago notifications go through verifyNotification and paymentEvent.");
    },
    verifyNotification(url, headers, rawBody) {
      return verifyMercadoPagoNotification(url, headers, rawBody, options.webhookSecret);
    },
    async paymentEvent(paymentId, sessionOf) {
      if (!/^\d{1,30}$/.test(paymentId)) throw new PaymentProviderError(`"${paymentId}" is not a Mercado Pago payment id`);
      const payment = await call<MercadoPagoPayment>("GET", `/v1/payments/${paymentId}`);
      return { ...(await toPaymentEvent(payment, sessionOf)), payment };
    },
  };
}

/**
 * The documented check: x-signature is "ts=<ts>,v1=<hex>", v1 the HMAC-SHA256 (secret signature as key) of
 * "id:<data.id>;request-id:<x-request-id>;ts:<ts>;", data.id read from the notification URL's query (lower-cased, as
 * the documentation says for alphanumeric ids). A missing part is left out of the manifest. No age limit: a replayed
 * notification can only make us read the payment again, and the payment's state is recorded once.
 */
export function verifyMercadoPagoNotification(url: URL, headers: Headers, rawBody: string, secret: string): MercadoPagoNotification {
  const signature = headers.get("x-signature");
  if (!signature) throw new WebhookVerificationError("Missing x-signature header");
  const parts = new Map(
    signature.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
    }),
  );
  const ts = parts.get("ts");
  const v1 = parts.get("v1");
  if (!ts || !/^\d+$/.test(ts) || !v1) throw new WebhookVerificationError("Malformed x-signature header");
  const dataId = url.searchParams.get("data.id")?.toLowerCase() ?? "";
  const requestId = headers.get("x-request-id") ?? "";
  const manifest = `${dataId ? `id:${dataId};` : ""}${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
  const expected = Buffer.from(createHmac("sha256", secret).update(manifest).digest("hex"));
  const received = Buffer.from(v1.toLowerCase());
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) throw new WebhookVerificationError("Signature mismatch");
  // Only now is anything in the request read: the kind of resource, from the query or else the body.
  let bodyType: string | undefined;
  try {
    bodyType = (JSON.parse(rawBody) as { type?: unknown }).type as string | undefined;
  } catch {
    bodyType = undefined;
  }
  return { type: url.searchParams.get("type") ?? (typeof bodyType === "string" ? bodyType : ""), dataId };
}

/**
 * approved → payment_succeeded; any other state is recorded and ignored. A rejected card does not cancel the order:
 * Checkout Pro lets the shopper try another way to pay on the same page, and the reservation's expiry gives the
 * stock back if none succeeds. One event per payment and state, so a redelivered notification is a duplicate.
 */
async function toPaymentEvent(payment: MercadoPagoPayment, sessionOf: (orderId: number) => Promise<string | null>): Promise<PaymentEvent> {
  const eventId = `payment_${payment.id}_${payment.status}`;
  const rawType = `payment.${payment.status}`;
  if (payment.status !== "approved") return { kind: "ignored", eventId, rawType };
  const raw = payment.external_reference ?? payment.metadata?.order_id;
  const orderId = raw !== undefined && raw !== null && /^\d+$/.test(String(raw)) ? Number(raw) : null;
  const sessionId = orderId === null ? null : await sessionOf(orderId);
  const currency = String(payment.currency_id ?? "").toUpperCase();
  return {
    kind: "payment_succeeded",
    eventId,
    // An order we never opened a preference for matches no session: confirmPayment records it as unknown.
    sessionId: sessionId ?? `unknown_${payment.id}`,
    orderId,
    amountCents: currency ? decimalAmountToMinor(Number(payment.transaction_amount), currency) : -1,
    currency,
    paymentReference: String(payment.id),
    shippingAddress: null,
    rawType,
  };
}

/**
 * The order line by line, unit_price in the currency's units (CLP has none below the peso). A line whose total does
 * not divide by its quantity (a discount's odd cent) goes as one item "3 × Title", so the page charges the order's
 * exact amount, as with Stripe.
 */
export function mercadoPagoItems(order: PaymentOrder, lines: PaymentOrderLine[]) {
  const items = lines.map((line, index) => {
    const title = line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;
    const divides = line.totalCents % line.quantity === 0;
    return {
      id: `line-${index + 1}`,
      title: divides ? title : `${line.quantity} × ${title}`,
      quantity: divides ? line.quantity : 1,
      currency_id: line.currency.toUpperCase(),
      unit_price: minorToDecimalAmount(divides ? line.totalCents / line.quantity : line.totalCents, line.currency),
      ...(line.imageUrl && /^https:\/\//.test(line.imageUrl) ? { picture_url: line.imageUrl } : {}),
    };
  });
  if (order.shippingTotalCents > 0) {
    items.push({
      id: "shipping",
      title: order.locale === "es" ? "Envío" : "Shipping",
      quantity: 1,
      currency_id: order.currency.toUpperCase(),
      unit_price: minorToDecimalAmount(order.shippingTotalCents, order.currency),
    });
  }
  return items;
}
