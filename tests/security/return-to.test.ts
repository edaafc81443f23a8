import { describe, expect, it } from "vitest";
import { safeReturnTo } from "@/features/accounts/return-to";

/**
 * The one check of where a sign-in returns to (src/features/accounts/return-to.ts). Each hostile value is also
 * resolved the way a browser would (WHATWG URL parser: tabs and newlines dropped, "\" read as "/"), so the table
 * proves what the check is for: nothing it lets through leads off the page's origin.
 */
const origin = "https://shop.example";

// [case, value, what it may become: null (refused) unless a harmless path of the shop is named].
const hostile: Array<[string, string, string | null] | [string, string]> = [
  ["the probe of the issue: tab between the slashes", "/\t/127.0.0.1:9/pwned"],
  ["newline between the slashes", "/\n/evil.example"],
  ["carriage return between the slashes", "/\r/evil.example"],
  ["CRLF between the slashes", "/\r\n/evil.example"],
  ["tab before the first slash", "\t//evil.example"],
  ["leading space", " //evil.example"],
  ["NUL after the slash", "/\u0000/evil.example"],
  ["vertical tab", "/\u000b/evil.example"],
  ["form feed", "/\u000c/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["C1 next line", "/\u0085/evil.example"],
  ["Unicode line separator", "/\u2028/evil.example"],
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/pwned"],
  ["triple slash", "///evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["double backslash", "\\\\evil.example"],
  ["backslash later in the path", "/a/..\\..\\/evil.example"],
  ["absolute https URL", "https://evil.example/"],
  ["absolute URL with the shop as userinfo", "https://shop.example@evil.example/"],
  ["protocol-relative with userinfo", "//shop.example@evil.example"],
  ["scheme-relative without slashes", "https:evil.example"],
  ["javascript: URL", "javascript:alert(document.domain)"],
  ["javascript: with a leading slash comment trick", "/javascript:alert(1)//\n"],
  ["mixed-case JavaScript:", "JaVaScRiPt:alert(1)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["vbscript: URL", "vbscript:msgbox(1)"],
  ["percent-encoded slash after the slash", "/%2F/evil.example"],
  ["percent-encoded double slash", "/%2f%2fevil.example"],
  ["percent-encoded backslash", "/%5Cevil.example"],
  ["percent-encoded tab", "/%09/evil.example"],
  ["percent-encoded newline", "/%0a/evil.example"],
  ["percent-encoded NUL", "/%00/evil.example"],
  ["IDN host, protocol-relative", "//ехаmple.com"],
  ["IDN full-width solidus host (stays a path of the shop)", "/\uff0f\uff0fevil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
  ["ideographic full stop host", "//evil\u3002example"],
  ["dot-segments climbing to //", "/.//evil.example"],
  ["dot-dot-segments to //", "/a/..//evil.example"],
  ["lone high surrogate", "/\ud800"],
  ["lone low surrogate", "/x\udc00y"],
  ["empty", ""],
  ["no leading slash", "evil.example"],
  ["too long", `/${"a".repeat(3000)}`],
];

describe("safeReturnTo", () => {
  it.each(hostile)("attack: open redirect — returnTo %s never leads off the page's origin", (_name, value, expected = null) => {
    const answer = safeReturnTo(value, origin);
    if (answer !== null) {
      expect(new URL(answer, origin).origin).toBe(origin);
      expect(answer.startsWith("/") && !answer.startsWith("//") && !/[\\\s]/.test(answer)).toBe(true);
    }
    expect(answer).toBe(expected);
  });

  it("keeps the shop's own paths, queries and fragments, normalised", () => {
    expect(safeReturnTo("/profile", origin)).toBe("/profile");
    expect(safeReturnTo("/es/admin/orders?page=2#top", origin)).toBe("/es/admin/orders?page=2#top");
    expect(safeReturnTo("/search?q=a%2Fb", origin)).toBe("/search?q=a%2Fb");
    expect(safeReturnTo("/a/./b/../c", origin)).toBe("/a/c");
    expect(safeReturnTo("/products/café", origin)).toBe("/products/caf%C3%A9");
  });

  it("resolves against the origin it is given, not a fixed one", () => {
    expect(safeReturnTo("/pay/x", "http://localhost:3600")).toBe("/pay/x");
    expect(safeReturnTo("/x", "not a url")).toBeNull();
  });

  it("the probe URL's returnTo, as the browser decodes it from the query string, is refused", () => {
    const params = new URLSearchParams("auth=login&returnTo=%2F%09%2F127.0.0.1%3A9%2Fpwned");
    const value = params.get("returnTo");
    // Why it was an open redirect: the browser resolves it to another host.
    expect(new URL(value!, origin).host).toBe("127.0.0.1:9");
    expect(safeReturnTo(value, origin)).toBeNull();
  });
});
