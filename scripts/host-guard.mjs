// With BASE_URL unset the shop builds its links (password reset, email verification, order lookup…) from the address
// each request reached, so a request naming another host — `Host: evil.example` — would have it mail links to that
// host carrying valid tokens. The web server sees every request first (pages, /api/auth, server actions, files), so
// it answers any host the shop does not serve with 400 before Next runs (decision 0340; the rule itself:
// src/server/http/served-hosts.mjs). With BASE_URL set every link uses BASE_URL and nothing is checked here.
import { isServedHost, parseAllowedHosts, reachedHost } from "../src/server/http/served-hosts.mjs";
import { serverLog } from "./server-log.mjs";

const MAX_WARNED_HOSTS = 1000;

/**
 * The guard for this process's settings: a function that answers a request for a host the shop does not serve with
 * 400 and returns false, or returns true and leaves the request alone.
 * @param {Record<string, string | undefined>} env
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean}
 */
export function createHostGuard(env = process.env) {
  if (env.BASE_URL) return () => true;
  // Validated with every other setting by the preflight (src/server/env.ts).
  const allowedHosts = parseAllowedHosts(env.ALLOWED_HOSTS);
  const trustedProxy = /^(true|1|yes)$/.test(env.TRUSTED_PROXY ?? "");
  const warned = new Set();

  return function hostIsServed(req, res) {
    const header = (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const host = reachedHost(header("host"), header("x-forwarded-host"), trustedProxy);
    if (host && isServedHost(host, allowedHosts)) return true;
    // Only a well-formed host is repeated back (in plain text); anything else is "this address".
    const shown = host ?? "this address";
    const body = `This shop is not served at ${shown}. The operator can add it to ALLOWED_HOSTS or set BASE_URL.\n`;
    res.writeHead(400, {
      "content-type": "text/plain; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "cache-control": "no-store",
      // The body of the request is not read: the connection closes after this answer instead of draining it.
      connection: "close",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    // One warning per host (not one per request), naming the settings to change if the host is the shop's.
    if (!warned.has(shown) && warned.size < MAX_WARNED_HOSTS) {
      warned.add(shown);
      serverLog("warn", "host.refused", {
        host: shown,
        hint: `BASE_URL is not set and ${shown} is not one of the server's addresses: requests for it are refused. If the shop is served at ${shown}, add it to ALLOWED_HOSTS or set BASE_URL.`,
      });
    }
    return false;
  };
}
