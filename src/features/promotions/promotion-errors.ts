import enPromotions from "@/messages/en/promotions.json";
import esPromotions from "@/messages/es/promotions.json";

export type PromotionErrorCode = keyof (typeof enPromotions)["errors"];

const catalogs = { en: enPromotions.errors, es: esPromotions.errors } as const;

export function promotionMessage(code: PromotionErrorCode, locale: string, params: Record<string, string | number> = {}): string {
  const template = (locale === "es" ? catalogs.es : catalogs.en)[code];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
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
