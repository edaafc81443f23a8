import { describe, expect, it } from "vitest";
import { parseCookies } from "better-auth/cookies";
// @ts-expect-error plain ESM script without type declarations
import { classifyRequest, sharedRequestCookie } from "../../scripts/front-cache.mjs";

/**
 * The front cache shares public answers with signed-in visitors too, so whatever
 * form of the session cookie better-auth would read must never reach the render of a shared answer. The cache does
 * not parse cookies to find sessions (that is how a session once slipped into a shared answer): it renders shared answers with the locale
 * cookie of the key alone (scripts/front-cache.mjs, sharedRequestCookie), and private pages are never shared.
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

describe("the front cache and the session cookie", () => {
  it.each(headers)("attack: cache leak — Cookie %j never reaches the render of a shared page, and never makes a private one shared", (header) => {
    const shared = classifyRequest({ method: "GET", url: "/store", headers: { cookie: header } });
    expect(shared?.kind).toBe("page");
    const rendered = sharedRequestCookie(shared.locale);
    expect(betterAuthSignedIn(rendered ?? "")).toBe(false);
    expect(rendered ?? "").toMatch(/^(NEXT_LOCALE=[^;]*)?$/);
    for (const url of ["/profile", "/es/admin/orders", "/pay/ps_1", "/success?order_id=o1"]) {
      expect(classifyRequest({ method: "GET", url, headers: { cookie: header } }), url).toBeNull();
    }
  });

  it("the table holds the forms the probe found (\"name =value\") and they are signed in to better-auth", () => {
    expect(betterAuthSignedIn("better-auth.session_token =abc")).toBe(true);
    expect(betterAuthSignedIn("NEXT_LOCALE=es; better-auth.session_token=abc.def")).toBe(true);
    expect(sharedRequestCookie(classifyRequest({ method: "GET", url: "/", headers: { cookie: "NEXT_LOCALE=es; better-auth.session_token=abc.def" } }).locale)).toBe("NEXT_LOCALE=es");
  });
});
