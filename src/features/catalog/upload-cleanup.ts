import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { keyFromUploadUrl, type ObjectStorage } from "@/server/storage";

/** Uploads nobody attached within a day are abandoned (the admin closed the editor without saving). */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Every /uploads/products/… URL the shop still shows somewhere: images of products that are not deleted, variant
 * images, category images, and the pictures frozen into order lines (an order's history keeps its image even after
 * the product is gone).
 */
async function referencedKeys(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ url: string | null }>(
    db,
    sql`select pi.url from product_images pi join products p on p.id = pi.product_id where p.deleted_at is null
        union select v.image_url from variants v join products p on p.id = v.product_id where p.deleted_at is null
        union select image_url from categories
        union select image_url from order_lines`,
  );
  const keys = new Set<string>();
  for (const row of rows) {
    const key = row.url ? keyFromUploadUrl(row.url) : null;
    if (key) keys.add(key);
  }
  return keys;
}

/**
 * Removes uploaded product images nothing refers to any more. With `candidates` (the URLs a save replaced or a
 * deleted product showed) only those are looked at, at once; without, every upload older than `olderThan` is (the
 * daily orphan sweep). Returns the keys removed. Demo art is never touched: it is rendered, not uploaded.
 */
export async function removeUnreferencedUploads(
  db: Db,
  store: ObjectStorage,
  options: { candidates?: string[]; olderThan?: Date } = {},
): Promise<string[]> {
  const referenced = await referencedKeys(db);
  const removed: string[] = [];
  if (options.candidates) {
    for (const url of options.candidates) {
      const key = keyFromUploadUrl(url);
      if (!key || !key.startsWith("products/") || referenced.has(key)) continue;
      await store.delete(key);
      removed.push(key);
    }
    return removed;
  }
  const cutoff = options.olderThan ?? new Date(Date.now() - ORPHAN_AGE_MS);
  for await (const item of store.list("products/")) {
    if (item.lastModified >= cutoff || referenced.has(item.key)) continue;
    await store.delete(item.key);
    removed.push(item.key);
  }
  return removed;
}

/** The product's current image URLs (product and variant images): what a save or a delete may leave unreferenced. */
export async function productImageUrls(db: Db, productId: string): Promise<string[]> {
  const rows = await queryRows<{ url: string | null }>(
    db,
    sql`select url from product_images where product_id = ${productId} union select image_url from variants where product_id = ${productId}`,
  );
  return rows.flatMap((r) => (r.url ? [r.url] : []));
}
