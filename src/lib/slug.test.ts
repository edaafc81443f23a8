import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify (docs/product.md#slug-rule)", () => {
  it("follows the category slug rule", () => {
    expect(slugify("  Summer  Bags__2026!! ")).toBe("summer-bags-2026");
    expect(slugify("Home & Garden")).toBe("home-garden");
    expect(slugify("--Watches--")).toBe("watches");
  });
});
