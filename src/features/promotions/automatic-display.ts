import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { cachedRead } from "@/server/cache/cached-read";
import { promotions } from "@/server/db/schema/promotions";
import { PROMOTIONS_TAG } from "./cache-tags";
import { priceCart } from "@/features/taxes/pricing-engine";

/** An automatic promotion as cards and product pages show it (dates as ISO strings: the data cache stores JSON). */
export type DisplayPromotion = {
  id: number;
  nameEn: string;
  nameEs: string;
  kind: "percent" | "fixed" | "free_shipping";
  value: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  productIds: string[];
  categoryIds: string[];
};

/**
 * Active automatic promotions, read through the data cache (an admin save expires it). Whether each one is
 * running is decided at render time from its dates, so a cached list never shows one outside its window for longer
 * than the page itself is cached.
 */
export async function automaticPromotionsForDisplay(): Promise<DisplayPromotion[]> {
  return cachedRead(["automatic-promotions-v2"], [PROMOTIONS_TAG], async () => {
    const db = await getDb();
    const rows = await db
      .select()
      .from(promotions)
      .where(and(isNull(promotions.code), eq(promotions.active, true)));
    return rows
      .filter((r) => r.usageLimit === null || r.usedCount < r.usageLimit)
      .map((r) => ({
        id: r.id,
        nameEn: r.nameEn,
        nameEs: r.nameEs,
        kind: r.kind,
        value: r.value,
        minSubtotalCents: r.minSubtotalCents,
        startsAt: r.startsAt?.toISOString() ?? null,
        endsAt: r.endsAt?.toISOString() ?? null,
        productIds: r.productIds,
        categoryIds: r.categoryIds,
      }));
  });
}

/** The promotions that apply to a product now: the engine's matching rule (product or one of its categories, or all). */
export function promotionsForProduct(all: DisplayPromotion[], product: { id: string; categoryIds: string[] }, now = new Date()): DisplayPromotion[] {
  return all.filter((p) => {
    if (p.startsAt && new Date(p.startsAt) > now) return false;
    if (p.endsAt && new Date(p.endsAt) <= now) return false;
    if (p.productIds.length === 0 && p.categoryIds.length === 0) return true;
    return p.productIds.includes(product.id) || product.categoryIds.some((c) => p.categoryIds.includes(c));
  });
}

/** Tax plays no part in a unit's promoted price: rates of zero keep the engine to the discount alone. */
const noTax = { pricesIncludeTax: true, defaultRates: { standardBp: 0, reducedBp: 0 }, countryRates: {} };

/**
 * What one unit costs after the automatic promotions running for the product (docs/product.md#discount-codes), worked
 * out by the checkout's engine: the same order (oldest first), the same per-line rounding. null when none lowers it —
 * free shipping, or a minimum the unit alone does not reach (those show as a badge only).
 */
export function promotedUnitCents(unitCents: number, product: { id: string; categoryIds: string[] }, running: DisplayPromotion[]): number | null {
  const discounts = [...running]
    .sort((a, b) => a.id - b.id)
    .map((p) => ({ id: p.id, code: null, name: p.nameEn, kind: p.kind, value: p.value, minSubtotalCents: p.minSubtotalCents ?? 0, productIds: p.productIds, categoryIds: p.categoryIds }));
  if (discounts.length === 0) return null;
  const priced = priceCart({
    lines: [{ key: "unit", unitCents, quantity: 1, taxClass: "standard", productId: product.id, categoryIds: product.categoryIds }],
    shippingCents: 0,
    country: null,
    tax: noTax,
    discounts,
  });
  const discount = priced.lines[0].discountCents;
  return discount > 0 ? unitCents - discount : null;
}

/** The promoted price of each of a product's prices (variant id → cents), for its card and page; absent = no promotion. */
export async function promotedPrices(product: { id: string; categoryIds: string[] }, prices: { id: string; unitCents: number }[], now = new Date()): Promise<Record<string, number>> {
  const running = promotionsForProduct(await automaticPromotionsForDisplay(), product, now);
  const out: Record<string, number> = {};
  for (const p of prices) {
    const promoted = promotedUnitCents(p.unitCents, product, running);
    if (promoted !== null) out[p.id] = promoted;
  }
  return out;
}
