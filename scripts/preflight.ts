/**
 * Runs before the server starts (npm start, e2e, bench): checks every setting, reaches the database, applies
 * pending migrations and seeds an empty database with the demo shop. Any problem is one clear line and exit 1.
 */
import path from "node:path";
import { openScriptDatabase, runScript, scriptSettings } from "./script-bootstrap";

runScript("vitrina", async () => {
  const s = scriptSettings();
  const handle = await openScriptDatabase(s);
  const { seedDatabase, isDatabaseEmpty, imageJobs } = await import("../src/features/demo-shop/seed");
  const { renderImages } = await import("../src/server/db/seed/images");
  const uploadsDir = path.resolve(s.DATA_DIR, "uploads");
  const empty = await isDatabaseEmpty(handle.db);
  if (process.env.VITRINA_SKIP_SEED !== "true" && empty) {
    await seedDatabase(handle.db, {
      uploadsDir,
      currency: s.CURRENCY,
      storeName: s.STORE_NAME,
      storeEmail: s.STORE_EMAIL,
    });
    console.log(`vitrina: demo shop created (${handle.kind === "pglite" ? `embedded database in ${path.resolve(s.DATA_DIR)}` : "PostgreSQL"})`);
  } else if (!empty) {
    // Another instance seeded the shared database: this one's DATA_DIR still needs the demo art (/uploads/demo/…),
    // made only where missing.
    await renderImages(path.join(uploadsDir, "demo"), imageJobs());
  }
  // ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_NAME) create or promote an administrator at start-up.
  const { bootstrapAdminFromEnv } = await import("../src/features/accounts/bootstrap-admin");
  const admin = await bootstrapAdminFromEnv(handle.db);
  if (admin) console.log(`vitrina: admin account ${admin.outcome}`);
  await handle.close();
});
