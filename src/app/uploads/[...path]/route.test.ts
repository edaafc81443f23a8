import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSettingsForTests } from "@/server/env";
import { GET, HEAD } from "./route";

const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-uploads-route-"));
const outside = mkdtempSync(path.join(tmpdir(), "vitrina-uploads-outside-"));
const webp = Buffer.from("RIFF\0\0\0\0WEBPVP8 fake image bytes");
const previous = { DATA_DIR: process.env.DATA_DIR, BASE_URL: process.env.BASE_URL };

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  // Vite exposes its own BASE_URL ("/") in process.env, which is not a valid shop URL.
  delete process.env.BASE_URL;
  resetSettingsForTests();
  mkdirSync(path.join(dataDir, "uploads", "demo"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", "demo", "bag.v1.webp"), webp);
  writeFileSync(path.join(dataDir, "uploads", "photo.JPG"), webp);
  writeFileSync(path.join(dataDir, "uploads", "logo.svg"), "<svg onload=alert(1)></svg>");
  writeFileSync(path.join(dataDir, "uploads", "notes.txt"), "secret");
  writeFileSync(path.join(dataDir, "secret.webp"), webp);
  writeFileSync(path.join(outside, "leak.webp"), webp);
  symlinkSync(path.join(outside, "leak.webp"), path.join(dataDir, "uploads", "link.webp"));
});

afterAll(() => {
  for (const [key, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetSettingsForTests();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const get = (segments: string[], headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/uploads/${segments.join("/")}`, { headers }), { params: Promise.resolve({ path: segments }) });

describe("GET /uploads/[...path]", () => {
  it("serves a demo image with its type and a year-long immutable cache", async () => {
    const response = await get(["demo", "bag.v1.webp"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(webp);
  });

  it("serves other uploads with a short, revalidated cache and answers 304 to a matching ETag", async () => {
    const response = await get(["photo.JPG"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).not.toContain("immutable");
    const again = await get(["photo.JPG"], { "if-none-match": response.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("answers HEAD without a body", async () => {
    const response = await HEAD(new Request("http://localhost/uploads/demo/bag.v1.webp", { method: "HEAD" }), {
      params: Promise.resolve({ path: ["demo", "bag.v1.webp"] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(webp.length));
    expect(response.body).toBeNull();
  });

  it.each([
    [["missing.webp"]],
    [["..", "secret.webp"]],
    [["demo", "..", "..", "secret.webp"]],
    [["%2e%2e", "secret.webp"]],
    [["demo/../../secret.webp"]],
    [["link.webp"]],
    [["logo.svg"]],
    [["notes.txt"]],
    [[".hidden.webp"]],
    [["demo"]],
  ])("refuses %j with a 404", async (segments) => {
    const response = await get(segments);
    expect(response.status).toBe(404);
  });
});
