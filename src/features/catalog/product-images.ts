import { randomBytes } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import type { Db } from "@/server/db/client";
import type { ObjectStorage } from "@/server/storage";
import { writeAudit, type AdminActor } from "@/server/audit";
import { CatalogError } from "./errors";
import { MAX_IMAGE_BYTES } from "./product-admin-schemas";

/** Longest side of a stored product image: enough for the zoomed gallery, small enough for phones. */
const MAX_SIDE = 1600;

export type ImageKind = "png" | "jpeg" | "webp" | "gif" | "avif";

/**
 * The image type told by the file's first bytes. The name and the browser's Content-Type are whatever the sender
 * wants them to be; only these signatures are accepted.
 */
export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  // ISO-BMFF: a box size, then 'ftyp' and the AVIF brand (still image or sequence).
  if (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"))) return "avif";
  return null;
}

export type StoredImage = { url: string; width: number; height: number; bytes: number };

/**
 * Stores an uploaded product image: refuses anything over 8 MB or not a png/jpeg/webp/gif/avif by its bytes,
 * decodes and re-encodes it to WebP (at most 1600 px per side, EXIF orientation applied, metadata dropped — so no
 * payload the sender smuggled in the file survives), and stores it as products/<random>.webp in the configured storage
 * (DATA_DIR/uploads or a bucket). The /uploads route serves it; if no product takes it within a day, the orphan
 * sweep (upload-cleanup.ts) removes it.
 */
export async function storeProductImage(db: Db, actor: AdminActor, bytes: Uint8Array, store: ObjectStorage): Promise<StoredImage> {
  if (bytes.byteLength === 0) throw new CatalogError("imageMissing");
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new CatalogError("imageTooLarge", { max: MAX_IMAGE_BYTES / 1024 / 1024 });
  if (!sniffImageType(bytes)) throw new CatalogError("imageType");
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A valid signature in front of garbage, a truncated file, a decompression bomb: all the same to the admin.
    throw new CatalogError("imageUnreadable");
  }
  const name = `${randomBytes(16).toString("hex")}.webp`;
  await store.put(`products/${name}`, output.data, "image/webp");
  const stored = { url: `/uploads/products/${name}`, width: output.info.width, height: output.info.height, bytes: output.data.byteLength };
  await writeAudit(db, actor, { action: "upload", entity: "product_image", entityId: stored.url, after: stored });
  return stored;
}
