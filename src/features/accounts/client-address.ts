/**
 * The address a request came from, for rate limiting. `next start` fills X-Forwarded-For from the socket only when
 * the request has none, so a header sent by the client would win: scripts/forwarded-for-guard.cjs removes client
 * values unless TRUSTED_PROXY is set. With a trusted proxy, the proxy appends the address it saw, so the rightmost
 * entry is the one to believe (anything left of it may be made up by the client).
 */
export function clientAddress(headers: Headers, trustedProxy: boolean): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (trustedProxy) return forwarded.at(-1) ?? headers.get("x-real-ip")?.trim() ?? "unknown";
  // Without a trusted proxy only Next's own single value (the socket address) is meaningful.
  return forwarded.length === 1 ? forwarded[0] : "unknown";
}
