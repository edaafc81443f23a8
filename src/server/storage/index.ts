import path from "node:path";
import { settings } from "@/server/env";
import { localStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { s3Storage } from "./s3-storage";

export type { ObjectStorage, StoredObject, ObjectListing } from "./object-storage";
export { keyFromUploadUrl, isSafeKey } from "./object-storage";

const made = new WeakMap<object, ObjectStorage>();

/** The provider STORAGE names (README's settings table): one per settings, so one per process in a server. */
export function storage(): ObjectStorage {
  const s = settings();
  const known = made.get(s);
  if (known) return known;
  const provider =
    s.STORAGE === "s3"
      ? s3Storage({
          bucket: s.S3_BUCKET!,
          region: s.S3_REGION,
          endpoint: s.S3_ENDPOINT,
          accessKeyId: s.S3_ACCESS_KEY_ID,
          secretAccessKey: s.S3_SECRET_ACCESS_KEY,
          forcePathStyle: s.S3_FORCE_PATH_STYLE,
          prefix: s.S3_PREFIX,
        })
      : localStorage(path.resolve(s.DATA_DIR, "uploads"));
  made.set(s, provider);
  return provider;
}
