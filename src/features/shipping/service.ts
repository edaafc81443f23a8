import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { shippingMethods, shippingZoneCountries, shippingZones } from "@/server/db/schema/shipping";
import type { OrderShippingMethod } from "@/server/db/schema/orders";
import { methodPriceCents, missingForFreeCents, type ShippableCart } from "./rates";

/*
 * Which methods serve an address and what each costs (docs/product.md#shipping): the one function the drawer's
 * estimate, checkout, the payment page and the commerce API call. The server decides; the browser only names a method.
 */

export type MethodRow = typeof shippingMethods.$inferSelect;

/** A method serving the cart, priced: `priceCents` before any free-shipping discount code. */
export type ShippingQuote = Omit<OrderShippingMethod, "methodId" | "weightGrams"> & {
  id: number;
  /** How much more subtotal makes it free, when it can become free. */
  missingForFreeCents: number | null;
};

export type ShippingOptions =
  /** `country` null: no destination known yet, priced by the home zone (the first) as an estimate. */
  | { served: true; country: string | null; zoneId: number; methods: ShippingQuote[] }
  /** The country is in no zone, or its zone has no method for this cart (too heavy, below every minimum). */
  | { served: false; country: string | null };

/** The zone of a country; for no country, the home zone (lowest sort order) so a first estimate has a price. */
async function zoneFor(tx: Executor, country: string | null): Promise<number | null> {
  if (country) {
    const [row] = await tx.select({ zoneId: shippingZoneCountries.zoneId }).from(shippingZoneCountries).where(eq(shippingZoneCountries.country, country));
    return row?.zoneId ?? null;
  }
  const [home] = await tx.select({ id: shippingZones.id }).from(shippingZones).orderBy(asc(shippingZones.sortOrder), asc(shippingZones.id)).limit(1);
  return home?.id ?? null;
}

/** The zone a country is in, or null when no zone has it (docs/product.md#shipping). */
export async function zoneOfCountry(tx: Executor, country: string): Promise<number | null> {
  return zoneFor(tx, country.trim().toUpperCase());
}

/**
 * The methods serving `country` for the cart: deliveries cheapest first (the zone's own order on ties), pickups after
 * them, since a pickup is a choice the shopper makes rather than a way to reach their address.
 */
export async function shippingOptionsFor(tx: Executor, rawCountry: string | null, cart: ShippableCart): Promise<ShippingOptions> {
  const country = rawCountry ? rawCountry.trim().toUpperCase() : null;
  const zoneId = await zoneFor(tx, country);
  if (zoneId === null) return { served: false, country };
  const rows = await tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zoneId))
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
  const methods = rows.filter((m) => m.active).flatMap((m) => {
    const priceCents = methodPriceCents(m, cart);
    return priceCents === null ? [] : [{ ...quoteOf(m, priceCents), missingForFreeCents: missingForFreeCents(m, cart) }];
  });
  methods.sort((a, b) => Number(a.kind === "pickup") - Number(b.kind === "pickup") || a.priceCents - b.priceCents);
  return methods.length > 0 ? { served: true, country, zoneId, methods } : { served: false, country };
}

function quoteOf(m: MethodRow, priceCents: number): Omit<ShippingQuote, "missingForFreeCents"> {
  const { id, zoneId, kind, nameEn, nameEs, deliveryEn, deliveryEs, pickupAddress, pickupHoursEn, pickupHoursEs } = m;
  return { id, zoneId, kind, nameEn, nameEs, deliveryEn, deliveryEs, pickupAddress, pickupHoursEn, pickupHoursEs, priceCents };
}

export type ShippingChoice =
  | { ok: true; method: ShippingQuote; options: ShippingQuote[] }
  | { ok: false; reason: "not_shipped" | "method_unavailable"; country: string | null };

/**
 * The method a checkout charges: the one the shopper named when it serves the address and cart, else (none named)
 * the cheapest delivery serving it; a pickup only when named, or when the zone offers nothing else (decision 0364).
 * A named method that does not serve it is refused, never swapped for another.
 */
export async function chooseShippingMethod(tx: Executor, country: string | null, cart: ShippableCart, methodId?: number | null): Promise<ShippingChoice> {
  const options = await shippingOptionsFor(tx, country, cart);
  if (!options.served) return { ok: false, reason: "not_shipped", country: options.country };
  if (methodId === undefined || methodId === null) return { ok: true, method: options.methods[0], options: options.methods };
  const method = options.methods.find((m) => m.id === methodId);
  return method ? { ok: true, method, options: options.methods } : { ok: false, reason: "method_unavailable", country: options.country };
}

/** The order's record of its method (orders.shipping_method). */
export function orderShippingMethod(method: ShippingQuote, weightGrams: number): OrderShippingMethod {
  const { id, missingForFreeCents: _missing, ...rest } = method;
  return { methodId: id, ...rest, weightGrams };
}

/** Every country some zone serves, sorted: the countries an address may have (replaces SHIPPING_COUNTRIES). */
export async function shippingCountries(tx: Executor): Promise<string[]> {
  const rows = await tx.select({ country: shippingZoneCountries.country }).from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country));
  return rows.map((r) => r.country);
}
