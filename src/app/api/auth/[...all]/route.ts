import { getAuth } from "@/features/accounts/auth";
import { jsonDepthExceeds, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, readLimitedText } from "@/server/http/body";
import { databaseIsDown, databaseUnavailableResponse, explainServerError } from "@/server/http/database-unavailable";
import { errorResponse } from "@/server/http/responses";
import { configuredOrigin, requestOrigin } from "@/server/http/request-origin";
import { crossOriginResponse, isCrossSiteRequest } from "@/server/http/same-origin";

// better-auth answers every /api/auth/* call; the instance is created on the first request, never at build time.
export const dynamic = "force-dynamic";

/**
 * Without BASE_URL, better-auth takes the shop's address (its base URL, and so the one trusted origin) from each
 * request's URL; Next builds that URL from its own configured host, so the request is handed over under the origin
 * it really reached (src/server/http/request-origin.ts, docs/product.md#shop-address). A host the shop does not serve
 * is no such origin (decision 0340): the request keeps Next's URL, and its links name the local address, never that host.
 */
function atReachedOrigin(request: Request, init: { headers: Headers; body?: string }): Request {
  const url = new URL(request.url);
  const reached = configuredOrigin() ? null : requestOrigin(request.headers);
  const target = reached ? `${reached}${url.pathname}${url.search}` : request.url;
  return new Request(target, { method: request.method, headers: init.headers, body: init.body });
}

/** better-auth's answer; a database that cannot be reached is a 503 the dialog can name (docs/product.md#error-messages). */
async function answer(request: Request): Promise<Response> {
  let auth;
  try {
    auth = await getAuth();
  } catch (error) {
    if (await databaseIsDown()) return databaseUnavailableResponse();
    throw error;
  }
  return explainServerError(await auth.handler(request));
}

/**
 * The browser's session read (the header, better-auth's client) comes from the database: only the storefront API's
 * checkout and payment trust the signed cookie cache (decision 0260). Reading it renews that cookie as well.
 */
function fromDatabase(request: Request): Request {
  const url = new URL(request.url);
  if (!url.pathname.endsWith("/get-session")) return request;
  url.searchParams.set("disableCookieCache", "true");
  return new Request(url, request);
}

export async function GET(request: Request) {
  return answer(atReachedOrigin(fromDatabase(request), { headers: new Headers(request.headers) }));
}

/**
 * better-auth reads the whole body itself, without a cap: it gets a copy read within the shared limits
 * (src/server/http/body.ts), so an oversized body is a 413 and a deeply nested one a 400 before any of its code runs.
 */
export async function POST(request: Request) {
  // Also checked by better-auth (trustedOrigins); refusing here first makes every cross-site post a 403 whatever its
  // content type, before the body is read.
  if (isCrossSiteRequest(request)) return crossOriginResponse();
  const text = await readLimitedText(request, MAX_JSON_BODY_BYTES);
  if (text === null) return errorResponse(413, "payload_too_large", `The request body may be at most ${MAX_JSON_BODY_BYTES} bytes.`);
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return errorResponse(400, "too_deep", `The request body nests more than ${MAX_JSON_DEPTH} levels.`);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const bounded = atReachedOrigin(request, { headers, body: text === "" ? undefined : text });
  return answer(bounded);
}
