import { allowedOrigin } from "./cors";
import { configuredOrigin, requestOrigin, warnRefusedOrigin } from "./request-origin";
import { HttpError, jsonResponse } from "./responses";

/**
 * CSRF guard for our state-changing route handlers that act with the visitor's session cookie (checkout, the demo
 * payment forms, admin uploads). A page on another site can make the browser post a form (urlencoded, multipart or
 * text/plain, which need no CORS preflight) with the shop's cookies attached; the browser then marks the request with
 * its true Origin and `Sec-Fetch-Site`, which the other site cannot forge. Those requests are refused before anything
 * is read. Requests without either header come from non-browser clients, which hold no victim's cookies.
 *
 * Allowed: the shop's own origin (BASE_URL when set, else the origin the request reached — see
 * src/server/http/request-origin.ts and docs/product.md#shop-address) and origins listed in
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
  const configured = configuredOrigin();
  if (origin === (configured ?? requestOrigin(request.headers))) return true;
  const listed = allowedOrigin(origin);
  if (listed !== null && listed !== "*") return true;
  if (configured) warnRefusedOrigin(origin, configured);
  return false;
}

/**
 * The message of a 403 for a cross-site request. With BASE_URL set it names the shop's address, so a person who
 * opened the shop at another address of the same machine learns where to open it (the dialog shows its translation).
 */
export function crossOriginMessage(): string {
  const configured = configuredOrigin();
  return configured
    ? `Cross-site request refused: this shop's address is ${configured} (the BASE_URL setting); open the shop there.`
    : "Cross-site request refused.";
}

/** The 403 answer `{ error: { code: "cross_origin", message, expectedOrigin? } }` (expectedOrigin when BASE_URL is set). */
export function crossOriginResponse(): Response {
  const configured = configuredOrigin();
  return jsonResponse(
    { error: { code: "cross_origin", message: crossOriginMessage(), ...(configured ? { expectedOrigin: configured } : {}) } },
    { status: 403 },
  );
}

/** Throws a 403 HttpError for a cross-site state-changing request (see isCrossSiteRequest). */
export function assertSameOrigin(request: Request, message?: string): void {
  if (!isCrossSiteRequest(request)) return;
  const configured = configuredOrigin();
  const text = message ? `${message}${configured ? ` This shop's address is ${configured} (the BASE_URL setting).` : ""}` : crossOriginMessage();
  throw new HttpError(403, "cross_origin", text);
}
