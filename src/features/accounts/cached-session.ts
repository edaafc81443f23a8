import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getCookieCache, parseCookies } from "better-auth/cookies";
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
function signedSessionToken(cookieHeader: string, secure: boolean): string | null {
  const value = parseCookies(cookieHeader).get(`${secure ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", authSecret()).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The shopper of a request answered from the signed cookie cache alone — no SQL — or null when it cannot vouch for
 * one (no cookie, a bad signature, older than SESSION_CACHE_SECONDS, the session itself expired, or a cache cookie
 * of another session than the token's): the caller then asks the database as usual. Fails closed: anything this does
 * not recognise is a null, never a shopper.
 */
export async function shopperFromCookieCache(requestHeaders: Headers): Promise<CachedShopper | null> {
  const cookieHeader = requestHeaders.get("cookie");
  if (!cookieHeader || !cookieHeader.includes(`${COOKIE_PREFIX}.session_data`)) return null;
  const secure = secureCookies();
  const token = signedSessionToken(cookieHeader, secure);
  if (!token) return null;
  const cached = await getCookieCache(requestHeaders, { secret: authSecret(), isSecure: secure, strategy: "compact", version: "1" }).catch(() => null);
  if (!cached || cached.session.token !== token) return null;
  const { id, email } = cached.user;
  return typeof id === "string" && typeof email === "string" ? { id, email } : null;
}
