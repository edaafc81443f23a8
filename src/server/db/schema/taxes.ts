import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The shop's one tax settings row (id 1): how catalog prices are entered and the rates for countries not listed. */
export const taxSettings = pgTable(
  "tax_settings",
  {
    id: integer("id").primaryKey().default(1),
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    defaultStandardBp: integer("default_standard_bp").notNull().default(2100),
    defaultReducedBp: integer("default_reduced_bp").notNull().default(1000),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tax_settings_single_row", sql`${t.id} = 1`),
    check("tax_settings_rates_range", sql`${t.defaultStandardBp} BETWEEN 0 AND 10000 AND ${t.defaultReducedBp} BETWEEN 0 AND 10000`),
  ],
);

/** Rates per shipping country, in basis points (2100 = 21 %). */
export const taxRates = pgTable(
  "tax_rates",
  {
    country: text("country").primaryKey(),
    standardBp: integer("standard_bp").notNull(),
    reducedBp: integer("reduced_bp").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("tax_rates_range", sql`${t.standardBp} BETWEEN 0 AND 10000 AND ${t.reducedBp} BETWEEN 0 AND 10000`)],
);
