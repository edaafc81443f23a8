import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { products, variants } from "@/server/db/schema/catalog";
import { enqueueWebhookEvent } from "@/features/webhooks/service";

/**
 * Queues product.updated for the webhook endpoints that listen (docs/product.md#webhooks), inside the transaction of a
 * back-office product save (created or changed): the product as saved, with its variants' prices and stock in cents
 * and units. Built here, so the webhooks feature imports nothing of the catalog.
 */
export async function queueProductUpdated(tx: Executor, productId: string, change: "created" | "updated") {
  return enqueueWebhookEvent(tx, "product.updated", async () => {
    const [[product], rows] = await Promise.all([
      tx.select().from(products).where(eq(products.id, productId)),
      tx.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.sortOrder), asc(variants.id)),
    ]);
    return {
      change,
      product: {
        id: product.id,
        titleEn: product.titleEn,
        titleEs: product.titleEs,
        status: product.status,
        hidden: product.isHidden,
        purchasable: product.purchasable,
        listed: product.listed,
        updatedAt: product.updatedAt,
        variants: rows.map((v) => ({
          id: v.id,
          sku: v.sku,
          titleEn: v.titleEn,
          titleEs: v.titleEs,
          currency: v.currency,
          priceCents: v.priceCents,
          salePriceCents: v.salePriceCents,
          manageInventory: v.manageInventory,
          stock: v.manageInventory ? v.stock : null,
        })),
      },
    };
  });
}
