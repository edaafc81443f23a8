import { settings } from "@/server/env";
import { log } from "@/server/log";
import { isServedHost, reachedHost } from "./served-hosts.mjs";

/**
 * Which address the shop is served at (docs/product.md#shop-address). With BASE_URL set, that one; without it, the
 * origin each request reached: its Host header, or X-Forwarded-Host/-Proto when TRUSTED_PROXY says a proxy in front
 * sets them (otherwise anyone could claim any host) — and only when that host is one the shop serves (loopback, an
 * address of the server, an ALLOWED_HOSTS entry; src/server/http/served-hosts.mjs, decision 0340). The web server
 * already refuses other hosts (scripts/host-guard.mjs); checking again here means no link is ever built from a
 * foreign Host, also under `next dev` or if a request got past it. Next builds `request.url` from its configured
 * host, not from the Host header, so it cannot be used for this.
 */

/** The origin the request reached (scheme://host[:port]), or null when its headers name no host the shop serves. */
export function requestOrigin(headers: Headers, trustedProxy: boolean = settings().TRUSTED_PROXY): string | null {
  const host = reachedHost(headers.get("host"), headers.get("x-forwarded-host"), trustedProxy);
  if (!host || !isServedHost(host, settings().ALLOWED_HOSTS)) return null;
  const forwardedProto = trustedProxy ? headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() : null;
  // The Node server itself speaks plain HTTP; HTTPS reaches it only through a proxy that says so.
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return new URL(`${scheme}://${host}`).origin;
}

/** BASE_URL's origin, or null when it is not set. */
export function configuredOrigin(): string | null {
  const { baseUrl } = settings();
  return baseUrl ? new URL(baseUrl).origin : null;
}

/**
 * The base for absolute links (emails, payment return URLs, canonical, sitemap, robots): BASE_URL when set, else the
 * origin of the request that causes them; outside any request, or for a host the shop does not serve, the local
 * address the server listens on (never the foreign host).
 */
export function shopBaseUrl(headers?: Headers | null): string {
  const { baseUrl, PORT } = settings();
  if (baseUrl) return baseUrl;
  return (headers && requestOrigin(headers)) || `http://localhost:${PORT}`;
}

/** shopBaseUrl() for the request being handled (pages, server actions, route handlers). */
export async function currentShopBaseUrl(): Promise<string> {
  if (settings().baseUrl) return shopBaseUrl();
  let current: Headers | null = null;
  try {
    const { headers } = await import("next/headers");
    current = new Headers(await headers());
  } catch {
    // Outside a request (the reservation sweeper, scripts, tests): no request to take the address from.
  }
  return shopBaseUrl(current);
}

/** One line at start-up when BASE_URL is unset, saying what follows from it (docs/product.md#shop-address). */
export function logBaseUrlAtStartup(): void {
  const { baseUrl, TRUSTED_PROXY, ALLOWED_HOSTS } = settings();
  if (baseUrl) return;
  const listed = ALLOWED_HOSTS.length > 0 ? `, ALLOWED_HOSTS (${ALLOWED_HOSTS.join(", ")})` : "";
  log.info("settings.base_url_unset", {
    note:
      `BASE_URL is not set: the shop answers at the server's own addresses (localhost, 127.0.0.1, [::1], its LAN addresses)${listed}` +
      (TRUSTED_PROXY ? " — for a trusted proxy, the host it forwards must be one of these" : "") +
      " and builds the links in emails, payment pages, canonical tags, sitemap and robots.txt from the address of the request that causes them. Requests for any other host name are refused with 400: list the shop's names in ALLOWED_HOSTS, or set BASE_URL to its public address to serve it at that one address only.",
  });
}

const warnedOrigins = new Set<string>();
const MAX_WARNED_ORIGINS = 1000;

/** One warning per refused origin (not one per request), naming the setting to change if the origin is the shop's. */
export function warnRefusedOrigin(origin: string, expected: string): void {
  if (warnedOrigins.has(origin) || warnedOrigins.size >= MAX_WARNED_ORIGINS) return;
  warnedOrigins.add(origin);
  log.warn("origin.refused", {
    origin: origin.slice(0, 200),
    expected,
    hint: `BASE_URL is set to ${expected}: requests from other origins are refused. Open the shop at ${expected}, or change or unset BASE_URL if it is also served at ${origin.slice(0, 200)}.`,
  });
}

/** For tests: forget which origins were already warned about. */
export function resetRefusedOriginWarnings(): void {
  warnedOrigins.clear();
}
