// How scripts/start.mjs starts the web server process, memory-wise (docs/operations.md#memory,
// docs/decisions/0150-server-memory-bounds.md). Two defaults, each left alone when the operator sets their own:
//
// - V8's old generation is capped at a quarter of the memory the process may use (shared out between the
//   SERVER_PROCESSES web server processes), at most 1 GB. Node's own default is
//   that quarter with no 1 GB ceiling (4 GB on a large host), and V8 lets a heap grow to 4× its live data once its cap
//   is 2 GB or more (1.3× to 2× below): a server whose live data is ~150 MB then keeps 300–600 MB of garbage between
//   full collections, and RSS climbs for a long while. At a 1 GB cap the factor is at most 1.6.
// - V8's young generation gets semi-spaces of a sixteenth of that cap, 16–64 MB (Node's default is 16 MB). A render
//   makes a few MB of short-lived objects; with 16 MB semi-spaces they were scavenged every few renders and much
//   of each render's garbage was copied once before it died. At 64 MB a full render cost 8–15% less CPU, for
//   ~100 MB more RSS (docs/decisions/0320-young-generation-size.md); a small container keeps the default.
// - glibc's malloc keeps at most 2 arenas instead of 8 per core. Every thread that allocates (libuv's pool, libvips'
//   workers, V8's helpers) otherwise gets an arena of its own, and freed image buffers stay behind in each as
//   fragmented, unreturned pages. Other C libraries ignore the variable.
import os from "node:os";

const MB = 1024 * 1024;
export const HEAP_CEILING_MB = 1024;
const HEAP_FLOOR_MB = 256;
const SEMI_SPACE_MB = { min: 16, max: 64 };

/** The memory this process may use: the container's limit when there is one, else the machine's. */
function availableBytes() {
  const total = os.totalmem();
  const constrained = typeof process.constrainedMemory === "function" ? process.constrainedMemory() : 0;
  return constrained > 0 && constrained < total ? constrained : total;
}

/**
 * Node flags and environment for the server process: `execArgv` goes before the script, `env` replaces the child's
 * environment. `available` (bytes) is for tests.
 */
export function serverMemorySettings(env, available = availableBytes()) {
  const execArgv = [];
  const operatorSet = (flag) => new RegExp(`(?:^|\\s)--${flag}(?:=|\\s)`).test(env.NODE_OPTIONS ?? "");
  const processes = Math.max(1, Math.floor(Number(env.SERVER_PROCESSES)) || 1);
  const quarter = Math.floor(available / 4 / processes / MB);
  // An operator's own heap cap also sizes the young generation: a 4 GB heap they chose gets 64 MB semi-spaces, a
  // 256 MB one Node's 16 MB, whatever the host's memory alone would give.
  const operatorHeapMb = Number((env.NODE_OPTIONS ?? "").match(/(?:^|\s)--max-old-space-size[=\s]+(\d+)/)?.[1]) || null;
  const heapMb = operatorHeapMb ?? Math.min(HEAP_CEILING_MB, Math.max(HEAP_FLOOR_MB, quarter));
  if (!operatorSet("max-old-space-size")) execArgv.push(`--max-old-space-size=${heapMb}`);
  if (!operatorSet("max-semi-space-size")) {
    execArgv.push(`--max-semi-space-size=${Math.min(SEMI_SPACE_MB.max, Math.max(SEMI_SPACE_MB.min, Math.floor(heapMb / 16)))}`);
  }
  return { execArgv, env: { MALLOC_ARENA_MAX: "2", ...env } };
}
