import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { products } from "./catalog";

/**
 * Storefront filters (docs/product.md#filters-and-sort), kept by the triggers of drizzle/0009 and never written by
 * code. Rows exist for listed products only.
 *
 * `facet` is "out_of_stock" (the few that cannot be bought now; "in stock" is its complement), "on_sale" or
 * "o:<option key>:<value key>" (keys by `vitrina_facet_key`, e.g. "o:size:42").
 */
export const productFacets = pgTable(
  "product_facets",
  {
    facet: text("facet").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.facet, t.productId] }), index("product_facets_product_idx").on(t.productId)],
);

/** The displayed price and units sold (completed and shipped orders) of each listed product: price filter and sorts. */
export const productFacetStats = pgTable(
  "product_facet_stats",
  {
    productId: text("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    sold: integer("sold").notNull().default(0),
  },
  (t) => [index("product_facet_stats_price_idx").on(t.priceCents, t.productId), index("product_facet_stats_sold_idx").on(t.sold, t.productId)],
);

/** Shopper-facing names of each option facet, in both languages (the first product seen names it). */
export const catalogFacetLabels = pgTable("catalog_facet_labels", {
  facet: text("facet").primaryKey(),
  optionKey: text("option_key").notNull(),
  optionEn: text("option_en").notNull(),
  optionEs: text("option_es").notNull(),
  valueEn: text("value_en").notNull(),
  valueEs: text("value_es").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});
