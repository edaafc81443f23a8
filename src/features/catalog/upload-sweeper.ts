import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import type { ObjectStorage } from "@/server/storage";
import { removeUnreferencedUploads } from "./upload-cleanup";

type GlobalWithSweeper = typeof globalThis & { __vitrinaUploadSweeper?: ReturnType<typeof setInterval> };

/**
 * Removes uploads no product took within a day, once an hour, in the running server — like the reservation sweeper.
 * Several instances sweeping at once is harmless: deleting a missing object is not an error. Idempotent; the timer
 * never keeps the process alive.
 */
export function startUploadSweeper(getDb: () => Promise<Db>, getStorage: () => ObjectStorage, intervalMs = 60 * 60_000) {
  const holder = globalThis as GlobalWithSweeper;
  if (holder.__vitrinaUploadSweeper) return;
  const timer = setInterval(() => {
    getDb()
      .then((db) => removeUnreferencedUploads(db, getStorage()))
      .then((keys) => {
        if (keys.length) log.info("Removed abandoned uploads", { count: keys.length });
      })
      .catch((error) => log.error("Upload sweep failed", { error }));
  }, intervalMs);
  timer.unref?.();
  holder.__vitrinaUploadSweeper = timer;
}
