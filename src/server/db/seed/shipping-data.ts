import { shippingMethods, shippingZoneCountries, shippingZones } from "../schema";
import type { Db } from "../client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The EU's member states but Spain (which has its own zone). */
const euCountries = ["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"];
/** Where the demo ships beyond the EU; countries in no zone (Japan, for one) cannot be shipped to. */
const restOfWorld = ["AR", "AU", "CA", "CH", "CL", "CO", "GB", "MX", "NO", "NZ", "PE", "US", "UY"];

/**
 * The demo's shipping (docs/product.md#shipping): Spain (standard flat rate, free from 50,00; pickup in Madrid), the EU
 * (flat rate) and the rest of the world (by weight). Replaces the zone made from the environment at migration, since
 * the demo is a fresh shop; SHIPPING_FLAT_RATE_CENTS and FREE_SHIPPING_THRESHOLD_CENTS, when the operator set them, are
 * the Spanish standard method's initial rate and threshold (in the shop currency's minor units).
 */
export type DemoShippingRate = { flatRateCents?: number; freeAboveCents?: number };

export async function insertShipping(tx: Tx, rate: DemoShippingRate = {}): Promise<void> {
  await tx.delete(shippingZones);
  const [spain, eu, world] = await tx
    .insert(shippingZones)
    .values([
      { nameEn: "Spain", nameEs: "España", sortOrder: 0 },
      { nameEn: "European Union", nameEs: "Unión Europea", sortOrder: 1 },
      { nameEn: "Rest of world", nameEs: "Resto del mundo", sortOrder: 2 },
    ])
    .returning({ id: shippingZones.id });
  await tx.insert(shippingZoneCountries).values([
    { country: "ES", zoneId: spain.id },
    ...euCountries.map((country) => ({ country, zoneId: eu.id })),
    ...restOfWorld.map((country) => ({ country, zoneId: world.id })),
  ]);
  const days = (en: string, es: string) => ({ deliveryEn: en, deliveryEs: es });
  await tx.insert(shippingMethods).values([
    { zoneId: spain.id, kind: "flat", nameEn: "Standard shipping", nameEs: "Envío estándar", ...days("2–4 business days", "2–4 días laborables"), rateCents: rate.flatRateCents ?? 495, freeAboveCents: rate.freeAboveCents ?? 5000, sortOrder: 0 },
    {
      zoneId: spain.id,
      kind: "pickup",
      nameEn: "Pick up in Madrid",
      nameEs: "Recogida en Madrid",
      ...days("Ready in 1 business day", "Lista en 1 día laborable"),
      pickupAddress: "Vitrina showroom, Calle de Fuencarral 45, 28004 Madrid",
      pickupHoursEn: "Mon–Fri 10:00–20:00, Sat 10:00–14:00",
      pickupHoursEs: "Lun–vie 10:00–20:00, sáb 10:00–14:00",
      sortOrder: 1,
    },
    { zoneId: eu.id, kind: "flat", nameEn: "EU standard shipping", nameEs: "Envío estándar UE", ...days("3–6 business days", "3–6 días laborables"), rateCents: 990, sortOrder: 0 },
    {
      zoneId: world.id,
      kind: "weight",
      nameEn: "International shipping",
      nameEs: "Envío internacional",
      ...days("5–10 business days", "5–10 días laborables"),
      weightBands: [
        { upToGrams: 1000, cents: 1490 },
        { upToGrams: 2000, cents: 1990 },
        { upToGrams: 5000, cents: 2990 },
        { upToGrams: 20000, cents: 4990 },
      ],
      sortOrder: 0,
    },
  ]);
}
