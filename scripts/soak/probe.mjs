// Preloaded into each soak instance (NODE_OPTIONS="--import …/probe.mjs", scripts/soak/instances.ts): every second
// the web server process (the one holding the front cache, scripts/server.mjs) writes its memory and the front
// cache's size to SOAK_PROBE_FILE. The wrapper and the tools it runs first have no front cache and write nothing.
// Memory is split the way a leak hunt needs it (docs/operations.md#soak): RSS, V8's heap, memory outside the heap
// held by JavaScript objects (Buffers), the process's anonymous (malloc'd, not file-backed) pages, and the memory
// libvips tracks (images being resized right now, plus its cache) once the image optimizer has loaded sharp.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const file = process.env.SOAK_PROBE_FILE;
const FRONT_CACHE_KEY = Symbol.for("vitrina.front-cache");
const require = createRequire(import.meta.url);

/** Anonymous resident memory (kB → bytes) from /proc/self/smaps_rollup; null where there is no such file. */
function anonymousBytes() {
  try {
    const match = /^Anonymous:\s+(\d+) kB/m.exec(readFileSync("/proc/self/smaps_rollup", "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** libvips' tracked memory, once something else has loaded sharp (the probe never loads it itself). */
function vipsBytes() {
  try {
    const resolved = require.resolve("sharp");
    const sharp = require.cache[resolved]?.exports;
    return sharp ? sharp.cache().memory.current * 1024 * 1024 : null;
  } catch {
    return null;
  }
}

if (file) {
  const timer = setInterval(() => {
    const cache = globalThis[FRONT_CACHE_KEY];
    if (!cache) return;
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const sample = {
      at: Date.now(),
      pid: process.pid,
      rss,
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
      anonymous: anonymousBytes(),
      vipsMemory: vipsBytes(),
      frontCache: cache.stats(),
    };
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(sample));
      renameSync(`${file}.tmp`, file);
    } catch {
      /* the soak's folder is gone: it is over */
    }
  }, 1000);
  timer.unref();
}
