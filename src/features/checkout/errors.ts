import enCheckout from "@/messages/en/checkout.json";
import { formatMessage } from "@/i18n/server-translator";

export type CheckoutErrorCode = keyof (typeof enCheckout)["errors"];

/**
 * HTTP status a route should answer for each code: bad input 400, no account 401, conflicts with the shop's state 409/422, too many
 * attempts 429 (with Retry-After from `params.retryAfter`), provider 502.
 */
const statusByCode: Record<CheckoutErrorCode, number> = {
  invalid_input: 400,
  // The account is gone although the request's signed cookie cache still names it (decision 0260).
  unauthenticated: 401,
  empty_cart: 400,
  too_many_lines: 400,
  invalid_quantity: 400,
  quantity_too_large: 422,
  unknown_variant: 422,
  unavailable: 422,
  out_of_stock: 409,
  mixed_currencies: 422,
  payment_unavailable: 502,
  order_not_found: 404,
  order_not_pending: 409,
  rate_limited: 429,
  too_many_pending_orders: 409,
  too_many_held_units: 409,
  // The reason comes from src/features/promotions (unknown, expired, used up…), already in the shopper's language.
  discount_code: 400,
  guest_checkout_off: 403,
  guest_email_invalid: 400,
};

/** The message of `code` in the shopper's language, with {placeholders} filled in. */
export function checkoutMessage(code: CheckoutErrorCode, locale: string, params: Record<string, string | number> = {}): string {
  return formatMessage(locale === "es" ? "es" : "en", "checkout", `errors.${code}`, params);
}

/**
 * A checkout refusal whose `message` can be shown to the shopper as is (already in their language). Routes map
 * `status` to the HTTP answer; `code` and `params` let API clients react without parsing text.
 */
export class CheckoutError extends Error {
  readonly status: number;
  constructor(
    readonly code: CheckoutErrorCode,
    locale: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(checkoutMessage(code, locale, params));
    this.name = "CheckoutError";
    this.status = statusByCode[code];
  }
}
