import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { promotionsForProduct } = await import("./automatic-display");

const base = { nameEn: "Autumn", nameEs: "Otoño", kind: "percent" as const, value: 1000, startsAt: null, endsAt: null, productIds: [], categoryIds: [] };

describe("automatic promotions shown on a product", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("shows the ones running now that name the product, one of its categories, or nothing (whole shop)", () => {
    const all = [
      { ...base, id: 1 },
      { ...base, id: 2, categoryIds: ["bags"] },
      { ...base, id: 3, productIds: ["p9"] },
      { ...base, id: 4, startsAt: "2026-11-25T00:00:00Z" },
      { ...base, id: 5, endsAt: "2026-11-24T12:00:00Z" },
    ];
    expect(promotionsForProduct(all, { id: "p1", categoryIds: ["bags"] }, now).map((p) => p.id)).toEqual([1, 2]);
    expect(promotionsForProduct(all, { id: "p9", categoryIds: [] }, now).map((p) => p.id)).toEqual([1, 3]);
  });
});
