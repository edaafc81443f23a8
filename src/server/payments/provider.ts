import type { ShippingAddress } from "@/server/db/schema/shipping-address";

/** What a provider needs to know about an order to sell it: all amounts come from the order, never the browser. */
export type PaymentOrder = {
  id: number;
  email: string;
  locale: string;
  currency: string;
  subtotalCents: number;
  shippingCents: number;
  /** Shipping as charged, tax included (equals shippingCents when prices include tax). */
  shippingTotalCents: number;
  totalCents: number;
  paymentSessionId: string | null;
  paymentReference: string | null;
  /** When the hosted session must stop accepting payment (the stock reservation ends then). */
  reservedUntil: Date | null;
  /** Chosen from the address book before paying; the hosted page then ships there instead of asking. */
  shippingAddress?: ShippingAddress | null;
  /**
   * When the hosted page asks for the address: the countries it may offer, those taxed like the order
   * (docs/product.md#taxes-and-discounts). Absent: every shipping country.
   */
  allowedShippingCountries?: string[];
};

export type PaymentOrderLine = {
  productTitle: string;
  variantTitle: string;
  imageUrl: string | null;
  quantity: number;
  /** The price actually charged per unit (sale price when present). */
  chargedUnitCents: number;
  /** What the line costs after its discount, tax included: the amount sent to the provider for the line. */
  totalCents: number;
  currency: string;
};

/** A refund of part of an order's payment; `key` names it so that a retry never refunds twice. */
export type PartialRefund = { amountCents: number; key: string };

export type PaymentUrls = { successUrl: string; cancelUrl: string };

export type PaymentSession = { sessionId: string; url: string };

/**
 * A provider event reduced to what Vitrina acts on. `eventId` is the provider's own id, recorded once in
 * payment_events so that redeliveries change nothing.
 */
export type PaymentEvent =
  | {
      kind: "payment_succeeded";
      eventId: string;
      sessionId: string;
      orderId: number | null;
      amountCents: number;
      currency: string;
      paymentReference: string | null;
      shippingAddress: ShippingAddress | null;
      rawType: string;
    }
  | { kind: "payment_failed" | "session_expired"; eventId: string; sessionId: string; orderId: number | null; rawType: string }
  | { kind: "ignored"; eventId: string; rawType: string };

export interface PaymentProvider {
  readonly name: "demo" | "stripe" | "mercadopago" | "bank_transfer" | "cash_on_delivery";
  /** Opens a hosted payment page for a pending order; must be idempotent per order id. */
  createSession(order: PaymentOrder, lines: PaymentOrderLine[], urls: PaymentUrls): Promise<PaymentSession>;
  /**
   * Gives the whole paid amount back (idempotent per order id), or only `part.amountCents` of it (idempotent per
   * `part.key`, e.g. one return: docs/product.md#returns).
   */
  refund(order: PaymentOrder, part?: PartialRefund): Promise<{ refundId: string }>;
  /** Verifies and decodes a webhook; throws WebhookVerificationError when it is not authentic. */
  parseWebhook(rawBody: string, headers: Headers): PaymentEvent;
}

/** The webhook was not signed by the provider (forged, altered or replayed too late): answer 400, change nothing. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** The provider could not do what was asked (network, configuration, refusal). */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
