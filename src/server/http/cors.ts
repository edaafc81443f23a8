import { settings } from "@/server/env";

/**
 * CORS for the public read API. Commerce clients send `Content-Type: application/json` even on GETs, so browsers
 * preflight every call: OPTIONS must answer with the allowed origin, methods and that header.
 * CORS_ALLOWED_ORIGINS is "*" (any origin, the default) or a comma-separated list of origins.
 */
export function allowedOrigin(requestOrigin: string | null, configured = settings().CORS_ALLOWED_ORIGINS): string | null {
  const list = configured
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  if (list.includes("*")) return "*";
  if (requestOrigin && list.includes(requestOrigin)) return requestOrigin;
  return null;
}

export function corsHeaders(request: Request, methods = "GET, OPTIONS"): Headers {
  const headers = new Headers();
  const origin = allowedOrigin(request.headers.get("origin"));
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", methods);
    headers.set("Access-Control-Allow-Headers", "Content-Type");
    headers.set("Access-Control-Max-Age", "86400");
  }
  // The answer differs per Origin when a list is configured; shared caches must key on it.
  if (origin !== "*") headers.set("Vary", "Origin");
  return headers;
}

/** The answer to an OPTIONS preflight: 204 with the CORS headers (none when the origin is not allowed). */
export function preflightResponse(request: Request, methods = "GET, OPTIONS"): Response {
  return new Response(null, { status: 204, headers: corsHeaders(request, methods) });
}
