import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { productImages, products, variants } from "@/server/db/schema/catalog";
import { isBuyable, shopperVisible } from "@/features/catalog/visibility";
import { CheckoutError } from "./errors";
import { MAX_QUANTITY_PER_VARIANT } from "./schemas";
import { lockForStockChange } from "@/features/orders/stock-lock-order";
import { lowStockThresholdOfVariant } from "@/features/stock-alerts/low-stock";
import { productTaxFactColumns } from "@/features/taxes/service";

/*
 * The two steps of a checkout that touch the catalog (docs/product.md#checkout): what the cart's variants cost and
 * whether they may be bought now (snapshotCart), then holding their stock (reserveStock).
 */

export type CartSnapshot = Awaited<ReturnType<typeof snapshotCart>>["snapshot"];

/** The cart's variants as the database has them now, with their titles in the shopper's language and the price charged. */
export async function snapshotCart(tx: Executor, variantIds: string[], wanted: ReadonlyMap<string, number>, locale: "en" | "es") {
  const rows = await tx
    .select({
      variantId: variants.id,
      productId: variants.productId,
      variantTitleEn: variants.titleEn,
      variantTitleEs: variants.titleEs,
      priceCents: variants.priceCents,
      salePriceCents: variants.salePriceCents,
      currency: variants.currency,
      manageInventory: variants.manageInventory,
      stock: variants.stock,
      variantImage: variants.imageUrl,
      productTitleEn: products.titleEn,
      productTitleEs: products.titleEs,
      listed: shopperVisible,
      purchasable: products.purchasable,
      productImage: sql<string | null>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.sortOrder}, ${productImages.id} limit 1)`,
      ...productTaxFactColumns,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
  const byId = new Map(rows.map((r) => [r.variantId, r]));

  const snapshot = variantIds.map((variantId) => {
    const row = byId.get(variantId);
    if (!row) throw new CheckoutError("unknown_variant", { variantId });
    const productTitle = (locale === "es" && row.productTitleEs) || row.productTitleEn;
    const variantTitle = (locale === "es" && row.variantTitleEs) || row.variantTitleEn;
    const title = variantTitle ? `${productTitle} (${variantTitle})` : productTitle;
    if (!isBuyable(row)) {
      throw new CheckoutError("unavailable", { title, variantId });
    }
    const quantity = wanted.get(variantId)!;
    if (quantity > MAX_QUANTITY_PER_VARIANT) {
      throw new CheckoutError("quantity_too_large", { title, max: MAX_QUANTITY_PER_VARIANT, variantId });
    }
    // The sale price is charged when present (docs/product.md#prices).
    const chargedUnitCents = row.salePriceCents ?? row.priceCents;
    return { row, productTitle, variantTitle, title, quantity, chargedUnitCents };
  });

  const currency = snapshot[0].row.currency.toUpperCase();
  if (snapshot.some((s) => s.row.currency.toUpperCase() !== currency)) throw new CheckoutError("mixed_currencies");

  return { snapshot, currency };
}

/**
 * Reserves each line's units as a conditional decrement (`stock = stock - q WHERE stock >= q`), so concurrent
 * checkouts for the last unit cannot both succeed. Answers the variants left at or below their low-stock threshold.
 */
export async function reserveStock(tx: Executor, snapshot: CartSnapshot): Promise<string[]> {
  const low: string[] = [];
  // Two or more variants are locked first in the one lock order of stock changes (features/orders/stock-lock-order.ts,
  // the database's order of ids), so two carts naming the same variants never wait on each other in a cycle.
  const managed = snapshot.filter((s) => s.row.manageInventory).map((s) => s.row.variantId);
  if (managed.length > 1) await lockForStockChange(tx, [], managed);
  for (const s of snapshot) {
    if (!s.row.manageInventory) continue;
    const reserved = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${s.quantity}` })
      .where(and(eq(variants.id, s.row.variantId), sql`${variants.stock} >= ${s.quantity}`))
      .returning({ stock: variants.stock, threshold: lowStockThresholdOfVariant() });
    if (reserved.length === 0) {
      const [current] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, s.row.variantId));
      throw new CheckoutError("out_of_stock", { title: s.title, available: current?.stock ?? 0, variantId: s.row.variantId });
    }
    if (reserved[0].stock <= reserved[0].threshold) low.push(s.row.variantId);
  }
  return low;
}
