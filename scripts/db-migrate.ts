/** `npm run db:migrate`: applies pending migrations to the configured database (embedded or PostgreSQL). */
import { openScriptDatabase, runScript } from "./script-bootstrap";

runScript(
  "vitrina",
  async () => {
    const handle = await openScriptDatabase();
    await handle.close();
    console.log(`vitrina: migrations applied (${handle.kind})`);
  },
  (message) => `migration failed: ${message}`,
);
