// Security headers on every answer the web server sends, whatever produced it: Next's own 308 trailing-slash
// redirects, files under /_next/static and /public, error pages. Pages and API answers already carry theirs (proxy,
// next.config.ts headers()); this fills in only what is missing, with the same fixed values
// (src/server/security/fixed-headers.json), so no header is ever sent twice (docs/security.md).
import { readFileSync } from "node:fs";

const fixed = JSON.parse(readFileSync(new URL("../src/server/security/fixed-headers.json", import.meta.url), "utf8"));

function headerIn(headers, name) {
  if (!headers) return undefined;
  if (Array.isArray(headers)) {
    // Raw form: [name, value, name, value…] or [[name, value]…].
    const flat = Array.isArray(headers[0]) ? headers.flat() : headers;
    for (let i = 0; i < flat.length; i += 2) if (String(flat[i]).toLowerCase() === name) return flat[i + 1];
    return undefined;
  }
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/**
 * Makes `res` add the missing security headers when its head is written. An HTML answer without a CSP (it did not
 * go through the proxy, so it has no nonce) gets a policy that runs no script at all; anything else gets the
 * locked-down policy of non-documents.
 * @param {import("node:http").ServerResponse} res
 * @param {{ https: boolean }} options
 */
export function secureResponseHeaders(res, options) {
  const writeHead = res.writeHead;
  res.writeHead = function secureWriteHead(statusCode, reason, headers) {
    const given = typeof reason === "string" ? headers : reason;
    const has = (name) => res.hasHeader(name) || headerIn(given, name) !== undefined;
    // Headers passed as an array cannot be merged with set ones by Node; they are left as they are.
    if (!Array.isArray(given)) {
      for (const { key, value } of fixed.common) if (!has(key.toLowerCase())) res.setHeader(key, value);
      if (options.https && !has("strict-transport-security")) res.setHeader("Strict-Transport-Security", fixed.hsts);
      if (!has("content-security-policy")) {
        const type = String(res.getHeader("content-type") ?? headerIn(given, "content-type") ?? "");
        res.setHeader("Content-Security-Policy", /^text\/html/i.test(type) ? fixed.htmlFallbackCsp : fixed.nonDocumentCsp);
      }
    }
    return writeHead.apply(this, arguments);
  };
}
