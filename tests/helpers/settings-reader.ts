/*
 * Another instance of the shop, as far as the settings go (tests/integration/settings.test.ts): a process of its own on
 * the PostgreSQL database DATABASE_URL names, listening for cache invalidations as a running server does
 * (src/server/cache/invalidation-listener.ts). It reads shopSettings() on every line it gets on stdin and answers the
 * store name: what it answers changes only when an announcement drops its cached copy.
 */
import { createInterface } from "node:readline";
import { startInvalidationListener } from "@/server/cache/invalidation-listener";
import { shopSettings } from "@/features/settings/queries";

const stop = startInvalidationListener(process.env.DATABASE_URL!);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (line === "quit") {
    void stop().then(() => process.exit(0));
    return;
  }
  void shopSettings().then(
    (s) => process.stdout.write(`${JSON.stringify({ name: s.store.name, generation: line })}\n`),
    (error: unknown) => process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`),
  );
});
