import { settings } from "@/server/env";
import { allowedOrigin } from "./cors";
import { HttpError } from "./responses";

/**
 * CSRF guard for our state-changing route handlers that act with the visitor's session cookie (checkout, the demo
 * payment forms, admin uploads). A page on another site can make the browser post a form (urlencoded, multipart or
 * text/plain, which need no CORS preflight) with the shop's cookies attached; the browser then marks the request with
 * its true Origin and `Sec-Fetch-Site`, which the other site cannot forge. Those requests are refused before anything
 * is read. Requests without either header come from non-browser clients, which hold no victim's cookies.
 *
 * Allowed: the shop's own origin (BASE_URL, or the Host the request reached) and origins listed in
 * CORS_ALLOWED_ORIGINS (never "*": a wildcard opens reads, not writes). better-auth's /api/auth/* has its own check
 * (trustedOrigins in src/features/accounts/auth.ts) and Next checks server actions' Origin against the Host.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (origin !== null && origin !== "null") return !isTrustedOrigin(origin, request);
  // No usable Origin (absent, or "null" from sandboxed frames and privacy redirects): trust the browser's own marker.
  if (fetchSite !== null) return fetchSite !== "same-origin" && fetchSite !== "none";
  return origin === "null";
}

function isTrustedOrigin(origin: string, request: Request): boolean {
  if (origin === new URL(settings().baseUrl).origin) return true;
  if (origin === new URL(request.url).origin) return true;
  const listed = allowedOrigin(origin);
  return listed !== null && listed !== "*";
}

/** Throws a 403 HttpError for a cross-site state-changing request (see isCrossSiteRequest). */
export function assertSameOrigin(request: Request, message = "Cross-site request refused."): void {
  if (isCrossSiteRequest(request)) throw new HttpError(403, "cross_origin", message);
}
