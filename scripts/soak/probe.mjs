// Preloaded into each soak instance (NODE_OPTIONS="--import …/probe.mjs", scripts/soak/instances.ts): every second
// the web server process (the one holding the front cache, scripts/server.mjs) writes its RSS and the front cache's
// size to SOAK_PROBE_FILE. The wrapper and the tools it runs first have no front cache and write nothing.
import { renameSync, writeFileSync } from "node:fs";

const file = process.env.SOAK_PROBE_FILE;
const FRONT_CACHE_KEY = Symbol.for("vitrina.front-cache");

if (file) {
  const timer = setInterval(() => {
    const cache = globalThis[FRONT_CACHE_KEY];
    if (!cache) return;
    const { rss, heapUsed } = process.memoryUsage();
    const sample = { at: Date.now(), pid: process.pid, rss, heapUsed, frontCache: cache.stats() };
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(sample));
      renameSync(`${file}.tmp`, file);
    } catch {
      /* the soak's folder is gone: it is over */
    }
  }, 1000);
  timer.unref();
}
