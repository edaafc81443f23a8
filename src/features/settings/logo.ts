import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Db } from "@/server/db/client";
import type { AdminActor } from "@/server/audit";
import { keyFromUploadUrl, type ObjectStorage } from "@/server/storage";
import { log } from "@/server/log";
import { SettingsError } from "./errors";
import { setStoreLogo, type SettingsDependencies } from "./service";
import { shopSettings } from "./queries";

/** A logo is small: the screen's action carries it (server actions take up to 1 MB). */
export const MAX_LOGO_BYTES = 512 * 1024;
/** Tall enough for a sharp header and a printed invoice, small enough for every email. */
const MAX_SIDE = 512;

/**
 * Stores the store's logo (docs/product.md#settings): decoded and re-encoded to PNG — the one format the header, email
 * clients and the invoice PDF (pdfkit reads PNG and JPEG only) all show — at most 512 px per side, metadata dropped.
 * Kept as settings/<random>.png in the shop's storage (DATA_DIR/uploads or a bucket), served by /uploads like product
 * images; the logo it replaces is removed after the save.
 */
export async function storeLogo(db: Db, actor: AdminActor, bytes: Uint8Array, store: ObjectStorage, deps: SettingsDependencies): Promise<string> {
  if (bytes.byteLength === 0) throw new SettingsError("logoType", {}, undefined, { field: "logo" });
  if (bytes.byteLength > MAX_LOGO_BYTES) throw new SettingsError("logoTooLarge", { max: MAX_LOGO_BYTES / 1024 }, undefined, { field: "logo" });
  let png: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 25_000_000, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !["png", "jpeg", "webp", "gif", "svg"].includes(format)) throw new Error(`format ${format}`);
    png = await image.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw new SettingsError("logoType", {}, undefined, { field: "logo" });
  }
  const previous = (await shopSettings(db)).store.logoUrl;
  const key = `settings/${randomBytes(16).toString("hex")}.png`;
  await store.put(key, png, "image/png");
  const url = `/uploads/${key}`;
  await setStoreLogo(db, actor, url, deps);
  await removeLogoFile(store, previous);
  return url;
}

/** Takes the logo off the store (the header shows the name again); its file goes too. */
export async function removeLogo(db: Db, actor: AdminActor, store: ObjectStorage, deps: SettingsDependencies) {
  const previous = (await shopSettings(db)).store.logoUrl;
  await setStoreLogo(db, actor, null, deps);
  await removeLogoFile(store, previous);
}

async function removeLogoFile(store: ObjectStorage, url: string | null) {
  const key = url ? keyFromUploadUrl(url) : null;
  if (!key) return;
  // Emails already sent may still point at it; a missing logo there is the lesser harm than keeping every upload.
  await store.delete(key).catch((error) => log.warn("settings.logo_not_removed", { key, error: String(error) }));
}

/** The logo's bytes for a document that embeds it (the invoice PDF), or none when it is gone. */
export async function logoBytes(store: ObjectStorage, url: string | null): Promise<Buffer | null> {
  const key = url ? keyFromUploadUrl(url) : null;
  if (!key) return null;
  try {
    const found = await store.get(key);
    return found ? Buffer.from(found.body) : null;
  } catch (error) {
    log.warn("settings.logo_unreadable", { key, error: String(error) });
    return null;
  }
}
