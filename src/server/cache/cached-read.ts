import "server-only";
import { unstable_cache } from "next/cache";
import { isDatabaseOverriddenForTests } from "@/server/db/client";
import { cacheState } from "./shared-state";

/** A read is at most this old even if a writer forgets to invalidate. */
const REVALIDATE_SECONDS = 3600;

/**
 * A database read through Next's data cache, tagged for revalidateTag. The key also holds the cache generation,
 * which invalidations bump — including those announced by other instances (src/server/cache/invalidation.ts),
 * where revalidateTag cannot be called because no request is being handled.
 */
export function cachedRead<T>(keyParts: string[], tags: string[], read: () => Promise<T>): Promise<T> {
  // Tests inject their own database and run outside Next, where no data cache exists.
  if (isDatabaseOverriddenForTests()) return read();
  return unstable_cache(read, [`gen:${cacheState().generation}`, ...keyParts], { tags, revalidate: REVALIDATE_SECONDS })();
}
