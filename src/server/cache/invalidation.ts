import "server-only";
import { sql } from "drizzle-orm";
import { revalidateTag } from "next/cache";
import { getDatabaseHandle, isDatabaseOverriddenForTests, type Db } from "@/server/db/client";
import { log } from "@/server/log";
import { cacheState, frontCache } from "./shared-state";

/**
 * Cache invalidation across every instance of the shop.
 *
 * Each instance caches in its own memory: Next's data cache (cachedRead) and the whole-response front cache. A save
 * expires both here at once, and on PostgreSQL it is announced with NOTIFY so every other instance listening
 * (startInvalidationListener) drops its copies too. The embedded database is single-instance by construction
 * (DATA_DIR is locked), so there is nobody to tell.
 */
export const INVALIDATION_CHANNEL = "vitrina_cache";

export type InvalidationScope = "all" | "stock";
type Announcement = { from: string; scope: InvalidationScope };

function applyLocally(scope: InvalidationScope) {
  if (scope === "all") cacheState().generation += 1;
  frontCache()?.invalidate(scope);
}

/** Tells every instance listening on this PostgreSQL database to drop its cached copies (this one has already). */
export async function announceInvalidation(db: Pick<Db, "execute">, scope: InvalidationScope) {
  const message: Announcement = { from: cacheState().instanceId, scope };
  await db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${JSON.stringify(message)})`);
}

async function announce(scope: InvalidationScope) {
  if (isDatabaseOverriddenForTests()) return;
  try {
    const handle = await getDatabaseHandle();
    if (handle.kind !== "postgres") return;
    await announceInvalidation(handle.db, scope);
  } catch (error) {
    // The save itself succeeded; other instances fall back to their cache lifetimes (docs/operations.md).
    log.warn("cache invalidation not announced", { error: String(error) });
  }
}

/** After a catalog or content save, inside the request that made it: expires the tags and every cached answer. */
export async function invalidateCaches(tags: string[]) {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  applyLocally("all");
  await announce("all");
}

/**
 * After stock changed (reservation, release): this instance's live-stock answers go, pages stay. Not announced —
 * one NOTIFY per checkout would cost more than it saves; other instances keep a stock answer 2 s at most
 * (scripts/front-cache.mjs). Safe outside a request.
 */
export function invalidateStock() {
  applyLocally("stock");
}

/**
 * Drops this instance's cached data and pages, without telling the others: for a change each instance notices by
 * itself (the filters' watcher polls the database). Safe outside a request.
 */
export function invalidateLocally() {
  applyLocally("all");
}

/** What an instance does with an announcement: its own are already applied. */
export function handleAnnouncement(payload: string | undefined) {
  try {
    const message = JSON.parse(payload ?? "") as Partial<Announcement>;
    if (message.from === cacheState().instanceId) return;
    applyLocally(message.scope === "stock" ? "stock" : "all");
  } catch {
    applyLocally("all");
  }
}
