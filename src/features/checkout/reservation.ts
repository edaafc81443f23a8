import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { productImages, products, variants } from "@/server/db/schema/catalog";
import { isBuyable, shopperVisible } from "@/features/catalog/visibility";
import { CheckoutError } from "./errors";
import { MAX_QUANTITY_PER_VARIANT } from "./schemas";
import { changeStock, StockShortError } from "@/features/inventory/service";
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
      // One unit's grams for weight-based shipping (docs/product.md#shipping); a variant without a weight counts 0.
      weightGrams: sql<number>`coalesce(${variants.weightGrams}, 0)::int`,
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
 * Reserves each tracked line's units for the new order as a sale of inventory: a conditional decrement
 * (`stock = stock - q WHERE stock >= q`), so concurrent checkouts for the last unit cannot both succeed; the ledger rows
 * and the low-stock report come with it (features/inventory). Two or more variants are locked first in the one lock
 * order of stock changes, so two carts naming the same variants never wait on each other in a cycle.
 */
export async function reserveStock(tx: Executor, snapshot: CartSnapshot, sale: { orderId: number; at: Date }): Promise<void> {
  const managed = snapshot.filter((s) => s.row.manageInventory);
  try {
    await changeStock(tx, "sale", managed.map((s) => ({ variantId: s.row.variantId, change: -s.quantity })), { actor: { kind: "customer" }, ...sale });
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    const s = managed.find((m) => m.row.variantId === error.variantId)!;
    throw new CheckoutError("out_of_stock", { title: s.title, available: error.available, variantId: s.row.variantId });
  }
}
