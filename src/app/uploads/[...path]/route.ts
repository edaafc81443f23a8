import path from "node:path";
import { settings } from "@/server/env";
import { isSafeKey, storage, type StoredObject } from "@/server/storage";
import { localStorage } from "@/server/storage/local-storage";

/**
 * Serves uploaded and demo images at stable /uploads/… URLs, whichever provider holds them (STORAGE=local: DATA_DIR/
 * uploads; STORAGE=s3: a bucket). Demo art is rendered by every instance into its own DATA_DIR at start-up, so it is
 * always read from disk. Only raster images are served: SVG could carry scripts, and anything else stored is none
 * of the browser's business.
 */
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const contentTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

// Demo file names carry an art version and product uploads a random name never reused (a replaced image gets a new
// name), so both can be cached forever.
const IMMUTABLE = "public, max-age=31536000, immutable";
// Anything else (files an operator put there by hand) may change under the same name: revalidate with the ETag.
const REVALIDATE = "public, max-age=3600, must-revalidate";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

type Context = { params: Promise<{ path: string[] }> };

async function find(segments: string[]): Promise<{ object: StoredObject; key: string } | null> {
  const key = segments.join("/");
  if (segments.length === 0 || segments.some((s) => s.includes("/")) || !isSafeKey(key)) return null;
  if (!contentTypes[path.extname(key).toLowerCase()]) return null;
  const provider = key.startsWith("demo/") ? localStorage(path.resolve(settings().DATA_DIR, "uploads")) : storage();
  const object = await provider.get(key);
  return object ? { object, key } : null;
}

async function serve(request: Request, context: Context, withBody: boolean): Promise<Response> {
  const { path: segments } = await context.params;
  const found = await find(segments.map((s) => decodeURIComponentSafe(s)));
  if (!found) return notFound();
  const { object, key } = found;
  const headers = new Headers({
    "Content-Type": contentTypes[path.extname(key).toLowerCase()],
    "Cache-Control": key.startsWith("demo/") || key.startsWith("products/") ? IMMUTABLE : REVALIDATE,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  if (request.headers.get("if-none-match") === object.etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  if (!withBody) return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(object.body), { status: 200, headers });
}

/** Next hands segments over already decoded; decoding again must not throw on a stray '%'. */
function decodeURIComponentSafe(segment: string): string {
  try {
    return segment.includes("%") ? decodeURIComponent(segment) : segment;
  } catch {
    return segment;
  }
}

export function GET(request: Request, context: Context) {
  return serve(request, context, true);
}

export function HEAD(request: Request, context: Context) {
  return serve(request, context, false);
}
