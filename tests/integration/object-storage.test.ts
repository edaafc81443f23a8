import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProductImage } from "../../src/features/catalog/product-images";
import { createProduct, softDeleteProduct, updateProduct, loadProductForAdmin } from "../../src/features/catalog/product-admin-service";
import { removeUnreferencedUploads } from "../../src/features/catalog/upload-cleanup";
import type { ObjectStorage } from "../../src/server/storage";
import { localStorage } from "../../src/server/storage/local-storage";
import { s3Storage } from "../../src/server/storage/s3-storage";
import { startLocalS3, type LocalS3 } from "../helpers/local-s3";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../helpers/test-database";

/*
 * The storage providers behind one interface (src/server/storage): the same cases run on DATA_DIR/uploads and on an
 * S3-compatible server (s3rver on 127.0.0.1, started here), and on each test database.
 */

const actor = { userId: "usr_admin", email: "admin@example.com" };
let s3: LocalS3;
let folder = "";
const providers: Record<"local" | "s3", () => ObjectStorage> = {
  local: () => localStorage(path.join(folder, "uploads")),
  s3: () =>
    s3Storage({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix: "shop-a",
    }),
};

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "vitrina-storage-test-"));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } }).png().toBuffer();

async function keys(store: ObjectStorage, prefix = "") {
  const found: string[] = [];
  for await (const item of store.list(prefix)) found.push(item.key);
  return found.sort();
}

/** Makes an object look a day and a minute old, as the orphan sweep sees it. */
async function ageObject(kind: "local" | "s3", store: ObjectStorage, key: string): Promise<Date> {
  if (kind === "local") {
    const old = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    utimesSync(path.join(folder, "uploads", ...key.split("/")), old, old);
    return new Date(Date.now() - 24 * 60 * 60 * 1000);
  }
  // s3rver stamps objects with the time they were written and keeps no way to change it: sweep with a cutoff after it.
  for await (const item of store.list(key)) if (item.key === key) return new Date(item.lastModified.getTime() + 1000);
  throw new Error(`${key} is not stored`);
}

describe.each(["local", "s3"] as const)("%s storage", (kind) => {
  it("puts, gets, lists and deletes objects; a missing key is null, an unsafe key is refused", async () => {
    const store = providers[kind]();
    const body = new TextEncoder().encode("hello image");
    await store.put("products/one.webp", body, "image/webp");
    await store.put("products/two.webp", body, "image/webp");
    const got = await store.get("products/one.webp");
    expect(got && Buffer.from(got.body).toString()).toBe("hello image");
    expect(got?.size).toBe(body.byteLength);
    expect(got?.etag).toMatch(/^".+"$/);
    expect(await keys(store, "products/")).toEqual(["products/one.webp", "products/two.webp"]);
    await store.delete("products/one.webp");
    await store.delete("products/never-there.webp");
    expect(await store.get("products/one.webp")).toBeNull();
    expect(await store.get("../secret.webp")).toBeNull();
    await expect(store.put("products/../../escape.webp", body, "image/webp")).rejects.toThrow(/unsafe key/);
    expect(await keys(store, "products/")).toEqual(["products/two.webp"]);
    await store.delete("products/two.webp");
  });

  describe.each(databaseKinds)("with %s", (dbKind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dbKind);
    });
    afterAll(async () => database?.close());

    it("stores an upload, removes a replaced image and a deleted product's images, and sweeps day-old orphans", async () => {
      const { db } = database;
      const store = providers[kind]();
      const first = await storeProductImage(db, actor, await png(), store);
      const second = await storeProductImage(db, actor, await png(), store);
      const orphan = await storeProductImage(db, actor, await png(), store);
      const fresh = await storeProductImage(db, actor, await png(), store);
      const key = (url: string) => url.replace(/^\/uploads\//, "");
      const stored = await store.get(key(first.url));
      expect(stored && (await sharp(stored.body).metadata()).format).toBe("webp");

      const input = {
        titleEn: "Lamp",
        titleEs: "Lámpara",
        images: [first.url],
        variants: [{ titleEn: "One", titleEs: "Una", sku: `LAMP-${kind}-${dbKind}`, priceCents: 2500, manageInventory: true, stock: 3 }],
      };
      const { id } = await createProduct(db, actor, input, "EUR");

      // Replacing the image: the old one goes as soon as nothing shows it, the new one stays.
      const form = await loadProductForAdmin(db, id, "EUR");
      await updateProduct(db, actor, id, { ...form!.input, images: [second.url] }, "EUR");
      expect(await removeUnreferencedUploads(db, store, { candidates: [first.url] })).toEqual([key(first.url)]);
      expect(await store.get(key(first.url))).toBeNull();
      expect(await store.get(key(second.url))).not.toBeNull();

      // A day-old upload nobody attached is swept; a fresh one and an attached one are not.
      const cutoff = await ageObject(kind, store, key(orphan.url));
      const swept = await removeUnreferencedUploads(db, store, { olderThan: cutoff });
      expect(swept).toContain(key(orphan.url));
      expect(swept).not.toContain(key(second.url));
      expect(await store.get(key(orphan.url))).toBeNull();
      if (kind === "local") expect(await store.get(key(fresh.url))).not.toBeNull();

      // Deleting the product releases its picture.
      await softDeleteProduct(db, actor, id);
      expect(await removeUnreferencedUploads(db, store, { candidates: [second.url] })).toEqual([key(second.url)]);
      expect(await store.get(key(second.url))).toBeNull();
      await store.delete(key(fresh.url));
    });
  });
});
