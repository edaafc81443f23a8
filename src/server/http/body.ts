import { jsonDepthExceeds } from "./json-depth.mjs";
import { HttpError } from "./responses";

/**
 * Bounded body reading for our route handlers. Next does not cap route-handler bodies, so without this a single
 * request could make the server buffer gigabytes, and a JSON document nested 100,000 levels deep could exhaust the
 * stack of whatever walks it (zod, better-auth, our own code). Server actions have Next's own cap
 * (`serverActions.bodySizeLimit` in next.config.ts).
 */

/** Larger than any real checkout (≤ 100 lines), sign-up or form post; small enough that buffering it is harmless. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** Our bodies nest 3 levels ({items: [{…}]}); 32 leaves room for any client while stopping stack-exhaustion payloads. */
export const MAX_JSON_DEPTH = 32;

export function payloadTooLarge(limit: number): HttpError {
  return new HttpError(413, "payload_too_large", `The request body may be at most ${limit} bytes.`);
}

/** Reads at most `limit` bytes of a body; null when it is longer (the stream is cancelled, not drained). */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** readLimitedBytes as UTF-8 text. */
export async function readLimitedText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readLimitedBytes(request, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

export { jsonDepthExceeds };

/** The text of a body that must fit `maxBytes`: a 413 HttpError when it does not. */
export async function readBoundedText(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<string> {
  const text = await readLimitedText(request, maxBytes);
  if (text === null) throw payloadTooLarge(maxBytes);
  return text;
}

/** A JSON body within the byte and depth caps: 413 when too large, 400 when too deep or not JSON. */
export async function readJsonBody(request: Request, limits: { maxBytes?: number; maxDepth?: number } = {}): Promise<unknown> {
  const text = await readBoundedText(request, limits.maxBytes ?? MAX_JSON_BODY_BYTES);
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  if (jsonDepthExceeds(text, maxDepth)) {
    throw new HttpError(400, "too_deep", `The request body nests more than ${maxDepth} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "invalid_json", "The request body is not valid JSON.");
  }
}
