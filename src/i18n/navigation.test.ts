import { createNavigation } from "next-intl/navigation";
import { describe, expect, it } from "vitest";
import { localizeHref, unprefixedPath, type Href } from "./navigation";
import { locales, routing } from "./routing";

// next-intl's own answers for this routing: the app's navigation replaced its client code (decision 0240).
const reference = createNavigation(routing);

const hrefs: Href[] = [
  "/",
  "/store",
  "/store?page=2&sort=price_asc",
  "/product/abc#reviews",
  "/?auth=login",
  { pathname: "/search", query: { q: "red shoes" } },
  { pathname: "/store", query: { size: ["m", "l"], in_stock: 1 } },
];

describe("locale-aware hrefs", () => {
  it("gives next-intl's path for every language, with and without a forced prefix", () => {
    for (const locale of locales) {
      for (const href of hrefs) {
        expect(localizeHref(href, locale), JSON.stringify({ href, locale })).toBe(reference.getPathname({ href, locale }));
        expect(localizeHref(href, locale, true), JSON.stringify({ href, locale, forcePrefix: true })).toBe(reference.getPathname({ href, locale, forcePrefix: true }));
      }
    }
  });

  it("leaves other addresses as they are", () => {
    for (const href of ["https://example.com/x", "mailto:a@b.c", "#main-content"]) expect(localizeHref(href, "es")).toBe(href);
  });

  it("takes the language prefix off the current path", () => {
    expect(unprefixedPath("/es/store", "es")).toBe("/store");
    expect(unprefixedPath("/es", "es")).toBe("/");
    expect(unprefixedPath("/estate", "es")).toBe("/estate");
    expect(unprefixedPath("/store", "en")).toBe("/store");
  });
});
