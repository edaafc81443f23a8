import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../rows";
import { products } from "../schema";
import { renderImages } from "./images";
import { imageJobs } from "./demo-images";
import { insertCatalog, insertContent } from "./demo-rows";
import { insertShipping } from "./shipping-data";

export { demoImageFiles, imageJobs } from "./demo-images";

/**
 * Demo data: a believable bilingual shop for a fresh install. Every row has a fixed id (prod_demo_01,
 * var_demo_01_a, …) so seeding is repeatable, and the whole catalogue is written in one transaction so a crash
 * never leaves half a shop behind.
 */

export type SeedOptions = {
  /** DATA_DIR/uploads: images go to `{uploadsDir}/demo` and are served as /uploads/demo/… */
  uploadsDir: string;
  /** ISO 4217 code of the prices (the store's CURRENCY); EUR by default. */
  currency?: string;
  /** Brand and address used in the about and contact pages. */
  storeName?: string;
  storeEmail?: string;
};

/** Present once the demo has been written; its existence is what makes a second seed a no-op. */
export const DEMO_MARKER_PRODUCT_ID = "prod_demo_01";

/** True when the shop has no catalogue and no content yet: what a first start looks like. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ empty: boolean }>(
    db,
    sql`select not (exists (select 1 from products) or exists (select 1 from categories) or exists (select 1 from pages)) as empty`,
  );
  return rows[0]?.empty === true;
}

/**
 * Writes the demo shop. Idempotent: when the demo marker exists nothing is written (so products or categories an
 * owner deleted do not come back), and every insert ignores rows that already exist, so even two seeds racing on
 * PostgreSQL cannot duplicate anything. Image files are (re)made in any case: they are cheap when present and a
 * new DATA_DIR pointed at an already-seeded PostgreSQL still needs them.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ created: boolean }> {
  await renderImages(path.join(options.uploadsDir, "demo"), imageJobs());

  const marker = await db.select({ id: products.id }).from(products).where(eq(products.id, DEMO_MARKER_PRODUCT_ID)).limit(1);
  if (marker.length > 0) return { created: false };

  const currency = (options.currency ?? "EUR").toUpperCase();
  const storeName = options.storeName ?? "Vitrina";
  const storeEmail = options.storeEmail ?? "hello@vitrina.example";

  const created = await db.transaction(async (tx) => {
    const inserted = await insertCatalog(tx, currency);
    await insertContent(tx, storeName, storeEmail);
    if (inserted) await insertShipping(tx);
    return inserted;
  });
  return { created };
}
