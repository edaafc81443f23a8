import { refusalText, type RefusalTexts } from "@/i18n/refusal-text";
import type { Locale } from "@/i18n/routing";
import type { ErrorParams } from "@/lib/domain-error";
import { PromotionError } from "@/features/promotions/promotion-errors";
import type { CheckoutErrorCode } from "./errors";
import { formatMessage } from "@/i18n/server-translator";
import { extrasFields, type ExtrasErrorKey, type ExtrasField } from "./order-extras";

/*
 * The shopper's words for a refused checkout or discount code, for the edges that answer them: the drawer's actions
 * (actions.ts) and the commerce API's checkout route (decision 0352). The services throw codes only.
 */

const checkoutTexts: RefusalTexts = { namespace: "checkout", group: "errors" };
const promotionTexts: RefusalTexts = { namespace: "promotions", group: "errors" };

/** Why a discount code cannot be used, in the shopper's language. */
export function promotionRefusalText(locale: Locale, refusal: { code: PromotionError["code"]; params?: ErrorParams }): string {
  return refusalText(locale, promotionTexts, refusal);
}

/** A checkout refusal in the shopper's language; a refused discount code reads as its reason (the PromotionError cause). */
export function checkoutRefusalText(locale: Locale, refusal: { code: CheckoutErrorCode; params?: ErrorParams; cause?: unknown; field?: string }): string {
  if (refusal.code === "invalid_extras") {
    const field = (extrasFields as readonly string[]).includes(refusal.field ?? "") ? (refusal.field as ExtrasField) : "orderNote";
    const reason = extrasRefusalText(locale, String(refusal.params?.extra ?? "tooLong") as ExtrasErrorKey);
    return refusalText(locale, checkoutTexts, { code: refusal.code, params: { field: formatMessage(locale, "checkout", `extras.${field}`), reason } });
  }
  if (!(refusal.cause instanceof PromotionError)) return refusalText(locale, checkoutTexts, refusal);
  return refusalText(locale, checkoutTexts, { code: refusal.code, params: { ...refusal.params, reason: promotionRefusalText(locale, refusal.cause) } });
}

/** A refused checkout extra's message (docs/product.md#checkout-extras), naming the tax id format the country expects. */
export function extrasRefusalText(locale: Locale, key: ExtrasErrorKey): string {
  return formatMessage(locale, "checkout", `extras.errors.${key}`);
}
