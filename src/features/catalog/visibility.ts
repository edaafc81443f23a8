import { sql } from "drizzle-orm";
import { products } from "@/server/db/schema/catalog";

/**
 * Which products shoppers see (docs/product.md#visibility): published, not hidden, not deleted and
 * with at least one variant. The database keeps that answer in the generated `products.listed` column (drizzle/0003),
 * which the listing indexes cover, so every reader asks the column rather than re-spelling the four tests.
 */

/** For raw SQL that aliases `products` as `p` (listings, counts, search, featured, sitemap, cart prices). */
export const shopperVisibleSql = sql`p.listed`;

/** For the query builder (`.where(shopperVisible)`, or selected to decide in code). */
export const shopperVisible = products.listed;

/**
 * Whether a shopper may buy a product: visible, and not switched off with "Can be bought". Checkout reads both
 * columns inside its transaction and asks this, so the rule that hides a product also stops its sale.
 */
export function isBuyable(row: { listed: boolean | null; purchasable: boolean }): boolean {
  return row.listed === true && row.purchasable;
}
