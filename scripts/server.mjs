#!/usr/bin/env node
// The production web server (started by scripts/start.mjs): Next.js behind the front cache of public answers.
// A custom server rather than `next start` only so that cache can sit in front of Next in the same process, where
// the app can reach it to drop entries when data changes (docs/decisions/0009-front-cache.md).
import "./forwarded-for-guard.mjs";
import http from "node:http";
import path from "node:path";
import next from "next";
import { FRONT_CACHE_KEY, createFrontCache } from "./front-cache.mjs";
import { createHostGuard } from "./host-guard.mjs";
import { secureResponseHeaders } from "./response-headers.mjs";
import { guardServerAction } from "./server-action-guard.mjs";
import { serverLog } from "./server-log.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dev: false, dir: root, port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

// Validated with every other setting by the preflight (src/server/env.ts): "false", "0", "no" or "" turn it off.
const frontCache = process.env.FRONT_CACHE !== undefined && /^(false|0|no|)$/.test(process.env.FRONT_CACHE) ? null : createFrontCache();
if (frontCache) globalThis[FRONT_CACHE_KEY] = frontCache;

const https = /^https:\/\//.test(process.env.BASE_URL ?? "");
const hostIsServed = createHostGuard();

// Every request passes here first: security headers on whatever answers it, only hosts the shop serves (BASE_URL
// unset), server-action bodies within limits.
const server = http.createServer((req, res) => {
  secureResponseHeaders(res, { https });
  if (!hostIsServed(req, res)) return;
  const answered = guardServerAction(req, res, (request) => (frontCache ? frontCache.serve(request, res, handle) : handle(request, res)));
  Promise.resolve(answered).catch((error) => {
    serverLog("error", "request failed", { error: String(error?.stack ?? error) });
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end();
  });
});
// Longer than the idle timeouts of common load balancers, so they never reuse a connection Node just closed.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("error", (error) => {
  // Most often the port is taken: say so and stop, rather than live on without listening.
  console.error(`vitrina: cannot serve on port ${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(`vitrina: ready on http://${hostname ?? "localhost"}:${port}${frontCache ? "" : " (front cache off)"}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Idle keep-alive connections would hold close() open; in-flight requests get a few seconds to finish.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
