import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { demoShopPresent, imageJobs, insertContent, insertDemoCategories, type SeedOptions } from "@/server/db/seed";
import { renderImages } from "@/server/db/seed/images";
import { insertDemoTestimonials } from "@/server/db/seed/testimonial-data";
import { insertShipping } from "@/server/db/seed/shipping-data";
import { writeProductBatch } from "@/features/catalog/product-batch-writes";
import { setColourSwatches } from "@/features/catalog/option-type-service";
import { demoColourSwatches, demoProductBatch } from "./demo-products";

export { DEMO_MARKER_PRODUCT_ID, demoImageFiles, imageJobs, isDatabaseEmpty, type SeedOptions } from "@/server/db/seed";

/**
 * Writes the demo shop (`npm run db:seed`, and the first start of an empty shop): its pictures, categories and
 * pages, and its products through catalog's batch command, the one the CSV import uses (decision 0354), so each is
 * checked by the editor's validateProductInput and its stock is the first entry of its stock history. One
 * transaction, so a crash never leaves half a shop behind.
 *
 * Idempotent: when the demo marker exists nothing is written (products or categories an owner deleted do not come
 * back). Two instances seeding one PostgreSQL at once queue on an advisory lock and the second finds the marker.
 * Image files are (re)made in any case: they are cheap when present and a new DATA_DIR pointed at an already-seeded
 * PostgreSQL still needs them. A demo SKU an owner's product already uses refuses the whole seed (duplicateSku).
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ created: boolean }> {
  await renderImages(path.join(options.uploadsDir, "demo"), imageJobs());
  if (await demoShopPresent(db)) return { created: false };

  const currency = (options.currency ?? "EUR").toUpperCase();
  const storeName = options.storeName ?? "Vitrina";
  const storeEmail = options.storeEmail ?? "hello@vitrina.example";

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrina-demo-seed'))`);
    if (await demoShopPresent(tx)) return false;
    await insertDemoCategories(tx);
    // No webhook endpoint exists yet and nothing has been served: product.updated finds no listener, no cache to expire.
    await writeProductBatch(tx, { ...demoProductBatch(currency), currency, stockRef: { actor: { kind: "system" } }, stockReason: "initial" });
    // The products' options are linked to the shop's option types as they are written (drizzle/0067); the demo's
    // colours then show their own paint as swatch (docs/product.md#option-types).
    await setColourSwatches(tx, demoColourSwatches());
    await insertContent(tx, storeName, storeEmail);
    await insertDemoTestimonials(tx);
    await insertShipping(tx, options.shipping);
    return true;
  });
  return { created };
}
