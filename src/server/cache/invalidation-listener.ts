import "server-only";
import { log } from "@/server/log";
import { handleAnnouncement, INVALIDATION_CHANNEL } from "./invalidation";
import { cacheState, frontCache } from "./shared-state";

const RETRY_MS = 2_000;

/**
 * Listens on PostgreSQL for the cache invalidations other instances announce. One dedicated connection (LISTEN
 * cannot share a pooled one); when it drops — a PostgreSQL restart — it reconnects, and drops every cached copy
 * first, since announcements sent while it was away are lost.
 */
export function startInvalidationListener(databaseUrl: string): () => Promise<void> {
  let stopped = false;
  let connectedOnce = false;
  let client: import("pg").Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RETRY_MS);
    timer.unref();
  };

  async function connect() {
    const { Client } = await import("pg");
    const next = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (message.channel === INVALIDATION_CHANNEL) handleAnnouncement(message.payload);
    });
    next.on("error", (error) => {
      log.warn("cache.listener_lost", { error: error.message });
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      retry();
    });
    next.on("end", () => {
      if (client === next) client = undefined;
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
      if (stopped) return void (await next.end());
      client = next;
      if (connectedOnce) {
        cacheState().generation += 1;
        frontCache()?.invalidate("all");
      }
      connectedOnce = true;
    } catch (error) {
      log.warn("cache.listener_connect_failed", { error: String(error) });
      void next.end().catch(() => undefined);
      retry();
    }
  }
  void connect();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
