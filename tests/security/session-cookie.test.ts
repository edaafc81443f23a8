import { describe, expect, it } from "vitest";
import { parseCookies } from "better-auth/cookies";
// @ts-expect-error plain ESM script without type declarations
import { classifyRequest, hasSessionCookie } from "../../scripts/front-cache.mjs";

/**
 * Issue 15, finding 7: the front cache shares answers only with anonymous visitors, so its test of "has a session
 * cookie" must agree with how better-auth reads the Cookie header. Where better-auth finds a session token and the
 * cache does not, a signed-in page could be stored for everyone (scripts/front-cache.mjs, hasSessionCookie).
 */
const NAMES = ["better-auth.session_token", "__Secure-better-auth.session_token"];
const betterAuthSignedIn = (header: string) => NAMES.some((name) => parseCookies(header).has(name));

const headers = [
  "better-auth.session_token=abc",
  "better-auth.session_token =abc",
  "better-auth.session_token\t=abc",
  " better-auth.session_token=abc",
  "\tbetter-auth.session_token=abc",
  "x=1;better-auth.session_token=abc",
  "x=1 ;  better-auth.session_token  =  abc",
  "x=1;\tbetter-auth.session_token=abc",
  "better-auth.session_token=\"abc\"",
  "__Secure-better-auth.session_token =abc",
  "x=1; __Secure-better-auth.session_token=abc",
  "NEXT_LOCALE=es; better-auth.session_token=abc.def",
  // Not a session to either.
  "better-auth.session_tokenx=abc",
  "xbetter-auth.session_token=abc",
  "better-auth.session_token",
  "NEXT_LOCALE=es",
  "cart=better-auth.session_token=abc",
  "",
];

describe("the front cache's session-cookie test", () => {
  it.each(headers)("attack: cache leak — Cookie %j is signed in to the cache exactly when it is to better-auth", (header) => {
    const signedIn = betterAuthSignedIn(header);
    // Erring towards "signed in" only costs a cache hit; the other way leaks a page.
    if (signedIn) expect(hasSessionCookie(header)).toBe(true);
    const cached = classifyRequest({ method: "GET", url: "/store", headers: { cookie: header } });
    if (signedIn) expect(cached).toBeNull();
  });

  it("the table holds the forms the probe found (\"name =value\") and they are signed in to better-auth", () => {
    expect(betterAuthSignedIn("better-auth.session_token =abc")).toBe(true);
    expect(hasSessionCookie("better-auth.session_token =abc")).toBe(true);
    expect(hasSessionCookie("NEXT_LOCALE=es")).toBe(false);
  });
});
