import { getAuth } from "@/features/accounts/auth";
import { jsonDepthExceeds, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, readLimitedText } from "@/server/http/body";
import { errorResponse } from "@/server/http/responses";
import { isCrossSiteRequest } from "@/server/http/same-origin";

// better-auth answers every /api/auth/* call; the instance is created on the first request, never at build time.
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return (await getAuth()).handler(request);
}

/**
 * better-auth reads the whole body itself, without a cap: it gets a copy read within the shared limits
 * (src/server/http/body.ts), so an oversized body is a 413 and a deeply nested one a 400 before any of its code runs.
 */
export async function POST(request: Request) {
  // Also checked by better-auth (trustedOrigins); refusing here first makes every cross-site post a 403 whatever its
  // content type, before the body is read.
  if (isCrossSiteRequest(request)) return errorResponse(403, "cross_origin", "Cross-site request refused.");
  const text = await readLimitedText(request, MAX_JSON_BODY_BYTES);
  if (text === null) return errorResponse(413, "payload_too_large", `The request body may be at most ${MAX_JSON_BODY_BYTES} bytes.`);
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return errorResponse(400, "too_deep", `The request body nests more than ${MAX_JSON_DEPTH} levels.`);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const bounded = new Request(request.url, { method: "POST", headers, body: text === "" ? undefined : text });
  return (await getAuth()).handler(bounded);
}
