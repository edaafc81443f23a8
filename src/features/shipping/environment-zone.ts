import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { shippingEnvironmentPending, shippingMethods, shippingZoneCountries } from "@/server/db/schema/shipping";

/** The environment's shipping variables of before zones existed (decision 0364). */
export type ShippingEnvironment = { countries: string[]; flatRateCents: number; freeThresholdCents: number };

/**
 * On the first start after migration 0063 (decision 0364): the zone it made from the defaults takes the values the
 * environment gives (SHIPPING_COUNTRIES, SHIPPING_FLAT_RATE_CENTS, FREE_SHIPPING_THRESHOLD_CENTS), so an upgraded shop
 * charges what it charged before. Once only: the pending mark is removed, and an admin's edit removes it too.
 */
export async function applyShippingEnvironment(db: Db, env: ShippingEnvironment): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pending = await tx.select().from(shippingEnvironmentPending).for("update");
    if (pending.length === 0) return false;
    const zoneIds = pending.map((p) => p.zoneId);
    const countries = [...new Set(env.countries.map((c) => c.trim().toUpperCase()).filter(Boolean))];
    for (const zoneId of zoneIds) {
      if (countries.length > 0) {
        await tx.delete(shippingZoneCountries).where(inArray(shippingZoneCountries.country, countries));
        await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, zoneId));
        await tx.insert(shippingZoneCountries).values(countries.map((country) => ({ country, zoneId })));
      }
      await tx
        .update(shippingMethods)
        .set({ rateCents: env.flatRateCents, freeAboveCents: env.freeThresholdCents, updatedAt: new Date() })
        .where(eq(shippingMethods.zoneId, zoneId));
    }
    await tx.delete(shippingEnvironmentPending).where(inArray(shippingEnvironmentPending.zoneId, zoneIds));
    return true;
  });
}
