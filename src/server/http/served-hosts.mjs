// Plain JavaScript so that the web server in front of Next (scripts/host-guard.mjs), the settings
// (src/server/env.ts) and the links the app builds (src/server/http/request-origin.ts) apply this one rule.
import { networkInterfaces } from "node:os";

/**
 * Which host names a shop without BASE_URL answers at (docs/product.md#shop-address, decision 0340). Its links
 * (password reset, email verification, order lookup…) are built from the address a request reached, so that address
 * must be one the operator stands behind: a loopback name or address, an address of the server's own network
 * interfaces, or an ALLOWED_HOSTS entry. Anything else in a Host header is someone else's name for the shop.
 */

/** RFC 3986 host[:port]: a name, an IPv4 address or a bracketed IPv6 address; nothing that could smuggle a path. */
const hostPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `host[:port]` as a URL writes it (lower case, IPv4 and IPv6 addresses in their canonical form, no port 80), or
 * null when the value is no host.
 * @param {string | null | undefined} value
 * @returns {URL | null}
 */
function parseHost(value) {
  const host = value?.trim();
  if (!host || !hostPattern.test(host)) return null;
  try {
    return new URL(`http://${host}`);
  } catch {
    return null;
  }
}

/**
 * @param {string | null | undefined} value
 * @returns {string | null}
 */
export function canonicalHost(value) {
  return parseHost(value)?.host ?? null;
}

/**
 * The ALLOWED_HOSTS setting: comma-separated host names or addresses, each optionally with a port (without one, any
 * port). Throws an Error naming the first entry that is not a host.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function parseAllowedHosts(value) {
  const entries = (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries.map((entry) => {
    const host = canonicalHost(entry);
    if (!host) throw new Error(`"${entry.slice(0, 100)}" is not a host name (expected names such as shop.example.com or shop.example.com:8443, no scheme or path)`);
    return host;
  });
}

/**
 * The host a request reached: the first X-Forwarded-Host value when a trusted proxy sets it, otherwise Host; null
 * when it names no host.
 * @param {string | null | undefined} host
 * @param {string | null | undefined} forwardedHost
 * @param {boolean} trustedProxy
 * @returns {string | null}
 */
export function reachedHost(host, forwardedHost, trustedProxy) {
  const forwarded = trustedProxy ? forwardedHost?.split(",")[0]?.trim() : undefined;
  return canonicalHost(forwarded || host);
}

/** localhost, *.localhost, 127.0.0.0/8 and [::1], as a URL writes them. */
function isLoopback(hostname) {
  return hostname === "localhost" || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === "[::1]";
}

/**
 * The addresses of the server's network interfaces, as a URL writes them (IPv6 in brackets, without a zone).
 * @returns {Set<string>}
 */
export function interfaceHostnames() {
  const names = new Set();
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address } of addresses ?? []) {
      const parsed = parseHost(address.includes(":") ? `[${address.split("%")[0]}]` : address);
      if (parsed) names.add(parsed.hostname);
    }
  }
  return names;
}

/** Reading the interfaces costs ~0.1 ms: read again at most once a second (addresses come and go: DHCP, Wi-Fi). */
let recent = { names: new Set(), readAt: -Infinity };
function recentInterfaceHostnames() {
  const now = performance.now();
  if (now - recent.readAt > 1000) recent = { names: interfaceHostnames(), readAt: now };
  return recent.names;
}

/**
 * True when a shop without BASE_URL serves `host` (`host[:port]`): loopback, an address of the server, or an
 * ALLOWED_HOSTS entry (an entry without a port allows every port).
 * @param {string | null | undefined} host
 * @param {readonly string[]} allowedHosts canonical entries (parseAllowedHosts)
 * @param {() => Set<string>} [localHostnames]
 * @returns {boolean}
 */
export function isServedHost(host, allowedHosts, localHostnames = recentInterfaceHostnames) {
  const url = parseHost(host);
  if (!url) return false;
  if (isLoopback(url.hostname)) return true;
  if (allowedHosts.some((entry) => entry === url.host || entry === url.hostname)) return true;
  const ipLiteral = url.hostname.startsWith("[") || /^[\d.]+$/.test(url.hostname);
  return ipLiteral && localHostnames().has(url.hostname);
}
