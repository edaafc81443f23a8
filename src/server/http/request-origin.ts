import { settings } from "@/server/env";
import { log } from "@/server/log";

/**
 * Which address the shop is served at (docs/product.md#shop-address). With BASE_URL set, that one; without it, the
 * origin each request reached: its Host header, or X-Forwarded-Host/-Proto when TRUSTED_PROXY says a proxy in front
 * sets them (otherwise anyone could claim any host). Next builds `request.url` from its configured host, not from the
 * Host header, so it cannot be used for this.
 */

/** RFC 3986 host[:port]: a name, an IPv4 address or a bracketed IPv6 address; nothing that could smuggle a path. */
const hostPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(value: string | null): string | null {
  const first = value?.split(",")[0]?.trim();
  return first ? first : null;
}

/** The origin the request reached (scheme://host[:port]), or null when its headers name no usable host. */
export function requestOrigin(headers: Headers, trustedProxy: boolean = settings().TRUSTED_PROXY): string | null {
  const forwardedHost = trustedProxy ? firstValue(headers.get("x-forwarded-host")) : null;
  const host = forwardedHost ?? headers.get("host")?.trim() ?? null;
  if (!host || !hostPattern.test(host)) return null;
  const forwardedProto = trustedProxy ? firstValue(headers.get("x-forwarded-proto"))?.toLowerCase() : null;
  // The Node server itself speaks plain HTTP; HTTPS reaches it only through a proxy that says so.
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/** BASE_URL's origin, or null when it is not set. */
export function configuredOrigin(): string | null {
  const { baseUrl } = settings();
  return baseUrl ? new URL(baseUrl).origin : null;
}

/**
 * The base for absolute links (emails, payment return URLs, canonical, sitemap, robots): BASE_URL when set, else the
 * origin of the request that causes them; outside any request, the local address the server listens on.
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
  if (settings().baseUrl) return;
  log.info("settings.base_url_unset", {
    note:
      "BASE_URL is not set: the shop answers at every address it is reached by (localhost, 127.0.0.1, [::1], the server's LAN addresses" +
      (settings().TRUSTED_PROXY ? ", the host a trusted proxy forwards" : "") +
      ") and builds the links in emails, payment pages, canonical tags, sitemap and robots.txt from the address of the request that causes them. Set BASE_URL to the shop's public address to serve it at that one address only.",
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
