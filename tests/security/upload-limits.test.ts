import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import "../helpers/auth-test-env";

// Settings read once, before anything imports them; uploads land in a folder of this test's own.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/vitrina-upload-limits-${process.pid}`;
  process.env.DATA_DIR = dir;
  process.env.STORAGE = "local";
  return dir;
});

import sharp from "sharp";
import { signUpWithSession } from "../helpers/auth-session";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setAdminFlag } from "@/features/accounts/service";
import { MAX_IMAGE_BYTES } from "@/features/catalog/product-admin-schemas";
import { POST as uploadImage } from "@/app/api/admin/product-images/route";
import { setDatabaseForTests } from "@/server/db/client";

/*
 * The admin image upload (src/app/api/admin/product-images/route.ts) reads its body through the shared guard
 * (readLimitedBytes, src/server/http/body.ts): a chunked body declares no length, so it is counted as it streams and
 * cancelled once past the limit, instead of being read in full (40 MB here) before the 413.
 */

const shop = "http://localhost:3000";
const boundary = "----vitrina-upload-test";
const CHUNK = 64 * 1024;

/** A multipart body with one `file` part of `size` bytes, produced only as it is read; what was read is counted. */
function streamedUpload(size: number, content?: Uint8Array) {
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const seen = { pulled: 0, cancelled: false, total: head.byteLength + size + tail.byteLength };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array;
      if (sent === 0) chunk = head;
      else if (sent < head.byteLength + size) {
        const offset = sent - head.byteLength;
        const length = Math.min(CHUNK, size - offset);
        chunk = content ? content.subarray(offset, offset + length) : new Uint8Array(length).fill(0x41);
      } else if (sent < seen.total) chunk = tail;
      else return controller.close();
      sent += chunk.byteLength;
      seen.pulled = sent;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

describeOnEachDatabase("admin image upload limits", (kind) => {
  let t: TestDatabase;
  let cookie = "";
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    const admin = await signUpWithSession(shop, { name: "Ada Admin", email: `ada.${kind}@example.com`, address: "203.0.113.40" });
    await setAdminFlag(t.db, admin.id, true);
    cookie = admin.cookie;
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A chunked upload as the admin's browser (or a script with their cookie) sends it: no Content-Length. */
  function upload(body: ReadableStream<Uint8Array>) {
    return uploadImage(
      new Request(`${shop}/api/admin/product-images?locale=en`, {
        method: "POST",
        headers: { cookie, origin: shop, "content-type": `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: "half",
      } as RequestInit),
    );
  }

  it("attack: oversized upload — a chunked upload with no Content-Length far over the limit is refused with 413 once past it, not read in full", async () => {
    const { body, seen } = streamedUpload(40 * 1024 * 1024);
    const response = await upload(body);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe("The image is too large (at most 8 MB).");
    // The source was cancelled a chunk or two past the limit (8 MB and room for the envelope), never drained.
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(seen.pulled).toBeLessThan(MAX_IMAGE_BYTES + 64 * 1024 + 3 * CHUNK);
    expect(seen.pulled).toBeLessThan(seen.total / 4);
  });

  it("a real image sent the same way, chunked with no Content-Length, is stored", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c08040" } }).png().toBuffer();
    const { body, seen } = streamedUpload(png.byteLength, new Uint8Array(png));
    const response = await upload(body);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { url: string }).url).toMatch(/^\/uploads\/products\/.+\.webp$/);
    expect(seen.pulled).toBe(seen.total);
  });
});
