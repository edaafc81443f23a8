/**
 * Process-wide cache state, kept on globalThis: Next evaluates server modules once per bundle (pages, route
 * handlers, instrumentation), and all of them must see one generation and one front cache.
 */
type FrontCache = { invalidate: (scope: "all" | "stock") => void };
type CacheState = { generation: number; instanceId: string };

const FRONT_CACHE_KEY = Symbol.for("vitrina.front-cache");
const STATE_KEY = Symbol.for("vitrina.cache-state");

type Holder = typeof globalThis & { [FRONT_CACHE_KEY]?: FrontCache; [STATE_KEY]?: CacheState };
const holder = globalThis as Holder;

export function cacheState(): CacheState {
  holder[STATE_KEY] ??= { generation: 0, instanceId: crypto.randomUUID() };
  return holder[STATE_KEY];
}

/** The whole-response cache of scripts/server.mjs, when this process runs behind it (not in tests or `next dev`). */
export function frontCache(): FrontCache | undefined {
  return holder[FRONT_CACHE_KEY];
}
