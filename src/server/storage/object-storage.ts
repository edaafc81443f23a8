/**
 * Where uploaded files live. Keys are slash-separated paths below the uploads root ("products/ab12….webp",
 * "demo/mug-v2.webp"); the /uploads route serves `/uploads/<key>` from whichever provider is configured, so image
 * URLs stay the same whether files sit in DATA_DIR/uploads or in an S3-compatible bucket (docs/operations.md).
 */
export type StoredObject = { body: Uint8Array; size: number; lastModified: Date; etag: string };

export type ObjectListing = { key: string; lastModified: Date };

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<ObjectListing>;
}

/** A key is plain path segments: no empty, dot or hidden segment, no backslash or NUL. */
export function isSafeKey(key: string): boolean {
  const segments = key.split("/");
  return segments.length > 0 && segments.every((s) => s !== "" && !s.startsWith(".") && !/[\\\0]/.test(s));
}

/** The storage key behind an `/uploads/…` URL, or null for any other URL (external images, /images/…). */
export function keyFromUploadUrl(url: string): string | null {
  if (!url.startsWith("/uploads/")) return null;
  const key = url.slice("/uploads/".length).split(/[?#]/)[0];
  return isSafeKey(key) ? key : null;
}
