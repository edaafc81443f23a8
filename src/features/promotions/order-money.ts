import type { OrderDiscountLine } from "@/server/db/schema/orders";
import type { CartPricing } from "./cart-pricing";

/** The order's columns from a priced cart: what is stored is what the engine decided (docs/product.md#taxes-and-discounts). */
export function orderMoneyColumns({ pricing, promotionsUsed, code }: CartPricing) {
  const byId = new Map(promotionsUsed.map((p) => [p.id, p]));
  const discountLines: OrderDiscountLine[] = pricing.discounts.map((d) => ({
    promotionId: d.id,
    code: d.code,
    nameEn: byId.get(d.id)?.nameEn ?? d.name,
    nameEs: byId.get(d.id)?.nameEs || byId.get(d.id)?.nameEn || d.name,
    kind: d.kind,
    amountCents: d.amountCents,
  }));
  return {
    subtotalCents: pricing.subtotalCents,
    shippingCents: pricing.shippingCents,
    totalCents: pricing.totalCents,
    discountCents: pricing.discountCents,
    taxCents: pricing.taxCents,
    shippingTaxCents: pricing.shipping.taxCents,
    taxLines: pricing.taxLines,
    discountLines,
    discountCode: code,
    taxCountry: pricing.country,
    pricesIncludeTax: pricing.pricesIncludeTax,
  };
}

/** A line's stored amounts, found by its key (the variant id at checkout). */
export function orderLineMoney({ pricing }: CartPricing, key: string) {
  const line = pricing.lines.find((l) => l.key === key);
  if (!line) throw new Error(`Priced cart has no line ${key}`);
  return { discountCents: line.discountCents, taxRateBp: line.taxRateBp, taxCents: line.taxCents, totalCents: line.totalCents };
}
