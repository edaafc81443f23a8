import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { productImages, products, variants } from "@/server/db/schema/catalog";
import { productTaxFactColumns } from "@/features/taxes/service";
import { shopperVisible } from "./visibility";

/**
 * The variants of a cart as the database has them now, for checkout (docs/product.md#checkout): prices, titles in
 * both languages, stock, whether they may be bought (listed, purchasable), the picture an order line keeps and the
 * product's tax facts. One statement, in the checkout's transaction; variants that do not exist are simply absent.
 */
export async function checkoutVariants(tx: Executor, variantIds: string[]) {
  return tx
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
}
