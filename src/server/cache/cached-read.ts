import "server-only";
import { isDatabaseOverriddenForTests } from "@/server/db/client";
import { cacheState } from "./shared-state";

/** A read is at most this old even if a writer forgets to invalidate. */
const REVALIDATE_MS = 3600 * 1000;
/** Bound of the cached reads' JSON text (characters) per process: searches and filter combinations make many keys. */
const MAX_CHARS = 8 * 1024 * 1024;

type Entry = { value: Promise<unknown>; expires: number; chars: number };
type Store = { generation: number; chars: number; entries: Map<string, Entry> };

// On globalThis: Next evaluates server modules once per bundle (pages, route handlers), and all must share one store.
const STORE_KEY = Symbol.for("vitrina.cached-reads");
const holder = globalThis as typeof globalThis & { [STORE_KEY]?: Store };

function store(): Store {
  const generation = cacheState().generation;
  const current = (holder[STORE_KEY] ??= { generation, chars: 0, entries: new Map() });
  // Any invalidation (a save here, one announced by another instance, the facet watcher) bumps the generation.
  if (current.generation !== generation) {
    current.generation = generation;
    current.chars = 0;
    current.entries.clear();
  }
  return current;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function evict(s: Store) {
  for (const [key, entry] of s.entries) {
    if (s.chars <= MAX_CHARS) break;
    s.entries.delete(key);
    s.chars -= entry.chars;
  }
}

/**
 * A database read cached in this process's memory, until the next invalidation (src/server/cache/invalidation.ts:
 * every save, on this instance and — announced over PostgreSQL — on every other one) or for an hour at most.
 *
 * Next's data cache (`unstable_cache`) did the same job but cost every call a key hash, a tag check and a JSON parse
 * of the stored answer (a listing page: 24 products), which a full render paid a dozen times (decision
 * 0210). Here a hit is a Map lookup. Every caller gets the same object, so it is the JSON form of the answer (what
 * the data cache gave: dates as ISO strings) and deep-frozen: a caller that changed it would change it for every
 * request, so trying throws instead. `tags` name what invalidates the read (revalidateTag for the router's cache).
 */
export function cachedRead<T>(keyParts: string[], _tags: string[], read: () => Promise<T>): Promise<T> {
  // Tests inject their own database and expect every read to reach it.
  if (isDatabaseOverriddenForTests()) return read();
  const s = store();
  const key = keyParts.join("\u0000");
  const now = Date.now();
  const hit = s.entries.get(key);
  if (hit && hit.expires > now) {
    // Least recently used first in the Map's order: eviction drops from the front.
    s.entries.delete(key);
    s.entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  if (hit) {
    s.entries.delete(key);
    s.chars -= hit.chars;
  }
  const generation = s.generation;
  const entry: Entry = { value: Promise.resolve(), expires: now + REVALIDATE_MS, chars: 0 };
  entry.value = read().then(
    (result) => {
      if (result === undefined) return result;
      const json = JSON.stringify(result);
      // Accounted once stored, and only if no invalidation came while reading (it would be stale already).
      if (s.generation === generation && s.entries.get(key) === entry) {
        entry.chars = json.length;
        s.chars += entry.chars;
        evict(s);
      }
      return deepFreeze(JSON.parse(json)) as T;
    },
    (error: unknown) => {
      // Errors are not cached: the next request tries again.
      if (s.entries.get(key) === entry) s.entries.delete(key);
      throw error;
    },
  );
  s.entries.set(key, entry);
  return entry.value as Promise<T>;
}
