import { asc, inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { products, variants } from "@/server/db/schema/catalog";
import { enqueueWebhookEvents } from "@/features/webhooks/service";

/**
 * Queues product.updated for the webhook endpoints that listen (docs/product.md#webhooks), inside the transaction of
 * a product write (the editor's save, a catalog import): one event per product created or changed, the product as
 * saved with its variants' prices and stock in cents and units. Built here, so the webhooks feature imports nothing
 * of the catalog.
 */
export type ProductChange = { productId: string; change: "created" | "updated" };

export async function queueProductUpdated(tx: Executor, productId: string, change: ProductChange["change"]) {
  const [eventId] = await queueProductsUpdated(tx, [{ productId, change }]);
  return eventId ?? null;
}

/** Many products at once (a catalog import): one look-up of the endpoints, one read of the products per chunk. */
export async function queueProductsUpdated(tx: Executor, changes: readonly ProductChange[]): Promise<string[]> {
  if (changes.length === 0) return [];
  return enqueueWebhookEvents(tx, "product.updated", async () => {
    const data: unknown[] = [];
    for (let i = 0; i < changes.length; i += READ_CHUNK) {
      const chunk = changes.slice(i, i + READ_CHUNK);
      const ids = chunk.map((c) => c.productId);
      const [productRows, variantRows] = await Promise.all([
        tx.select().from(products).where(inArray(products.id, ids)),
        tx.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.sortOrder), asc(variants.id)),
      ]);
      const productById = new Map(productRows.map((p) => [p.id, p]));
      const variantsOf = new Map<string, typeof variantRows>();
      for (const v of variantRows) {
        const list = variantsOf.get(v.productId);
        if (list) list.push(v);
        else variantsOf.set(v.productId, [v]);
      }
      for (const { productId, change } of chunk) {
        const product = productById.get(productId)!;
        data.push({
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
            variants: (variantsOf.get(productId) ?? []).map((v) => ({
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
        });
      }
    }
    return data;
  });
}

const READ_CHUNK = 500;
