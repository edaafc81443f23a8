import type { Db } from "@/server/db/client";
import { invalidateLocally } from "@/server/cache/invalidation";
import { log } from "@/server/log";
import { pollFacetIndex } from "./facet-index";

type GlobalWithWatcher = typeof globalThis & { __vitrinaFacetWatcher?: ReturnType<typeof setInterval> };

/** As long as a live-stock answer may be served from the front cache (scripts/front-cache.mjs). */
export const FACET_POLL_MS = 2_000;

/**
 * Keeps the filters honest after stock moves (docs/product.md#filters-and-sort): every couple of seconds it asks the
 * database which products' filter rows changed — a checkout took a variant's last unit, a cancel or a received
 * return gave units back, an admin edited a variant — and when some did, this instance's cached pages and listings
 * go, so "in stock" and every count show the change. Each instance polls for itself: nothing to announce. Its first
 * tick loads the index in the background. Idempotent; the timer never keeps the process alive.
 */
export function startFacetWatcher(getDb: () => Promise<Db>, intervalMs = FACET_POLL_MS) {
  const holder = globalThis as GlobalWithWatcher;
  if (holder.__vitrinaFacetWatcher) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    getDb()
      .then((db) => pollFacetIndex(db))
      .then((changed) => {
        if (changed) invalidateLocally();
      })
      .catch((error) => log.warn("facets.poll_failed", { error: String(error) }))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref?.();
  holder.__vitrinaFacetWatcher = timer;
}
