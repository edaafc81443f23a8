import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { settings } from "@/server/env";

/**
 * Serves uploaded and demo images from DATA_DIR/uploads (they live outside `public/` so they survive rebuilds and
 * can be written at run time). Only raster images are served: SVG could carry scripts, and anything else in the
 * folder is none of the browser's business.
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

// Demo file names carry an art version, so a changed drawing gets a new URL and old ones can be cached forever.
const IMMUTABLE = "public, max-age=31536000, immutable";
// Admin uploads may be replaced under the same name: cache briefly and revalidate with the ETag.
const REVALIDATE = "public, max-age=3600, must-revalidate";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

type Context = { params: Promise<{ path: string[] }> };

async function resolveFile(segments: string[]): Promise<{ file: string; size: number; mtimeMs: number; relative: string } | null> {
  // Reject anything that is not a plain file name per segment before touching the disk.
  if (segments.length === 0 || segments.some((s) => s === "" || s === "." || s === ".." || s.startsWith(".") || /[\\/\0]/.test(s))) {
    return null;
  }
  const contentType = contentTypes[path.extname(segments[segments.length - 1]).toLowerCase()];
  if (!contentType) return null;
  const root = path.resolve(settings().DATA_DIR, "uploads");
  const candidate = path.resolve(root, ...segments);
  if (!candidate.startsWith(root + path.sep)) return null;
  try {
    // Symlinks must not lead outside the uploads folder either.
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!realFile.startsWith(realRoot + path.sep)) return null;
    const info = await stat(realFile);
    if (!info.isFile()) return null;
    return { file: realFile, size: info.size, mtimeMs: info.mtimeMs, relative: segments.join("/") };
  } catch {
    return null;
  }
}

async function serve(request: Request, context: Context, withBody: boolean): Promise<Response> {
  const { path: segments } = await context.params;
  const found = await resolveFile(segments.map((s) => decodeURIComponentSafe(s)));
  if (!found) return notFound();
  const etag = `"${found.size.toString(36)}-${Math.floor(found.mtimeMs).toString(36)}"`;
  const headers = new Headers({
    "Content-Type": contentTypes[path.extname(found.file).toLowerCase()],
    "Cache-Control": found.relative.startsWith("demo/") ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    "Last-Modified": new Date(found.mtimeMs).toUTCString(),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(found.size));
  if (!withBody) return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
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
