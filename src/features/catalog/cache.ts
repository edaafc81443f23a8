import { revalidateTag } from "next/cache";

/** Cache tags of catalog reads: every read carries CATALOG_TAG; single-product reads also their product tag. */
export const CATALOG_TAG = "catalog";
export const productTag = (id: string) => `product:${id}`;

/**
 * Call after any catalog write (admin saves, imports). Expires cached lists, searches and pages at once
 * (`expire: 0`), so the next page load shows the change instead of a stale copy.
 */
export function revalidateCatalog(productId?: string) {
  revalidateTag(CATALOG_TAG, { expire: 0 });
  if (productId) revalidateTag(productTag(productId), { expire: 0 });
}
