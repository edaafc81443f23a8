import { eq, sql } from "drizzle-orm";
import type { Executor } from "../executor";
import type { Db } from "../client";
import { queryRows } from "../rows";
import { products } from "../schema";
import type { DemoShippingRate } from "./shipping-data";

export { demoImageFiles, imageJobs } from "./demo-images";
export { insertContent, insertDemoCategories } from "./demo-rows";

/**
 * Demo data: a believable bilingual shop for a fresh install. Every row has a fixed id (prod_demo_01,
 * var_demo_01_a, …) so seeding is repeatable. The data, pictures, categories and content live here; the seeding
 * itself, which writes the products through catalog's commands, is src/features/demo-shop/seed.ts (decision 0354).
 */

export type SeedOptions = {
  /** DATA_DIR/uploads: images go to `{uploadsDir}/demo` and are served as /uploads/demo/… */
  uploadsDir: string;
  /** ISO 4217 code of the prices (the store's CURRENCY); EUR by default. */
  currency?: string;
  /** Brand and address used in the about and contact pages. */
  storeName?: string;
  storeEmail?: string;
  /** The environment's SHIPPING_* values when the operator set them: the Spanish standard rate starts from them. */
  shipping?: DemoShippingRate;
};

/** Present once the demo has been written; its existence is what makes a second seed a no-op. */
export const DEMO_MARKER_PRODUCT_ID = "prod_demo_01";

/**
 * The audit action "Remove demo data" writes (src/features/demo-data): once it is there the demo is never written
 * again by a start, even when the shop is empty (docs/product.md#a-clean-start, decision 0363).
 */
export const DEMO_REMOVED_AUDIT_ACTION = "demo-data.remove";

/** True when the owner removed the demo data at some point. */
export async function demoWasRemoved(db: Db): Promise<boolean> {
  const rows = await queryRows<{ removed: boolean }>(db, sql`select exists (select 1 from audit_log where action = ${DEMO_REMOVED_AUDIT_ACTION}) as removed`);
  return rows[0]?.removed === true;
}

/** True when the shop has no catalogue and no content yet: what a first start looks like. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ empty: boolean }>(
    db,
    sql`select not (exists (select 1 from products) or exists (select 1 from categories) or exists (select 1 from pages)) as empty`,
  );
  return rows[0]?.empty === true;
}

/**
 * True once the demo has been written (its marker product exists, even soft-deleted): a second seed is then a no-op,
 * and this instance's DATA_DIR needs the demo art.
 */
export async function demoShopPresent(db: Pick<Executor, "select">): Promise<boolean> {
  const marker = await db.select({ id: products.id }).from(products).where(eq(products.id, DEMO_MARKER_PRODUCT_ID)).limit(1);
  return marker.length > 0;
}
