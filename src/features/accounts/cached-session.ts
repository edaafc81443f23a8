import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { authSecret } from "@/server/auth-secret";
import { settings } from "@/server/env";

/**
 * How long better-auth's signed session cookie (`session_data`, the cookie cache) vouches for a session without the
 * database (decision 0260). A session revoked elsewhere (another device's sign-out, the session list on /profile, a
 * password reset) can still place an order through the storefront API from a browser that holds such a cookie for at
 * most this long; everything else — pages, server actions, the back-office, the account, better-auth's own
 * endpoints — reads the session from the database on every request, as before.
 */
export const SESSION_CACHE_SECONDS = 60;

/** The signed-in shopper as the cookie cache tells it: enough to check out and to pay. */
export type CachedShopper = { id: string; email: string };

const COOKIE_PREFIX = "better-auth";

function secureCookies(): boolean {
  return settings().baseUrl?.startsWith("https://") ?? false;
}

/**
 * better-auth's signed session-token cookie (`token.signature`, HMAC-SHA256 of the token with the auth secret,
 * base64): the token when the signature holds, else null. The same check its get-session makes.
 */
function signedSessionToken(value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  return sameBytes(Buffer.from(value.slice(dot + 1), "base64"), signatureOf(token)) ? token : null;
}

const signatureOf = (value: string) => createHmac("sha256", authSecret()).update(value).digest();

function sameBytes(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type CachedPayload = {
  session?: { token?: unknown; expiresAt?: unknown };
  user?: { id?: unknown; email?: unknown };
  version?: unknown;
};

/**
 * better-auth's "compact" cookie cache: base64url JSON `{ session, expiresAt, signature }`, the signature being
 * HMAC-SHA256 (base64url) of `{ ...session, expiresAt }` with the auth secret — what its getCookieCache checks, done
 * here with node's synchronous HMAC (its WebCrypto import and verify per call were ~2 ms per order under load).
 */
function verifiedCachePayload(value: string): CachedPayload | null {
  let outer: { session?: unknown; expiresAt?: unknown; signature?: unknown };
  try {
    outer = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { session, expiresAt, signature } = outer ?? {};
  if (typeof session !== "object" || session === null || typeof expiresAt !== "number" || typeof signature !== "string") return null;
  if (!sameBytes(Buffer.from(signature, "base64url"), signatureOf(JSON.stringify({ ...session, expiresAt })))) return null;
  return expiresAt < Date.now() ? null : (session as CachedPayload);
}

/**
 * The shopper of a request answered from the signed cookie cache alone — no SQL — or null when it cannot vouch for
 * one (no cookie, a bad signature, older than SESSION_CACHE_SECONDS, the session itself expired, another version of
 * the cache, or a cache cookie of another session than the token's): the caller then asks the database as usual.
 * Fails closed: anything this does not recognise (a chunked cookie, another format) is a null, never a shopper.
 */
export function shopperFromCookieCache(requestHeaders: Headers): CachedShopper | null {
  const cookieHeader = requestHeaders.get("cookie");
  if (!cookieHeader || !cookieHeader.includes(`${COOKIE_PREFIX}.session_data`)) return null;
  const secure = secureCookies();
  const cookies = parseCookies(cookieHeader);
  const token = signedSessionToken(cookies.get(`${secure ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`));
  const data = cookies.get(`${secure ? "__Secure-" : ""}${COOKIE_PREFIX}.session_data`);
  if (!token || !data) return null;
  const cached = verifiedCachePayload(data);
  if (!cached || (cached.version ?? "1") !== "1" || cached.session?.token !== token) return null;
  const sessionEnds = new Date(String(cached.session.expiresAt)).getTime();
  if (!(sessionEnds > Date.now())) return null;
  const { id, email } = cached.user ?? {};
  return typeof id === "string" && typeof email === "string" ? { id, email } : null;
}
