/**
 * Runs before the server starts (npm start, e2e, bench): checks every setting, reaches the database, applies
 * pending migrations and seeds an empty database with the demo shop. Any problem is one clear line and exit 1.
 */
import path from "node:path";
import { openScriptDatabase, runScript, scriptSettings } from "./script-bootstrap";

runScript("vitrina", async () => {
  const s = scriptSettings();
  const handle = await openScriptDatabase(s);
  const { seedDatabase, isDatabaseEmpty } = await import("../src/server/db/seed");
  if (process.env.VITRINA_SKIP_SEED !== "true" && (await isDatabaseEmpty(handle.db))) {
    await seedDatabase(handle.db, {
      uploadsDir: path.resolve(s.DATA_DIR, "uploads"),
      currency: s.CURRENCY,
      storeName: s.STORE_NAME,
      storeEmail: s.STORE_EMAIL,
    });
    console.log(`vitrina: demo shop created (${handle.kind === "pglite" ? `embedded database in ${path.resolve(s.DATA_DIR)}` : "PostgreSQL"})`);
  }
  // ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_NAME) create or promote an administrator at start-up.
  const { bootstrapAdminFromEnv } = await import("../src/features/accounts/bootstrap-admin");
  const admin = await bootstrapAdminFromEnv(handle.db);
  if (admin) console.log(`vitrina: admin account ${admin.outcome}`);
  await handle.close();
});
