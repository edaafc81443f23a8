import { NextResponse, type NextRequest } from "next/server";
import createMiddleware from "next-intl/middleware";
import { catalogRedirect, isCatalogPage } from "./features/catalog/address-redirect";
import { routing } from "./i18n/routing";
import { settings } from "./server/env";
import { REQUEST_ID_HEADER, requestIdFrom } from "./server/log";
import { COMMON_SECURITY_HEADERS, hstsHeader, pageContentSecurityPolicy } from "./server/security/headers";

const handleLocaleRouting = createMiddleware(routing);
const FILE_PATH = /\.[^/]*$/;

function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Every page request: a fresh CSP nonce and a request id, then next-intl's locale routing.
 *
 * The nonce and the CSP go on the *request* too: Next reads the nonce back from the request's
 * Content-Security-Policy header while rendering and puts it on its own scripts. next-intl copies the request's
 * headers into the rewrite/next response it builds, so setting them before calling it is enough.
 */
export default function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  // Only a catalog address may need the database (an old address's 301, decision 0370); every other page is answered
  // at once.
  if (!isCatalogPage(request.nextUrl.pathname)) return answer(request, null);
  return catalogAddressRedirect(request).then((redirect) => answer(request, redirect));
}

function answer(request: NextRequest, redirect: NextResponse | null): NextResponse {
  const s = settings();
  const nonce = newNonce();
  const requestId = requestIdFrom(request.headers);
  const csp = pageContentSecurityPolicy({
    nonce,
    development: process.env.NODE_ENV === "development",
    paymentProvider: s.PAYMENT_PROVIDER,
  });
  request.headers.set("x-nonce", nonce);
  request.headers.set("Content-Security-Policy", csp);
  request.headers.set(REQUEST_ID_HEADER, requestId);

  // A path with a file extension (robots.txt, /images/…, /x.php) is no locale route: it is served as is, or answered
  // by the root 404 page, which gets the nonce like any page (Next reads it from the request's CSP).
  const response = FILE_PATH.test(request.nextUrl.pathname)
    ? NextResponse.next({ request: { headers: request.headers } })
    : (redirect ?? handleLocaleRouting(request));

  response.headers.set("Content-Security-Policy", csp);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  // Also set by next.config.ts for every path; repeated here (same values) so a page answer carries them even when
  // Next skips config headers for a proxy redirect.
  for (const { key, value } of COMMON_SECURITY_HEADERS) response.headers.set(key, value);
  const hsts = hstsHeader(s.baseUrl ?? "");
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

/**
 * An old catalog address (a product's id, an earlier slug, the other language's slug) answers 301 to the current one
 * (decision 0370). A failing lookup lets the page answer as usual.
 */
async function catalogAddressRedirect(request: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  const target = await catalogRedirect(pathname, search).catch(() => null);
  return target ? NextResponse.redirect(new URL(target, request.url), 301) : null;
}

export const config = {
  // Everything but API routes, Next internals, uploaded files and optimized pictures (/i/{width}/…, like /_next): running the proxy there would make Next buffer
  // every request body (uploads, webhooks). Those paths get their security headers from next.config.ts, and
  // anything that still lacks them from the web server (scripts/response-headers.mjs).
  matcher: "/((?!api|_next|_vercel|uploads|i/\\d).*)",
};
