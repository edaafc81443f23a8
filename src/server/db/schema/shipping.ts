import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/*
 * Shipping zones and their methods (docs/product.md#shipping), owned by src/features/shipping. A zone is a set of
 * countries; a country belongs to at most one zone (the primary key of shipping_zone_countries says so).
 */

export const shippingZones = pgTable("shipping_zones", {
  id: serial("id").primaryKey(),
  nameEn: text("name_en").notNull(),
  nameEs: text("name_es").notNull(),
  /** The lowest is the shop's home zone: it prices a cart whose destination is not known yet. */
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const shippingZoneCountries = pgTable(
  "shipping_zone_countries",
  {
    /** Upper-case ISO 3166-1 alpha-2; the primary key keeps a country in one zone only. */
    country: text("country").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
  },
  (t) => [index("shipping_zone_countries_zone_idx").on(t.zoneId), check("shipping_zone_countries_code", sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

export type ShippingMethodKind = "flat" | "free" | "weight" | "pickup";
/** A weight band: carts up to `upToGrams` (inclusive) cost `cents`; the bands are sorted by upToGrams. */
export type WeightBand = { upToGrams: number; cents: number };

export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ShippingMethodKind>().notNull(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull(),
    deliveryEn: text("delivery_en").notNull().default(""),
    deliveryEs: text("delivery_es").notNull().default(""),
    /** flat: the rate. */
    rateCents: integer("rate_cents").notNull().default(0),
    /** flat: free from this goods subtotal on (null: never free); free: the subtotal from which it is offered. */
    freeAboveCents: integer("free_above_cents"),
    /** weight: the bands, lightest first; heavier carts than the last band are not served. */
    weightBands: jsonb("weight_bands").$type<WeightBand[]>().notNull().default([]),
    pickupAddress: text("pickup_address").notNull().default(""),
    pickupHoursEn: text("pickup_hours_en").notNull().default(""),
    pickupHoursEs: text("pickup_hours_es").notNull().default(""),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipping_methods_zone_idx").on(t.zoneId, t.sortOrder),
    check("shipping_methods_kind_known", sql`${t.kind} in ('flat', 'free', 'weight', 'pickup')`),
    check("shipping_methods_amounts", sql`${t.rateCents} >= 0 AND (${t.freeAboveCents} IS NULL OR ${t.freeAboveCents} >= 0)`),
  ],
);

/** The zone migration 0063 made from the environment's defaults, until a start writes the environment's values over it. */
export const shippingEnvironmentPending = pgTable("shipping_environment_pending", {
  zoneId: integer("zone_id").primaryKey(),
});
