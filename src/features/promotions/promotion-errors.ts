import enPromotions from "@/messages/en/promotions.json";
import { formatMessage } from "@/i18n/server-translator";

export type PromotionErrorCode = keyof (typeof enPromotions)["errors"];

export function promotionMessage(code: PromotionErrorCode, locale: string, params: Record<string, string | number> = {}): string {
  return formatMessage(locale === "es" ? "es" : "en", "promotions", `errors.${code}`, params);
}

/** A discount code the shopper cannot use, with the reason in their language (docs/product.md#discount-codes). */
export class PromotionError extends Error {
  constructor(
    readonly code: PromotionErrorCode,
    locale: string,
    params: Record<string, string | number> = {},
  ) {
    super(promotionMessage(code, locale, params));
    this.name = "PromotionError";
  }
}
