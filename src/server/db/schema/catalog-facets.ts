import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { products } from "./catalog";

/**
 * Storefront filters (docs/product.md#filters-and-sort), kept by the triggers of drizzle/0009 and 0023 and never
 * written by code. One row per variant of a listed product: its own price (sale price when set), whether it can be
 * bought now, whether it is on sale, its option values ("o:<option key>:<value key>", keys by `vitrina_facet_key`,
 * e.g. "o:size:42") and its product's categories — so a filter is met by one variant, never by two together.
 */
export const listedVariants = pgTable(
  "listed_variants",
  {
    variantId: text("variant_id").primaryKey(),
    productId: text("product_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    inStock: boolean("in_stock").notNull(),
    onSale: boolean("on_sale").notNull(),
    facets: text("facets").array().notNull().default([]),
    categoryIds: text("category_ids").array().notNull().default([]),
  },
  (t) => [index("listed_variants_product_idx").on(t.productId)],
);

/** The transaction (id) that last changed each product's `listed_variants` rows: what a reader fetches again. */
export const catalogFacetVersions = pgTable(
  "catalog_facet_versions",
  {
    productId: text("product_id").primaryKey(),
    txid: bigint("txid", { mode: "number" }).notNull(),
  },
  (t) => [index("catalog_facet_versions_txid_idx").on(t.txid)],
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
  (t) => [
    index("product_facet_stats_price_idx").on(t.priceCents, t.productId),
    index("product_facet_stats_sold_idx").on(t.sold, t.productId),
    // The products that sold, for the bestselling walk (drizzle/0036).
    index("product_facet_stats_sold_products_idx").on(t.productId).where(sql`${t.sold} > 0`),
  ],
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
