import type { Executor } from "@/server/db/executor";
import { loadTaxSettings, productTaxFacts, type ProductTaxFacts } from "@/features/taxes/service";
import { priceCart, type EngineDiscount, type PricingResult } from "@/features/taxes/pricing-engine";
import { activeAutomaticPromotions, findUsableCode, rejectionError, toEngineDiscount, type PromotionRow } from "./service";

/** `facts`: the product's tax class and categories when the caller read them already (the checkout's snapshot). */
export type CartPricingLine = { key: string; productId: string; unitCents: number; quantity: number; facts?: ProductTaxFacts };

export type CartPricing = { pricing: PricingResult; currency: string; promotionsUsed: PromotionRow[]; code: string | null };

/**
 * Prices a cart as checkout charges it and as the drawer estimates it: tax settings, product tax classes and
 * categories, automatic promotions and the code are read here, then the engine decides every amount. A code that
 * cannot be used throws a PromotionError with the reason. The free-shipping threshold is on the subtotal before
 * discounts (docs/product.md#taxes-and-discounts).
 */
export async function priceCartFromDb(
  tx: Executor,
  lines: CartPricingLine[],
  opts: {
    country: string | null;
    code: string | null;
    userId: string | null;
    locale: string;
    now: Date;
    /** Shipping for a goods subtotal (before discounts), in the same terms as the prices: the shop's rule. */
    shippingFor: (subtotalCents: number) => number;
    currency: string;
  },
): Promise<CartPricing> {
  const given = lines.every((l) => l.facts) ? new Map(lines.map((l) => [l.productId, l.facts!])) : null;
  const [tax, facts, automatic] = await Promise.all([
    loadTaxSettings(tx),
    given ?? productTaxFacts(tx, lines.map((l) => l.productId)),
    activeAutomaticPromotions(tx, opts.now),
  ]);
  const codeRow = opts.code ? await findUsableCode(tx, opts.code, { now: opts.now, userId: opts.userId }) : null;
  const rows = codeRow ? [...automatic, codeRow] : automatic;
  const discounts: EngineDiscount[] = rows.map((r) => toEngineDiscount(r, opts.locale));
  const subtotal = lines.reduce((s, l) => s + l.unitCents * l.quantity, 0);
  const pricing = priceCart({
    lines: lines.map((l) => ({
      key: l.key,
      unitCents: l.unitCents,
      quantity: l.quantity,
      productId: l.productId,
      taxClass: facts.get(l.productId)?.taxClass ?? "standard",
      categoryIds: facts.get(l.productId)?.categoryIds ?? [],
    })),
    shippingCents: lines.length === 0 ? 0 : opts.shippingFor(subtotal),
    country: opts.country,
    tax,
    discounts,
  });
  if (codeRow) {
    const rejected = pricing.rejected.find((r) => r.id === codeRow.id);
    if (rejected) throw rejectionError(rejected, codeRow, opts.currency);
  }
  const appliedIds = new Set(pricing.discounts.map((d) => d.id));
  return { pricing, currency: opts.currency, promotionsUsed: rows.filter((r) => appliedIds.has(r.id)), code: codeRow ? codeRow.code!.toUpperCase() : null };
}
