import { describe, expect, it } from "vitest";
import { alternatesFor } from "./seo";

describe("alternatesFor", () => {
  it("gives the canonical of the current language and every alternate", () => {
    expect(alternatesFor("/about", "es")).toEqual({
      canonical: "/es/about",
      languages: { en: "/about", es: "/es/about", "x-default": "/about" },
    });
  });

  it("maps the home page to / and /es", () => {
    expect(alternatesFor("/", "en")).toEqual({ canonical: "/", languages: { en: "/", es: "/es", "x-default": "/" } });
  });
});
