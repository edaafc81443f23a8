import { domainError } from "@/lib/domain-error";

/**
 * Why a checkout is refused, with the kind of each refusal: the drawer's action and the commerce API say the code in
 * the shopper's language (checkout.json errors.<code>) and answer the kind's HTTP status (decision 0352): bad input
 * 400, no account 401, guests not allowed 403, conflicts with the shop's state 409, things the shop cannot sell 422,
 * too many attempts 429 (Retry-After from `params.retryAfter`), provider 502.
 */
export const CheckoutError = domainError("CheckoutError", {
  invalid_input: "invalid_input",
  // The account is gone although the request's signed cookie cache still names it (decision 0260).
  unauthenticated: "unauthenticated",
  empty_cart: "invalid_input",
  too_many_lines: "invalid_input",
  invalid_quantity: "invalid_input",
  quantity_too_large: "unprocessable",
  unknown_variant: "unprocessable",
  unavailable: "unprocessable",
  out_of_stock: "conflict",
  mixed_currencies: "unprocessable",
  payment_unavailable: "upstream_failure",
  // docs/product.md#payment-methods: a method the shop does not offer, one that needs a saved delivery address (a
  // transfer or cash on delivery has no hosted page to ask for it), cash on delivery outside its zones (decision 0367).
  payment_method_unavailable: "unprocessable",
  payment_method_address: "unprocessable",
  payment_method_country: "unprocessable",
  order_not_found: "not_found",
  order_not_pending: "conflict",
  rate_limited: "rate_limited",
  too_many_pending_orders: "conflict",
  too_many_held_units: "conflict",
  // The PromotionError saying why (unknown, expired, used up…) is the cause; its text is the shopper's reason.
  discount_code: "invalid_input",
  guest_checkout_off: "forbidden",
  guest_email_invalid: "invalid_input",
  // An order note, company name or tax id refused (docs/product.md#checkout-extras): `params.extra` is the field's
  // message key (order-extras.ts), `field` the field; the text names the field and the format expected.
  invalid_extras: "invalid_input",
  // The destination is in no shipping zone, or its zone has no method for this cart (docs/product.md#shipping).
  not_shipped: "unprocessable",
  // The shipping method named does not serve the destination or the cart.
  shipping_method_unavailable: "invalid_input",
  // The commerce API's shipping_country names a country in no shipping zone: a bad parameter, said before any work.
  shipping_country_unavailable: "invalid_input",
});
export type CheckoutError = InstanceType<typeof CheckoutError>;
export type CheckoutErrorCode = CheckoutError["code"];
