import { invalidateCaches } from "@/server/cache/invalidation";

/** Cache tags of catalog reads: every read carries CATALOG_TAG; single-product reads also their product tag. */
export const CATALOG_TAG = "catalog";
export const productTag = (id: string) => `product:${id}`;

/**
 * Call after any catalog write (admin saves, imports). Expires cached lists, searches and pages at once, on this
 * instance and on every other one sharing the database, so the next page load shows the change.
 */
export function revalidateCatalog(productId?: string): Promise<void> {
  return invalidateCaches(productId ? [CATALOG_TAG, productTag(productId)] : [CATALOG_TAG]);
}
