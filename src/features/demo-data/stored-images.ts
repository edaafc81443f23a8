import path from "node:path";
import type { Db } from "@/server/db/client";
import { settings } from "@/server/env";
import { log } from "@/server/log";
import { storage } from "@/server/storage";
import { localStorage } from "@/server/storage/local-storage";
import { demoArtInUse } from "@/features/catalog/clean-start";
import { removeUnreferencedUploads } from "@/features/catalog/upload-cleanup";

/**
 * After a removal committed (docs/product.md#a-clean-start): uploads the removed rows showed and nothing else shows
 * any more are deleted from the configured storage, and the demo's pictures (rendered into this instance's
 * DATA_DIR/uploads/demo, served from there whatever STORAGE says) are deleted unless something kept still shows one.
 * A file left behind wastes space only, so a failure is logged and the removal still counts as done.
 */
export async function deleteRemovedImages(db: Db, imageUrls: readonly string[]): Promise<number> {
  let deleted = 0;
  try {
    deleted += (await removeUnreferencedUploads(db, storage(), { candidates: imageUrls.filter((url) => !url.startsWith("/uploads/demo/")) })).length;
    const kept = await demoArtInUse(db);
    const demoArt = localStorage(path.resolve(settings().DATA_DIR, "uploads"));
    const keys: string[] = [];
    for await (const item of demoArt.list("demo/")) if (!kept.has(`/uploads/${item.key}`)) keys.push(item.key);
    for (const key of keys) await demoArt.delete(key);
    deleted += keys.length;
  } catch (error) {
    log.warn("demo_data.images_not_deleted", { error: String(error) });
  }
  return deleted;
}
