/**
 * Runs before the server starts (npm start, e2e, bench): checks every setting, reaches the database, applies
 * pending migrations and seeds an empty database with the demo shop — unless DEMO_DATA=false, or the owner removed
 * the demo data once (docs/product.md#a-clean-start). Any problem is one clear line and exit 1.
 */
import path from "node:path";
import type { Db } from "../src/server/db/client";
import { openScriptDatabase, runScript, scriptSettings } from "./script-bootstrap";

/**
 * A new shop starts with the legal templates as drafts (docs/product.md#legal-templates), filled in from its settings.
 * At the first start no setting has been saved yet, so they are the environment's initial values — what shopSettings()
 * answers then (src/features/settings/queries.ts, which a script cannot import: it is server-only).
 */
async function draftLegalPages(db: Db, s: ReturnType<typeof scriptSettings>) {
  const { createLegalTemplates } = await import("../src/features/content/legal-pages-service");
  const facts = {
    storeName: s.STORE_NAME,
    legalName: s.SELLER_NAME ?? s.STORE_NAME,
    taxId: s.SELLER_TAX_ID,
    address: s.SELLER_ADDRESS,
    email: s.STORE_EMAIL,
    returnWindowDays: s.RETURN_WINDOW_DAYS,
  };
  const created = await createLegalTemplates(db, facts);
  if (created > 0) console.log(`vitrina: ${created} legal pages drafted for review (/admin/pages)`);
}

runScript("vitrina", async () => {
  const s = scriptSettings();
  const handle = await openScriptDatabase(s);
  const { seedDatabase, isDatabaseEmpty, imageJobs } = await import("../src/features/demo-shop/seed");
  const { demoWasRemoved, demoShopPresent } = await import("../src/server/db/seed");
  const { renderImages } = await import("../src/server/db/seed/images");
  const uploadsDir = path.resolve(s.DATA_DIR, "uploads");
  const where = handle.kind === "pglite" ? `embedded database in ${path.resolve(s.DATA_DIR)}` : "PostgreSQL";
  const empty = await isDatabaseEmpty(handle.db);
  const wantDemo = s.DEMO_DATA && process.env.VITRINA_SKIP_SEED !== "true";
  if (empty && wantDemo && !(await demoWasRemoved(handle.db))) {
    await seedDatabase(handle.db, {
      uploadsDir,
      currency: s.CURRENCY,
      storeName: s.STORE_NAME,
      storeEmail: s.STORE_EMAIL,
      // Only what the operator set: unset, the demo keeps its own Spanish rate (4,95, free from 50,00).
      shipping: {
        flatRateCents: process.env.SHIPPING_FLAT_RATE_CENTS ? s.SHIPPING_FLAT_RATE_CENTS : undefined,
        freeAboveCents: process.env.FREE_SHIPPING_THRESHOLD_CENTS ? s.FREE_SHIPPING_THRESHOLD_CENTS : undefined,
      },
    });
    console.log(`vitrina: demo shop created (${where})`);
  } else if (await demoShopPresent(handle.db)) {
    // Another instance seeded the shared database: this one's DATA_DIR still needs the demo art (/uploads/demo/…),
    // made only where missing. Once the demo is removed nothing is drawn.
    await renderImages(path.join(uploadsDir, "demo"), imageJobs());
  } else if (empty) {
    console.log(`vitrina: empty shop, no demo data (${where}); add products at /admin/products`);
  }
  // A new shop, with the demo or without, starts with the legal templates as drafts.
  if (empty) await draftLegalPages(handle.db, s);
  // ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_NAME) create or promote an administrator at start-up.
  const { bootstrapAdminFromEnv } = await import("../src/features/accounts/bootstrap-admin");
  const admin = await bootstrapAdminFromEnv(handle.db);
  if (admin) console.log(`vitrina: admin account ${admin.outcome}`);
  await handle.close();
});
