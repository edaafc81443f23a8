import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { cachedRead } from "@/server/cache/cached-read";
import { promotions } from "@/server/db/schema/promotions";
import { PROMOTIONS_TAG } from "./cache-tags";

/** An automatic promotion as cards and product pages show it (dates as ISO strings: the data cache stores JSON). */
export type DisplayPromotion = {
  id: number;
  nameEn: string;
  nameEs: string;
  kind: "percent" | "fixed" | "free_shipping";
  value: number;
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
  return cachedRead(["automatic-promotions"], [PROMOTIONS_TAG], async () => {
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
