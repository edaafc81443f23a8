/**
 * `npm run db:seed`: applies pending migrations and writes the demo shop when it is not there yet.
 * Uses the same settings as the server (DATABASE_URL, or embedded PGlite under DATA_DIR). With DEMO_DATA=false it
 * writes nothing (docs/product.md#a-clean-start).
 */
import path from "node:path";
import { openScriptDatabase, runScript, scriptSettings } from "./script-bootstrap";
import { seedDatabase } from "../src/features/demo-shop/seed";

runScript(
  "db:seed",
  async () => {
    const s = scriptSettings();
    const dataDir = path.resolve(s.DATA_DIR);
    const started = Date.now();
    const handle = await openScriptDatabase(s);
    try {
      if (!s.DEMO_DATA) {
        console.log("DEMO_DATA=false: database migrated, no demo shop written.");
        return;
      }
      const { created } = await seedDatabase(handle.db, {
        uploadsDir: path.join(dataDir, "uploads"),
        currency: s.CURRENCY,
        storeName: s.STORE_NAME,
        storeEmail: s.STORE_EMAIL,
      });
      const where = handle.kind === "postgres" ? "PostgreSQL" : `the embedded database in ${dataDir}`;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        created
          ? `Demo shop seeded into ${where} in ${seconds} s.`
          : `Demo shop already present in ${where}; nothing changed (images checked in ${seconds} s).`,
      );
    } finally {
      await handle.close();
    }
  },
  (message) => `seeding failed: ${message}`,
);
